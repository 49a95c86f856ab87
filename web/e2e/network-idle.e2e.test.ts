import { describe, expect, it } from 'vitest';
import { type JourneyPage, paidRegistrationPath, useBrowser } from './browser';
import { ADMIN_PATHS, PUBLIC_PATHS, signInAsAdmin } from './routes';

// Every page finishes loading: no request of its own is left open (an answer whose body the page
// never read kept the browser's request loading forever), so the network goes idle.
const { newPage, baseUrl } = await useBrowser();

/** Idle: no request for 500 ms (Playwright's rule). Bound well above any page's load here. */
const IDLE_WITHIN_MS = 20_000;

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
    await signInAsAdmin(journey);
    const paths = [...ADMIN_PATHS, ...PUBLIC_PATHS, await eventPaymentPath()];
    expect(await notIdle(journey, paths)).toEqual([]);
  });
});
