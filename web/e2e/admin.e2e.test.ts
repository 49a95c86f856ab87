import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './axe';
import { fillCardFields, paidRegistrationPath, useBrowser, waitForPaymentSuccess } from './browser';
import { signInAsAdmin } from './routes';

// An administrator's day: sign in, find a fresh contribution among the other records, confirm a
// pending registration, export CSV, visit each page, add an admin who resets a forgotten password
// through the e-mailed link, remove that admin, and sign out.
const { newPage, baseUrl } = await useBrowser();
const admin = inject('e2eAdmin');
const mailboxDir = inject('e2eMailboxDir');

async function contribute(page: Page, firstName: string, amount: string) {
  await page.goto('/#contribution');
  const form = page.getByRole('form', { name: 'Contribution form' });
  await form.getByLabel('Other amount').fill(amount);
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Last name').fill('Journey');
  await form.getByLabel('Email').fill(`${firstName.toLowerCase()}@example.org`);
  await form.getByLabel('Phone').fill('555-010-1776');
  await fillCardFields(page);
  await form.getByRole('button', { name: `Contribute $${amount}` }).click();
  await waitForPaymentSuccess(page, `**/success?type=contribution&amount=${amount}`);
}

/** Closes every open dialog, innermost first, the way a keyboard user would. */
async function closeDialogs(page: Page) {
  for (let open = await page.getByRole('dialog').count(); open > 0; open = await page.getByRole('dialog').count()) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(100);
  }
}

/**
 * The signed-out checks of the app answer 401 by design (GET /api/auth/me); Chromium logs each
 * as a failed resource. Anything else is an error of the page.
 */
const pageErrors = (errors: string[]) => errors.filter((e) => !e.includes('401 (Unauthorized)'));

/** The newest reset link e-mailed to `address`, read from the app's dev mailbox. */
async function resetLinkFor(address: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const files = (await readdir(mailboxDir)).sort().reverse();
    for (const file of files) {
      const mail = (await readFile(join(mailboxDir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!mail.includes(`To: ${address}`)) continue;
      const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no reset e-mail for ${address}`);
}

describe('admin area', () => {
  it('sends a signed-out visitor from /admin to /login', async () => {
    const { page } = await newPage();
    await page.goto('/admin');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('refuses a wrong password with a toast', async () => {
    const { page } = await newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel(/^Password/).fill('not the password at all');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const toast = page.locator('li').filter({ hasText: 'Login Failed' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('finds a fresh contribution among the records of every kind, filters, confirms a pending registration and exports CSV', async () => {
    const journey = await newPage();
    const { page } = journey;
    await contribute(page, 'Deborah', '12.34');

    // A pending registration for a paid event (not paid yet) to confirm.
    await paidRegistrationPath(baseUrl, {
      firstName: 'Crispus',
      lastName: 'Attucks',
      email: 'crispus@example.org',
      phone: '555-010-1770',
    });

    await signInAsAdmin(journey);
    const table = page.getByRole('table');
    await table.waitFor();

    // Search finds the fresh contribution by name.
    const search = page.getByRole('searchbox', { name: 'Search contributors' });
    await search.fill('Deborah');
    await table.getByText('deborah@example.org').waitFor();
    // The server searches after a pause in typing; until its answer the previous rows stay shown.
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').first().textContent()).toContain('12.34');

    // Filter by type: the pending registration, confirmed.
    await search.fill('Attucks');
    await page.getByLabel('Filter by type').selectOption({ label: 'Event Registrations' });
    const row = table.locator('tbody tr').filter({ hasText: 'crispus@example.org' });
    await row.getByText('pending').waitFor();
    await row.getByRole('button', { name: /^Confirm/ }).click();
    await row.getByText('confirmed').waitFor();
    expect(await row.getByRole('button', { name: /^Confirm/ }).count()).toBe(0);

    // The fresh contribution's payment details, then the confirmation in the audit log.
    await search.fill('Deborah');
    await page.getByLabel('Filter by type').selectOption({ label: 'All Types' });
    const deborah = table.locator('tbody tr').filter({ hasText: 'deborah@example.org' });
    await deborah.getByRole('button', { name: /^Payment details/ }).click();
    const details = page.getByRole('dialog', { name: /^Payment details for Deborah/ });
    await details.getByText('Charge attempts').waitFor();
    expect(await details.textContent()).toContain('$12.34');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await page.goto('/admin/audit-log');
    // Words of the action, in any order, find it.
    await page.getByLabel('What (words in the action or record, e.g. refund)').fill('confirmed registration');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('table', { name: 'Audit log entries' }).getByText('registration.confirmed').first().waitFor();
    await page.goto('/admin');
    await table.waitFor();

    // Export CSV of what matches.
    await search.fill('');
    await page.getByLabel('Filter by type').selectOption({ label: 'All Types' });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^contributors-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toBe(
      'First Name,Last Name,Email,Phone,Type,Amount,Payment Method,Recurring,Status,Transaction ID,Details,Date,Processor Status,Review Flag',
    );
    expect(rows.some((line) => line.startsWith('Deborah,Journey,deborah@example.org'))).toBe(true);
    // Each row: its date, then the payment's state at the processor and its review flag (empty when none).
    expect(rows.every((line) => /\d{2}\/\d{2}\/\d{4}"?,[A-Z_]*,[A-Z_]*$/.test(line))).toBe(true);
    expect(pageErrors(journey.errors)).toEqual([]);
  });

  it('opens each admin page, with no serious or critical accessibility violation', async () => {
    const journey = await newPage(1280, { bypassCSP: true });
    const { page } = journey;
    await signInAsAdmin(journey);
    const violations: Record<string, unknown> = {};
    await page.getByRole('table').waitFor();
    const onDashboard = await seriousViolations(page);
    if (onDashboard.length > 0) violations['/admin'] = onDashboard;
    for (const [link, path, heading] of [
      ['Event Registrations', '/admin/events', /Event Registrations/],
      ['Contributors', '/admin/contributors', /Contributors/],
      ['Members', '/admin/members', /Members/],
      ['Audit Log', '/admin/audit-log', /Audit Log/],
    ] as const) {
      await page.goto('/admin');
      await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: link }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const found = await seriousViolations(page);
      if (found.length > 0) violations[path] = found;
    }
    expect(violations).toEqual({});
    expect(pageErrors(journey.errors)).toEqual([]);
  });

  it('adds an admin who resets a forgotten password by e-mail, removes them, and signs out', async () => {
    const journey = await newPage();
    const { page } = journey;
    await signInAsAdmin(journey);
    const newcomer = { email: `newcomer-${Date.now()}@example.org`, password: 'first day passphrase' };

    await page.getByRole('button', { name: 'Manage Admins' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(newcomer.email);
    await dialog.getByLabel(/^Password/).fill(newcomer.password);
    await dialog.getByLabel('First name').fill('Nancy');
    await dialog.getByRole('button', { name: 'Create Admin' }).click();
    await dialog.getByText(newcomer.email).first().waitFor();
    await closeDialogs(page);

    // The newcomer forgets the password at once.
    const visitor = await newPage();
    await visitor.page.goto('/forgot-password');
    await visitor.page.getByLabel('Email').fill(newcomer.email);
    await visitor.page.getByRole('button', { name: 'Send Reset Link' }).click();
    await visitor.page.getByText('Check Your Email').first().waitFor();
    const link = new URL(await resetLinkFor(newcomer.email));
    // The link is on the canonical host; follow it here.
    await visitor.page.goto(`${link.pathname}${link.search}`);
    await visitor.page.getByLabel(/^New Password/).fill('a passphrase of my own');
    await visitor.page.getByLabel(/^Confirm New Password/).fill('a passphrase of my own');
    await visitor.page.getByRole('button', { name: 'Reset Password' }).click();
    await visitor.page.getByText('Password Reset Complete!').waitFor();
    await visitor.page.waitForURL('**/login', { timeout: 10_000 });
    await signInAsAdmin(visitor, { username: newcomer.email, password: 'a passphrase of my own' });

    // The first admin removes the newcomer.
    await page.reload();
    await page.getByRole('button', { name: 'Manage Admins' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Delete ${newcomer.email}` })
      .click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog').last());
    await confirm.getByText('Are you sure you want to delete this admin user? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.locator('li').filter({ hasText: 'Admin Deleted' }).waitFor();
    await closeDialogs(page);

    // Sign out, and /admin sends back to /login.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto('/admin');
    await page.waitForURL('**/login');
    expect(pageErrors(journey.errors)).toEqual([]);
  });

  it('shows the queue monitor to a signed-in admin, under its Content-Security-Policy without a violation', async () => {
    const journey = await newPage();
    await signInAsAdmin(journey);
    journey.errors.length = 0;
    const answer = await journey.page.goto('/admin/queues');
    expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await journey.page.getByText('charges').first().waitFor();
    await journey.page.getByText('email').first().waitFor();
    expect(journey.errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
  });
});
