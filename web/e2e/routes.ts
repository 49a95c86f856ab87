import { inject } from 'vitest';
import type { JourneyPage } from './browser';

/** Every public page a visitor reaches without a payment or a link of their own, and two that do not exist. */
export const PUBLIC_PATHS = [
  '/',
  '/about',
  '/membership',
  '/privacy-policy',
  '/news/memorial-day-tribute',
  '/events/flag-retirement-ceremony',
  '/events/seven-pillars-leadership-summit',
  '/success?type=contribution&amount=25.00',
  '/login',
  '/forgot-password',
  '/reset-password?token=journey-token',
  '/manage',
  '/manage/statement/2026',
  '/news/no-such-article',
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
