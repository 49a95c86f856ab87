import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type JourneyPage, fillCardFields, useBrowser, waitForPaymentSuccess } from './browser';

// A visitor joins at $25/month: reads the liability waiver to the end, accepts it, pays in the
// sandbox provider's hosted fields and lands on the success page. Without the waiver nothing
// is charged.
const { newPage } = await useBrowser();

// Strings, because this program is type-checked for Node, not the DOM.
const AGREEMENT = "document.querySelector('[role=dialog] [role=region]')";

/** Scrolls the waiver's agreement box to its end, as a reader would. */
function scrollToEnd(page: Page) {
  return page.evaluate(`(() => { const box = ${AGREEMENT}; box.scrollTo({ top: box.scrollHeight }); })()`);
}

async function fillMembership({ page }: JourneyPage) {
  await page.goto('/membership');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByLabel('First name').fill('Mercy');
  await page.getByLabel('Last name').fill('Warren');
  await page.getByLabel('Email').fill('mercy.warren@example.org');
  await fillCardFields(page);
}

describe('membership', () => {
  it('accepts the waiver after scrolling it to the end, pays $25/month and reaches success', async () => {
    const journey = await newPage();
    const { page } = journey;
    await fillMembership(journey);

    await page
      .getByRole('button', { name: /waiver/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const accept = dialog.getByRole('button', { name: 'Scroll to Bottom First' });
    expect(await accept.isDisabled()).toBe(true);
    const agreement = dialog.getByRole('region');
    expect(await page.evaluate<string>(`getComputedStyle(${AGREEMENT}).maxHeight`)).toBe('450px');
    // The agreement has the spec's nine sections.
    expect(await agreement.getByRole('heading').count()).toBe(9);

    await scrollToEnd(page);
    await dialog.getByRole('button', { name: 'Accept Waiver' }).click();
    await page.getByText('Liability waiver accepted').waitFor();
    await page.getByRole('button', { name: 'Review Again' }).waitFor();

    const submit = page.getByRole('button', { name: /^Join .+ - \$25\/month$/ });
    await submit.click();
    await waitForPaymentSuccess(page, '**/success?type=membership');
    await page.getByText('Monthly Membership: $25.00').waitFor();
    // The plan's next charge date, handed over in the history state (the URL is the product's).
    await page
      .locator('time')
      .filter({ hasText: /^Next charge: [A-Z][a-z]+ \d{1,2}, \d{4}$/ })
      .waitFor();
    expect(journey.errors).toEqual([]);
  });

  it('refuses to pay without the waiver, and Decline keeps it unread', async () => {
    const journey = await newPage(375);
    const { page } = journey;
    await fillMembership(journey);

    const submit = page.getByRole('button', { name: /^Join .+ - \$25\/month$/ });
    let charged = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/process-membership-payment')) charged = true;
    });
    await submit.click();
    const toast = page.locator('li').filter({ hasText: 'Waiver Required' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(
      'You must read and accept the liability waiver before proceeding with payment.',
    );
    await page.getByText('You must read and accept the liability waiver to proceed').waitFor();

    // Scrolled to the end, then declined: reopening starts unread again.
    await page
      .getByRole('button', { name: /waiver/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('region').waitFor();
    await scrollToEnd(page);
    await dialog.getByRole('button', { name: 'Accept Waiver' }).waitFor();
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: /waiver/i })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Scroll to Bottom First' }).waitFor();

    expect(charged).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/membership');
    expect(journey.errors).toEqual([]);
  });
});
