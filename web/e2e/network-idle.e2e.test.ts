import { describe, expect, inject, it } from 'vitest';
import { type JourneyPage, paidRegistrationPath, useBrowser } from './browser';

// Every page finishes loading: no request of its own is left open (an answer whose body the page
// never read kept the browser's request loading forever), so the network goes idle.
const { newPage, baseUrl } = await useBrowser();
const admin = inject('e2eAdmin');

/** Idle: no request for 500 ms (Playwright's rule). Bound well above any page's load here. */
const IDLE_WITHIN_MS = 20_000;

const PUBLIC_PATHS = [
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
];

const ADMIN_PATHS = [
  '/admin',
  '/admin/audit-log',
  '/admin/contributors',
  '/admin/deposits',
  '/admin/events',
  '/admin/members',
  '/admin/news/new',
  '/admin/reconciliation',
];

const eventPaymentPath = () =>
  paidRegistrationPath(baseUrl, { firstName: 'Idle', lastName: 'Visitor', email: 'idle.visitor@example.org' });

/** The paths whose page did not reach network idle within the bound. */
async function notIdle({ page }: JourneyPage, paths: readonly string[]): Promise<string[]> {
  const stuck: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    const idle = await page.waitForLoadState('networkidle', { timeout: IDLE_WITHIN_MS }).then(
      () => true,
      () => false,
    );
    if (!idle) stuck.push(path);
  }
  return stuck;
}

describe('network idle', () => {
  it('reaches network idle on every public page and every admin page, signed out', async () => {
    const journey = await newPage();
    const paths = [...PUBLIC_PATHS, await eventPaymentPath(), ...ADMIN_PATHS];
    expect(await notIdle(journey, paths)).toEqual([]);
  });

  it('reaches network idle on every public page and every admin page, signed in', async () => {
    const journey = await newPage();
    const { page } = journey;
    await page.goto('/login');
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel(/^Password/).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(`Welcome, ${admin.username}`).waitFor();
    const paths = [...ADMIN_PATHS, ...PUBLIC_PATHS, await eventPaymentPath()];
    expect(await notIdle(journey, paths)).toEqual([]);
  });
});
