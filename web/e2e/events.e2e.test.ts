import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { type JourneyPage, fillCardFields, useBrowser, waitForPaymentSuccess } from './browser';

// Event-goers register for the seeded events: a free one, and the tiered summit paid through the
// payment page with the sandbox provider's hosted card fields.
const { newPage } = await useBrowser();

async function fillRegistration({ page }: JourneyPage) {
  const form = page.getByRole('form', { name: /registration/i });
  await form.waitFor();
  await form.getByLabel('First name').fill('Paul');
  await form.getByLabel('Last name').fill('Revere');
  await form.getByLabel('Email').fill('paul.revere@example.org');
  await form.getByLabel('Phone').fill('555-010-1775');
  return form;
}

describe('event registration', () => {
  it('registers for a free event and lands on the success page naming it', async () => {
    const journey = await newPage();
    const { page } = journey;
    await page.goto('/events/flag-retirement-ceremony');
    await page.getByRole('heading', { level: 1, name: 'Community Flag Retirement Ceremony' }).waitFor();
    expect(await page.getByText(/ET/).first().textContent()).toMatch(/\d{1,2}:\d{2} [AP]M.*ET/);

    const form = await fillRegistration(journey);
    // A free event offers no ticket types.
    expect(await form.getByRole('radio').count()).toBe(0);
    await form.getByRole('button', { name: 'Complete Registration' }).click();

    await page.waitForURL(/\/success\?type=event&amount=0\.00&event=Community%20Flag%20Retirement%20Ceremony$/);
    await page.getByText('Free Event Registration').waitFor();
    expect(journey.errors).toEqual([]);
  });

  it('shows the spec’s messages for an empty form and registers nothing', async () => {
    const { page, errors } = await newPage(375);
    await page.goto('/events/flag-retirement-ceremony');
    const form = page.getByRole('form', { name: /registration/i });
    await form.getByRole('button', { name: 'Complete Registration' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Please enter a valid email address',
      'Please enter a valid phone number',
    ]) {
      await form.getByText(message).waitFor();
    }
    expect(new URL(page.url()).pathname).toBe('/events/flag-retirement-ceremony');
    expect(errors).toEqual([]);
  });

  it('pays the VIP tier of the summit through the payment page and reaches success', async () => {
    const journey = await newPage();
    const { page } = journey;
    await page.goto('/events/seven-pillars-leadership-summit');
    const form = await fillRegistration(journey);

    // The first tier is chosen and its benefits shown; VIP is badged POPULAR and priced without cents.
    const general = form.getByRole('radio', { name: /General Admission/ });
    expect(await general.isChecked()).toBe(true);
    await form.getByText('Entry to all keynote sessions').waitFor();
    const vipOption = form.locator('label').filter({ hasText: 'VIP Pass' });
    expect(await vipOption.textContent()).toContain('POPULAR');
    expect(await vipOption.textContent()).toContain('$125');
    expect(await vipOption.textContent()).not.toContain('$125.00');
    await vipOption.click();
    await form.getByText('Private breakfast with the keynote speakers').waitFor();
    expect(await form.getByText('Entry to all keynote sessions').isVisible()).toBe(false);

    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/events\/seven-pillars-leadership-summit\/payment\/[0-9a-f-]{36}$/);

    // The fee comes from the server: the VIP price.
    await page.getByText('$125.00').first().waitFor();
    // Opened again in this tab without the navigation's state, the payer's details are still there.
    const paymentUrl = page.url();
    await page.goto(paymentUrl);
    const payer = page.getByRole('form', { name: 'Event payment form' });
    await payer.waitFor();
    expect(await payer.getByLabel('Email').inputValue()).toBe('paul.revere@example.org');
    expect(await payer.getByLabel('Phone').inputValue()).toBe('555-010-1775');
    await fillCardFields(page);
    await page.getByRole('button', { name: 'Pay $125.00' }).click();
    await waitForPaymentSuccess(page, /\/success\?type=event&amount=125\.00&event=/);
    await page.getByText('Registration Fee: $125.00').waitFor();

    // Back on its payment page once the worker marked it paid: no card form, a sentence and a way back.
    const nothingToPay = page.getByRole('heading', { level: 2, name: 'Registration Already Paid' });
    await expect
      .poll(
        async () => {
          await page.goto(paymentUrl);
          await page
            .getByRole('heading', { level: 2, name: /Registration Already Paid|Payment Information/ })
            .waitFor();
          return nothingToPay.isVisible();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'already been paid' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
    expect(await page.locator('#pay-theory-credit-card-number').count()).toBe(0);
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Registration Already Paid');
    // Another browser (no payer details in it) sees the same page; axe needs the CSP bypassed.
    const other = await newPage(1280, { bypassCSP: true });
    await other.page.goto(paymentUrl);
    await other.page.getByRole('heading', { level: 2, name: 'Registration Already Paid' }).waitFor();
    expect(await seriousViolations(other.page)).toEqual([]);
    expect(other.errors).toEqual([]);
    expect(journey.errors).toEqual([]);
  });

  it('sends a free event’s payment page back to the event', async () => {
    const { page, errors } = await newPage();
    await page.goto('/events/flag-retirement-ceremony/payment/1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b');
    await page.waitForURL('**/events/flag-retirement-ceremony');
    // The page asks for the (made-up) registration while it learns the event is free.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});

describe('event not-found states', () => {
  it('shows Event Not Found for an unknown event', async () => {
    const { page } = await newPage();
    await page.goto('/events/no-such-event');
    await page.getByRole('heading', { name: 'Event Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/#events');
  });

  it('shows the payment page’s not-found text for an unknown registration', async () => {
    const { page } = await newPage();
    await page.goto('/events/seven-pillars-leadership-summit/payment/1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b');
    await page.getByText("We couldn't find the event or registration you're looking for.").waitFor();
    expect(await page.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/events');
  });
});
