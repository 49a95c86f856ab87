import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { fillCardFields, registerThroughApi, useBrowser, waitForPaymentSuccess } from './browser';
import { Mailbox } from './mailbox';
import { signInAsAdmin } from './routes';

// An event cancelled with its refunds (docs/decisions/050): the admin publishes a paid event, one
// visitor pays for a place and another registers without paying; the admin cancels it after one
// confirmation stating the refund, watches the refund done on the event's page, and each
// registrant's e-mail says the event is cancelled, the payer's that $30.00 is on its way.
const { newPage, baseUrl } = await useBrowser();
const mailbox = new Mailbox(inject('e2eMailboxDir'));

/** The signed-out checks answer 401 by design (GET /api/auth/me). */
const pageErrors = (errors: string[]) => errors.filter((e) => !e.includes('401 (Unauthorized)'));

describe('cancelling an event', () => {
  it('refunds the paid registration, shows the refund done, and tells each registrant', async () => {
    const office = await newPage(1280);
    const { page } = office;
    await signInAsAdmin(office);
    await page.goto('/admin/events/manage/new');
    const title = `Harvest Supper ${randomUUID().slice(0, 6)}`;
    const slug = title.toLowerCase().replace(/ /g, '-');
    const form = page.getByRole('form', { name: 'Event editor' });
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Starts/).fill('2030-10-31T18:00');
    await form.getByLabel(/^Ends/).fill('2030-10-31T21:00');
    await form.getByLabel(/^Location/).fill('Liberty Hall, Philadelphia');
    await form.getByLabel('Registration requires payment').check();
    await form.getByLabel(/^Price/).fill('30');
    await form.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/admin\/events\/manage\/[0-9a-f-]{36}$/);
    const editorUrl = page.url();

    // John pays for his place.
    const payer = `john-${slug}@example.org`;
    const visitor = await newPage();
    await visitor.page.goto(`/events/${slug}`);
    const registration = visitor.page.getByRole('form', { name: /registration/i });
    await registration.getByLabel('First name').fill('John');
    await registration.getByLabel('Last name').fill('Hancock');
    await registration.getByLabel('Email').fill(payer);
    await registration.getByLabel('Phone').fill('555-010-1776');
    await registration.getByRole('button', { name: 'Continue to Payment' }).click();
    await visitor.page.waitForURL(new RegExp(`/events/${slug}/payment/[0-9a-f-]{36}$`));
    await fillCardFields(visitor.page);
    await visitor.page.getByRole('button', { name: 'Pay $30.00' }).click();
    await waitForPaymentSuccess(visitor.page, /\/success\?type=event&amount=30\.00/);
    await mailbox.waitFor(payer, /^Receipt .* for your registration fee/);

    // Abigail registers and pays nothing.
    const free = `abigail-${slug}@example.org`;
    await registerThroughApi(baseUrl, slug, {
      firstName: 'Abigail',
      lastName: 'Adams',
      email: free,
      phone: '555-010-1776',
    });

    // One confirmation, stating what will be refunded.
    await page.goto(editorUrl);
    await page.getByRole('button', { name: 'Cancel event' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this event?' });
    await dialog.getByText(/^1 paid registration will be refunded \$30\.00 in all/).waitFor();
    expect(await dialog.textContent()).toContain('Every registrant (2) will be e-mailed that the event is cancelled');
    await dialog.getByRole('button', { name: 'Cancel event and refund $30.00' }).click();
    await page.getByText('Event cancelled', { exact: true }).first().waitFor();

    // The progress, read again while the refund is under way, shows it done.
    const progress = page.getByRole('region', { name: 'Refunds of this cancellation' });
    await progress.getByText('1 of 1 refunds done').waitFor({ timeout: 30_000 });
    expect(await progress.textContent()).toContain('$30.00 refunded so far.');
    expect(await progress.textContent()).toContain('John Hancock');
    expect(await progress.textContent()).toContain('Refunded');

    // Each registrant is told; the payer that the refund is on its way, with its amount.
    const toPayer = await mailbox.waitFor(payer, new RegExp(`^Cancelled: ${title}$`));
    expect(toPayer.text).toContain('Your refund of $30.00 is on its way to the card you paid with');
    const toFree = await mailbox.waitFor(free, new RegExp(`^Cancelled: ${title}$`));
    expect(toFree.text).toContain('has been cancelled and will not take place');
    expect(toFree.text).not.toContain('refund');

    // The public page says it was cancelled.
    await visitor.page.goto(`/events/${slug}`);
    await visitor.page
      .getByRole('heading', { name: /cancelled/i })
      .first()
      .waitFor();
    expect(pageErrors(office.errors)).toEqual([]);
    expect(pageErrors(visitor.errors)).toEqual([]);
  });
});
