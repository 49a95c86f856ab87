import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { JourneyPage } from './browser';

/** The public pages the server draws and the browser then hydrates: one of each kind, and a missing article. */
export const HYDRATED_PATHS = [
  '/',
  '/about',
  '/membership',
  '/privacy-policy',
  '/news/memorial-day-tribute',
  '/events/flag-retirement-ceremony',
  '/success?type=contribution&amount=25.00',
  '/news/no-such-article',
] as const;

/** Every public page a visitor reaches without a payment or a link of their own, and two that do not exist. */
export const PUBLIC_PATHS = [
  ...HYDRATED_PATHS,
  '/events/seven-pillars-leadership-summit',
  '/login',
  '/forgot-password',
  '/reset-password?token=journey-token',
  '/manage',
  '/manage/statement/2026',
  '/no/such/page',
] as const;

/** Every admin page that needs no record of its own (detail pages take an id). */
export const ADMIN_PATHS = [
  '/admin',
  '/admin/audit-log',
  '/admin/contributors',
  '/admin/deposits',
  '/admin/events',
  '/admin/members',
  '/admin/news/new',
  '/admin/reconciliation',
] as const;

/**
 * Signs the journey's page in as an admin, landing on the dashboard: by default the admin the app
 * created at start.
 */
export async function signInAsAdmin(
  { page }: JourneyPage,
  credentials: { username: string; password: string } = inject('e2eAdmin'),
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel(/^Password/).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin');
  await page.getByText(`Welcome, ${credentials.username}`).waitFor();
}

/**
 * The dashboard row of the record with this e-mail, searched for again until its Status cell reads
 * `state` exactly: the worker moves a record on after the request that asked for it.
 */
export async function dashboardRow(page: Page, email: string, state: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto('/admin');
    await page.getByRole('searchbox', { name: 'Search contributors' }).fill(email);
    const row = page.getByRole('table').locator('tbody tr').filter({ hasText: email });
    await row.waitFor();
    const badge = row.locator('[data-tone]');
    if ((await badge.textContent()) === state) return row;
    if (Date.now() > deadline) throw new Error(`${email} never read ${state}: ${await row.textContent()}`);
    await page.waitForTimeout(500);
  }
}
