import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { allViolations } from './axe';
import {
  ARTIFACTS_DIR,
  type JourneyPage,
  VIEWPORTS,
  contribute,
  loadAllImages,
  paidRegistrationPath,
  useBrowser,
} from './browser';
import { layoutProblems, resizeTo } from './layout-check';
import { Mailbox, linkIn } from './mailbox';
import { ADMIN_PATHS, PUBLIC_PATHS, signInAsAdmin } from './routes';

// Every page holds at a phone's, a tablet's and a laptop's width: the page never scrolls sideways,
// no text is cut or runs into other text, fields have inner padding (layout-check.ts says how each
// is measured), and axe finds nothing at the phone's width. Each page loads once and is measured at
// each width in turn; its screenshots land in artifacts/ as <route>-<width>.png. axe is injected
// as an inline script, so these pages open with the CSP bypassed (as the other axe journeys do).
const { newPage, baseUrl } = await useBrowser();
const mailbox = new Mailbox(inject('e2eMailboxDir'));
const sandboxUrl = inject('e2eSandboxUrl');

const ROUTE_TIMEOUT_MS = 240_000;
const donorEmail = `layout-${Date.now()}@example.org`;

/**
 * The screenshot's name: the path with ids as "id" and the query's first key (so the signed-in
 * manage page, reached with ?token=, differs from the form), as a file name.
 */
function shotName(route: string, width: number): string {
  const [path = '', query] = route.split('?');
  const key = query ? `-${query.split(/[=&]/)[0]}` : '';
  const name = `${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d+$/g, 'id')}${key}`.replace(/[^\w]+/g, '-');
  return `${name.replace(/^-|-$/g, '') || 'home'}-${width}.png`;
}

/**
 * Measures the page as it is at every width, saves its screenshots, and runs axe at the phone's
 * width; answers the problems found, keyed by route and width, so a failure names them all.
 */
async function checkShown(page: Page, route: string, waitForIdle = true): Promise<Record<string, string[]>> {
  if (waitForIdle) await page.waitForLoadState('networkidle');
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  await loadAllImages(page);
  const found: Record<string, string[]> = {};
  for (const { width, height } of VIEWPORTS) {
    await resizeTo(page, width, height);
    const problems = await layoutProblems(page);
    if (width === VIEWPORTS[0].width) {
      problems.push(...(await allViolations(page)).map((v) => `axe ${v.id}: ${v.help} (${v.targets.join(', ')})`));
    }
    await page.screenshot({ path: join(ARTIFACTS_DIR, shotName(route, width)), fullPage: true });
    if (problems.length > 0) found[`${route} at ${width} px`] = problems;
  }
  return found;
}

/** Opens each route in turn and checks it; `ready` waits for what the route loads after its first paint. */
async function checkRoutes(
  { page }: JourneyPage,
  routes: readonly string[],
  ready: (page: Page, route: string) => Promise<void> = async () => {},
): Promise<Record<string, string[]>> {
  let found: Record<string, string[]> = {};
  for (const route of routes) {
    await page.setViewportSize({ width: VIEWPORTS[2].width, height: VIEWPORTS[2].height });
    await page.goto(route);
    await ready(page, route);
    found = { ...found, ...(await checkShown(page, route)) };
  }
  return found;
}

/** The href of the first link whose address matches, on the page at `path`. */
async function firstLink(page: Page, path: string, href: RegExp): Promise<string> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const hrefs = await page.evaluate<string[]>(
    `[...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'))`,
  );
  const found = hrefs.find((h) => href.test(h));
  if (!found) throw new Error(`no link matching ${href} on ${path} (got ${hrefs.join(', ')})`);
  return found;
}

describe('every page holds at 375, 768 and 1280 px', () => {
  let donor: JourneyPage;

  beforeAll(async () => {
    donor = await newPage(1280, { bypassCSP: true });
  });

  it('the public pages, signed out', { timeout: ROUTE_TIMEOUT_MS }, async () => {
    const registration = await paidRegistrationPath(baseUrl, {
      firstName: 'Layout',
      lastName: 'Visitor',
      email: 'layout.visitor@example.org',
    });
    const found = await checkRoutes(donor, [...PUBLIC_PATHS, registration]);
    expect(found).toEqual({});
  });

  it(
    'the success page after a real monthly gift, and the donor’s manage page opened from the receipt’s link',
    { timeout: ROUTE_TIMEOUT_MS },
    async () => {
      const { page } = donor;
      await page.setViewportSize({ width: 1280, height: 800 });
      await contribute(page, {
        amount: '25.00',
        firstName: 'Layout',
        lastName: 'Donor',
        email: donorEmail,
        phone: '555-010-1776',
        monthly: true,
      });
      await page.getByText(/^Payment reference/).waitFor();
      await page.getByText('This is a monthly contribution.').waitFor();
      // The page the payment led to, in place: its reference comes with the navigation. The card
      // provider's script on the page before may keep a request open, so no wait for network idle.
      const found = await checkShown(page, '/success?payment', false);

      const receipt = await mailbox.waitFor(donorEmail, /^Receipt .* for your contribution/);
      // The receipt as a phone's mail app shows it: its written-out manage link wraps.
      const mail = await newPage(VIEWPORTS[0].width);
      await mail.page.setContent(receipt.html ?? '');
      await resizeTo(mail.page, VIEWPORTS[0].width, VIEWPORTS[0].height);
      const mailProblems = await layoutProblems(mail.page);
      await mail.page.screenshot({ path: join(ARTIFACTS_DIR, 'email-receipt-375.png'), fullPage: true });
      if (mailProblems.length > 0) found['the receipt e-mail at 375 px'] = mailProblems;
      await mail.page.close();
      const year = String(new Date().getFullYear());
      Object.assign(
        found,
        await checkRoutes(donor, [linkIn(receipt, '/manage'), `/manage/statement/${year}`], async (shown, route) => {
          if (route.startsWith('/manage?')) await shown.getByRole('button', { name: 'Cancel monthly gift' }).waitFor();
        }),
      );
      expect(found).toEqual({});
    },
  );

  it('every admin page, detail pages included', { timeout: ROUTE_TIMEOUT_MS }, async () => {
    const office = await newPage(1280, { bypassCSP: true });
    const { page } = office;
    await signInAsAdmin(office);

    // A deposit to open: the sandbox settles the payments so far, the admin syncs the deposits.
    const settled = await fetch(`${sandboxUrl}/__sandbox/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect([200, 409]).toContain(settled.status);
    await page.goto('/admin/deposits');
    await page.getByRole('button', { name: 'Refresh from Pay Theory' }).click();
    await page.getByText(/^A sync from Pay Theory is queued/).waitFor();
    const deposit = page.getByRole('link', { name: /^Deposit \d+$/ }).first();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.waitForLoadState('networkidle');
          return deposit.count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    const depositPath = (await deposit.getAttribute('href')) ?? '';

    // A reconciliation run's report, as it ends.
    await page.goto('/admin/reconciliation');
    await page.getByRole('button', { name: 'Start a reconciliation run' }).click();
    await page.getByText('Run started. Its report appears below when it ends.').waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.waitForLoadState('networkidle');
          return page.getByText(/^(Finished|Failed)/).count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);

    const article = await firstLink(page, '/admin/news', /^\/admin\/news\/(?!new)/);
    const event = await firstLink(page, '/admin/events/manage', /^\/admin\/events\/manage\/(?!new)/);
    const routes = [...ADMIN_PATHS, '/admin/news', article, '/admin/events/manage', event, depositPath];
    const found = await checkRoutes(office, routes, async (shown) => {
      await shown.getByRole('heading', { level: 1 }).first().waitFor();
    });
    expect(found).toEqual({});
  });
});
