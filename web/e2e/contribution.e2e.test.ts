import { describe, expect, it } from 'vitest';
import { type JourneyPage, TEST_CARDS, apiJson, fillCardFields, useBrowser, waitForPaymentSuccess } from './browser';

// A visitor contributes on the home page through the sandbox provider's hosted card fields:
// the card number is typed into the provider's iframes only, the charge runs in the worker.
const { newPage, baseUrl } = await useBrowser();

async function fillContribution({ page }: JourneyPage, amount: { preset: string } | { custom: string }, card: string) {
  await page.goto('/#contribution');
  const form = page.getByRole('form', { name: 'Contribution form' });
  await form.waitFor();
  // The radio itself is visually hidden; a visitor clicks its label, shown as a button.
  if ('preset' in amount) {
    await form
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: amount.preset }) })
      .click();
  } else await form.getByLabel('Other amount').fill(amount.custom);
  await form.getByLabel('First name').fill('Betsy');
  await form.getByLabel('Last name').fill('Ross');
  await form.getByLabel('Email').fill('betsy.ross@example.org');
  await form.getByLabel('Phone').fill('555-010-1776');
  await fillCardFields(page, card);
  return form;
}

describe('contribution on the home page', () => {
  it('contributes $25 once with a test card and lands on the success page', async () => {
    const journey = await newPage();
    const form = await fillContribution(journey, { preset: '$25' }, '4111 1111 1111 1111');
    await form.getByRole('button', { name: 'Contribute $25.00' }).click();
    await journey.page.waitForURL('**/success?type=contribution&amount=25.00', { timeout: 30_000 });
    expect(await journey.page.content()).not.toContain('4111111111111111');
    expect(journey.errors).toEqual([]);
  });

  it('contributes $50 monthly: the server sets up a monthly plan, then the success page', async () => {
    const journey = await newPage();
    const form = await fillContribution(journey, { preset: '$50' }, TEST_CARDS.mastercard);
    // The switch's input is visually hidden; a visitor clicks its label.
    await form
      .locator('label')
      .filter({ has: journey.page.getByRole('switch', { name: /monthly/ }) })
      .click();
    const accepted = journey.page.waitForResponse((r) => r.url().endsWith('/api/donations') && r.status() === 202);
    await form.getByRole('button', { name: 'Contribute $50.00 monthly' }).click();
    const { paymentId } = (await (await accepted).json()) as { paymentId: string };
    await waitForPaymentSuccess(journey.page, '**/success?type=contribution&amount=50.00');
    // The public status names no provider id (docs/decisions/046): the plan shows in its next
    // charge date, which only a plan the provider created has.
    const payment = await apiJson<{ kind: string; state: string; nextPaymentDate: string | null }>(
      baseUrl,
      `/api/payments/${paymentId}`,
    );
    expect(payment).toMatchObject({ kind: 'recurring_donation', state: 'succeeded' });
    // The success page says the gift is monthly and names the plan's next charge date (a month on).
    expect(payment.nextPaymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await journey.page.getByText('Contribution Amount: $50.00').waitFor();
    await journey.page.getByText('This is a monthly contribution.').waitFor();
    const nextCharge = journey.page.locator('time').filter({ hasText: /^Next charge: [A-Z][a-z]+ \d{1,2}, \d{4}$/ });
    expect(await nextCharge.getAttribute('datetime')).toBe(payment.nextPaymentDate);
    // A reload keeps it (the history entry's state); the URL is the product's.
    await journey.page.reload();
    await journey.page.getByText('This is a monthly contribution.').waitFor();
    expect(new URL(journey.page.url()).search).toBe('?type=contribution&amount=50.00');
    expect(journey.errors).toEqual([]);
  });

  it('declines $1.02, then pays another amount with another card on the same page, without reloading', async () => {
    const journey = await newPage();
    const { page } = journey;
    const form = await fillContribution(journey, { custom: '1.02' }, TEST_CARDS.mastercard);
    // Survives only if the page is never reloaded.
    await page.evaluate('window.samePage = true');
    const submit = form.getByRole('button', { name: 'Contribute $1.02' });
    await submit.click();
    await page.getByText('Payment Processing Error', { exact: true }).waitFor({ timeout: 30_000 });
    // The toast carries the provider's reason for the decline.
    const toast = page.locator('li').filter({ hasText: 'Payment Processing Error' });
    expect(await toast.textContent()).toMatch(/declined/i);
    expect(new URL(page.url()).pathname).toBe('/');
    // And it stays beside the card fields, after the toast is gone, until the visitor changes something:
    // that the card was declined, and the provider's reason (GENERIC_DECLINE) in plain words.
    const declined = form.getByRole('group', { name: 'Card details' }).getByRole('alert');
    await declined.waitFor();
    expect(await declined.textContent()).toBe(
      'Your card was declined.The card was declined for an unknown reason. Please contact your card issuer or use another card.',
    );
    await toast.waitFor({ state: 'hidden', timeout: 30_000 });
    expect(await declined.textContent()).toContain('declined for an unknown reason');

    // The fields were cleared and mounted again, as after every answer; the visitor is told, and
    // focus stayed on the button they pressed.
    const note = form.getByRole('status').filter({ hasText: 'the card fields were cleared' });
    await note.waitFor();
    // While the fields mount again the button reads 'Loading secure card fields…', then its amount.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Contribute $1.02');
    expect(await page.locator('#pay-theory-credit-card-number iframe').count()).toBe(1);
    // The fields come from the provider's second origin, which the page's CSP frames.
    const origin = async (selector: string) => new URL((await page.getAttribute(selector, 'src')) ?? '').origin;
    expect(await origin('#pay-theory-credit-card-number iframe')).not.toBe(
      await origin('script[data-card-provider-sdk]'),
    );
    await expect(
      page.frameLocator('#pay-theory-credit-card-number iframe').locator('input').inputValue(),
    ).resolves.toBe('');

    await form.getByLabel('Other amount').fill('26.00');
    // Another amount is a change: the decline was about the attempt before.
    await declined.waitFor({ state: 'detached' });
    await fillCardFields(page, TEST_CARDS.visa);
    // A valid card in the new fields: they are ready, and the note has done its job.
    await note.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Contribute $26.00' }).click();
    await page.waitForURL('**/success?type=contribution&amount=26.00', { timeout: 30_000 });
    expect(await page.evaluate('window.samePage')).toBe(true);
    expect(journey.errors).toEqual([]);
  });
});
