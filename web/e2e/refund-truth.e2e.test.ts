import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { contribute, useBrowser } from './browser';
import { Mailbox, linkIn } from './mailbox';
import { dashboardRow, signInAsAdmin } from './routes';

// Every amount and state a refund leaves is true (docs/decisions/052-what-a-record-says.md): a $25
// gift, $5 of it refunded by an admin, then the rest; the donor's e-mails, the dashboard row, the
// CSV and the donor's manage page each say what happened to the money.
const { newPage } = await useBrowser();
const mailbox = new Mailbox(inject('e2eMailboxDir'));

/** The signed-out checks answer 401 by design (GET /api/auth/me, GET /api/manage). */
const pageErrors = (errors: string[]) => errors.filter((e) => !e.includes('401 (Unauthorized)'));

/** The Status cell of the record's line in the CSV the dashboard exports for this search. */
async function csvStatus(page: Page, email: string): Promise<string | undefined> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const status = header?.split(',').indexOf('Status') ?? -1;
  return lines.find((line) => line.includes(email))?.split(',')[status];
}

/** Opens the row's payment details and refunds `amount` of its $25.00 charge. */
async function refund(page: Page, email: string, state: string, amount: string) {
  const row = await dashboardRow(page, email, state);
  await row.getByRole('button', { name: /^Payment details/ }).click();
  const details = page.getByRole('dialog', { name: /^Payment details for Abigail/ });
  await details.getByRole('button', { name: /^Refund the charge of \$25\.00/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Refund a charge' });
  await dialog.getByLabel('Amount to refund (dollars)').fill(amount);
  await dialog.getByText(`Refund $${amount} to Abigail Adams?`).waitFor();
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await page.getByText('Refund queued', { exact: true }).first().waitFor();
  await page.keyboard.press('Escape');
}

describe('a refund, as everyone is told it', () => {
  it('a $25 gift refunded $5, then the rest: e-mails, dashboard, CSV and the manage page say so', async () => {
    const donor = await newPage();
    const email = `abigail-${Date.now()}@example.org`;
    await contribute(donor.page, {
      preset: '$25',
      amount: '25.00',
      firstName: 'Abigail',
      lastName: 'Adams',
      email,
      phone: '555-010-1744',
    });
    const receipt = await mailbox.waitFor(email, /^Receipt .* for your contribution/);

    // $5 back: the e-mail says what was refunded and what remains; the row and the CSV say partly.
    const office = await newPage(1280);
    await signInAsAdmin(office);
    await refund(office.page, email, 'Completed', '5.00');
    const partial = await mailbox.waitFor(email, /refunded \$5\.00 to you/);
    expect(partial.text).toMatch(/Amount refunded:\s+\$5\.00/);
    expect(partial.text).toMatch(/Remaining payment:\s+\$20\.00/);
    expect(partial.text).toMatch(/Payment status:\s+Partly refunded/);
    await dashboardRow(office.page, email, 'Partly refunded');
    expect(await csvStatus(office.page, email)).toBe('Partly refunded');

    // The other $20: refunded whole, everywhere.
    await refund(office.page, email, 'Partly refunded', '20.00');
    const whole = await mailbox.waitFor(email, /refunded \$20\.00 to you/);
    expect(whole.text).toMatch(/Refunded in all:\s+\$25\.00/);
    expect(whole.text).toMatch(/Remaining payment:\s+\$0\.00/);
    expect(whole.text).toMatch(/Payment status:\s+Refunded/);
    await dashboardRow(office.page, email, 'Refunded');
    expect(await csvStatus(office.page, email)).toBe('Refunded');

    // The donor's own page: the gift reads Refunded, with what was given back.
    await donor.page.goto(linkIn(receipt, '/manage'));
    await donor.page.getByRole('heading', { name: 'Your giving' }).waitFor();
    const gifts = donor.page.getByRole('table', { name: 'Contributions' });
    const gift = gifts.locator('tbody tr').first();
    const cells = await gift.getByRole('cell').allTextContents();
    expect(cells).toContain('Refunded');
    expect(cells.some((cell) => cell.includes('$25.00') && cell.includes('$25.00 refunded'))).toBe(true);
    expect(cells).not.toContain('Cancelled');
    expect(pageErrors(donor.errors)).toEqual([]);
    expect(pageErrors(office.errors)).toEqual([]);
  });
});
