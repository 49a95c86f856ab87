import { describe, expect, inject, it } from 'vitest';
import { contribute, fillCardFields, useBrowser, waitForPaymentSuccess } from './browser';
import { Mailbox, linkIn } from './mailbox';
import { dashboardRow, signInAsAdmin } from './routes';

// What follows a payment, as the people involved live it: the donor's receipt and "Manage your
// giving" link, a monthly gift cancelled by the donor and seen ended by the admin; an event-goer's
// confirmation with its calendar file, and a refund of half the fee with its own receipt.
const { newPage } = await useBrowser();
const mailbox = new Mailbox(inject('e2eMailboxDir'));

/** A fresh address per run, so the mailbox and the admin's search find this journey's records only. */
const addressFor = (name: string) => `${name}-${Date.now()}@example.org`;

/** The signed-out checks answer 401 by design (GET /api/auth/me, GET /api/manage). */
const pageErrors = (errors: string[]) => errors.filter((e) => !e.includes('401 (Unauthorized)'));

describe('after the payment', () => {
  it('a monthly gift: receipt by e-mail, cancelled through its Manage your giving link, ended in the admin with the audit entry', async () => {
    const donor = await newPage();
    const email = addressFor('martha');
    await contribute(donor.page, {
      preset: '$25',
      amount: '25.00',
      firstName: 'Martha',
      lastName: 'Washington',
      email,
      phone: '555-010-1789',
      monthly: true,
    });

    // The receipt: the amount, the legal acknowledgment, and the way to manage the gift.
    const receipt = await mailbox.waitFor(email, /^Receipt .* for your contribution/);
    expect(receipt.text).toContain('$25.00');
    expect(receipt.text).toContain('No goods or services were provided in exchange for this contribution.');
    expect(receipt.text).toMatch(/EIN/);
    expect(receipt.html).toContain('Manage your giving');

    // The link opens the donor's page once, without a password; the gift is cancelled there.
    await donor.page.goto(linkIn(receipt, '/manage'));
    await donor.page.getByRole('heading', { name: 'Your giving' }).waitFor();
    expect(new URL(donor.page.url()).search).toBe('');
    await donor.page.getByRole('button', { name: 'Cancel monthly gift' }).click();
    const confirm = donor.page.getByRole('alertdialog', { name: 'Cancel your monthly gift?' });
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await donor.page.getByText('Cancellation requested').first().waitFor();
    // The worker ends the plan at the provider and tells the donor.
    await mailbox.waitFor(email, /^Your .* has ended$/);

    // The admin sees the gift cancelled, the plan ended in its payment details, and who asked.
    const office = await newPage(1280);
    await signInAsAdmin(office);
    const row = await dashboardRow(office.page, email, 'Cancelled');
    await row.getByRole('button', { name: /^Payment details/ }).click();
    const details = office.page.getByRole('dialog', { name: /^Payment details for Martha/ });
    await details.getByText('Plan cancelled').waitFor();
    expect(await details.textContent()).toContain('the donor');
    expect(await details.textContent()).not.toContain('Not cancelled');
    await office.page.keyboard.press('Escape');
    await office.page.goto('/admin/audit-log');
    await office.page.getByLabel('What (words in the action or record, e.g. refund)').fill('plan-cancel');
    await office.page.getByRole('button', { name: 'Apply filters' }).click();
    await office.page
      .getByRole('table', { name: 'Audit log entries' })
      .getByText('payment.plan-cancel-requested')
      .first()
      .waitFor();
    expect(pageErrors(donor.errors)).toEqual([]);
    expect(pageErrors(office.errors)).toEqual([]);
  });

  it('a paid registration: confirmation with an .ics, half refunded by the admin, a refund row and a refund receipt', async () => {
    const goer = await newPage();
    const email = addressFor('paul');
    await goer.page.goto('/events/seven-pillars-leadership-summit');
    const form = goer.page.getByRole('form', { name: /registration/i });
    await form.getByLabel('First name').fill('Paul');
    await form.getByLabel('Last name').fill('Revere');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('555-010-1775');
    await form.locator('label').filter({ hasText: 'VIP Pass' }).click();
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await goer.page.waitForURL(/\/events\/seven-pillars-leadership-summit\/payment\/[0-9a-f-]{36}$/);
    await fillCardFields(goer.page);
    await goer.page.getByRole('button', { name: 'Pay $125.00' }).click();
    await waitForPaymentSuccess(goer.page, /\/success\?type=event&amount=125\.00&event=/);

    // The confirmation carries the event in a calendar file.
    const confirmation = await mailbox.waitFor(email, /^You are registered: .*Seven Pillars/);
    const calendar = confirmation.attachments.find((file) => file.mimeType.startsWith('text/calendar'));
    expect(calendar?.mimeType).toMatch(/^text\/calendar/);
    const ics = typeof calendar?.content === 'string' ? calendar.content : new TextDecoder().decode(calendar?.content);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(/SUMMARY:.*Seven Pillars/);
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    // And the fee's receipt states it as a fee.
    const receipt = await mailbox.waitFor(email, /^Receipt .* for your registration fee/);
    expect(receipt.text).toContain('$125.00');

    // The admin refunds half of the fee from the registration's payment details.
    const office = await newPage(1280);
    await signInAsAdmin(office);
    const row = await dashboardRow(office.page, email, 'Paid');
    await row.getByRole('button', { name: /^Payment details/ }).click();
    const details = office.page.getByRole('dialog', { name: /^Payment details for Paul/ });
    await details.getByRole('button', { name: /^Refund the charge of \$125\.00/ }).click();
    const refund = office.page.getByRole('alertdialog', { name: 'Refund a charge' });
    const amount = refund.getByLabel('Amount to refund (dollars)');
    await amount.fill('62.50');
    await refund.getByText(/^Refund \$62\.50 to Paul Revere\?$/).waitFor();
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await office.page.getByText('Refund queued', { exact: true }).first().waitFor();

    // The refund receipt arrives once the worker has made the reversal; the payment details list it.
    const refundReceipt = await mailbox.waitFor(email, /refunded \$62\.50/);
    expect(refundReceipt.text).toContain('$62.50');
    expect(refundReceipt.text).toContain('$125.00');
    await office.page.keyboard.press('Escape');
    await office.page.keyboard.press('Escape');
    // The row says what happened to the money: half of it was given back.
    const after = await dashboardRow(office.page, email, 'Partly refunded');
    await after.getByRole('button', { name: /^Payment details/ }).click();
    await office.page
      .getByRole('dialog', { name: /^Payment details for Paul/ })
      .getByText(/^\$62\.50: succeeded/)
      .waitFor();
    expect(pageErrors(goer.errors)).toEqual([]);
    expect(pageErrors(office.errors)).toEqual([]);
  });
});
