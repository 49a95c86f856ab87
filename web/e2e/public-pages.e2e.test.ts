import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  VIEWPORTS,
  horizontalOverflow,
  loadAllImages,
  paidRegistrationPath,
  useBrowser,
} from './browser';
import { seriousViolations } from './axe';

// Every public route of the product: no serious or critical axe violation, no horizontal
// scrolling at 375, 768 and 1280 px, and a screenshot of each width for review.
const { newPage, baseUrl } = await useBrowser();

/**
 * `ready`: what shows the page is drawn. `reveal`: what to scroll to first, as a visitor would,
 * for parts that load as they near the viewport (the card fields, docs/decisions/038).
 */
type Route = { name: string; path: string; ready: string; reveal?: string };

let paymentPath = '';

beforeAll(async () => {
  // The payment page needs a registration for a paid event.
  paymentPath = await paidRegistrationPath(baseUrl, {
    firstName: 'Nathan',
    lastName: 'Hale',
    email: 'nathan.hale@example.org',
  });
});

/** A page with the card fields: drawn once their frame is in, which loads as they near the viewport. */
const cardFields = { reveal: '#pay-theory-credit-card-number', ready: '#pay-theory-credit-card-number iframe' };

const routes = (): Route[] => [
  { name: 'home', path: '/', ready: '#events article' },
  { name: 'about', path: '/about', ready: 'h1' },
  { name: 'membership', path: '/membership', ...cardFields },
  { name: 'privacy', path: '/privacy-policy', ready: 'h1' },
  { name: 'article', path: '/news/memorial-day-tribute', ready: 'article h1' },
  { name: 'event-free', path: '/events/flag-retirement-ceremony', ready: 'form' },
  { name: 'event-tiers', path: '/events/seven-pillars-leadership-summit', ready: 'form input[type=radio]' },
  { name: 'event-payment', path: paymentPath, ...cardFields },
  { name: 'success-contribution', path: '/success?type=contribution&amount=25.00', ready: 'h1' },
  { name: 'success-membership', path: '/success?type=membership', ready: 'h1' },
  { name: 'success-event', path: '/success?type=event&amount=45.00&event=Town%20Hall', ready: 'h1' },
  { name: 'success-other', path: '/success', ready: 'h1' },
  { name: 'login', path: '/login', ready: 'form' },
  { name: 'forgot-password', path: '/forgot-password', ready: 'form' },
  { name: 'reset-password', path: '/reset-password?token=journey-token', ready: 'form' },
  { name: 'manage', path: '/manage', ready: 'form' },
  { name: 'manage-statement-signed-out', path: '/manage/statement/2026', ready: 'form' },
  { name: 'article-missing', path: '/news/no-such-article', ready: 'h1' },
  { name: 'event-missing', path: '/events/no-such-event', ready: 'h1' },
  { name: 'not-found', path: '/no/such/page', ready: 'h1' },
];

async function openRoute(page: Page, route: Route): Promise<void> {
  await page.goto(route.path);
  if (route.reveal) await page.locator(route.reveal).scrollIntoViewIfNeeded();
  await page.locator(route.ready).first().waitFor();
}

describe('public pages', () => {
  it('every route has no serious or critical accessibility violation (axe-core, WCAG 2.2 AA)', async () => {
    const { page } = await newPage(1280, { bypassCSP: true });
    const found: Record<string, unknown> = {};
    for (const route of routes()) {
      await openRoute(page, route);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[route.name] = violations;
    }
    expect(found).toEqual({});
  });

  it.each(VIEWPORTS)('every route fits a $width px screen without horizontal scrolling', async ({ name, width }) => {
    const { page, errors } = await newPage(width);
    const overflowing: Record<string, number> = {};
    for (const route of routes()) {
      await openRoute(page, route);
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) overflowing[route.name] = overflow;
      await loadAllImages(page);
      await page.screenshot({ path: join(ARTIFACTS_DIR, `${route.name}-${name}-${width}.png`), fullPage: true });
    }
    expect(overflowing).toEqual({});
    // Under the real Content-Security-Policy nothing is refused (missing pages answer 404).
    expect(errors.filter((e) => !/ 40[14] /.test(e))).toEqual([]);
  });
});

describe('navigation on a phone', () => {
  it('opens the menu, and choosing a link closes it and goes there', async () => {
    const { page, errors } = await newPage(375);
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Open main menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Become a Member' }).click();
    await page.waitForURL('**/membership');
    expect(await page.getByRole('button', { name: 'Open main menu' }).getAttribute('aria-expanded')).toBe('false');

    await page.getByRole('button', { name: 'Open main menu' }).click();
    await menu.getByRole('link', { name: 'Events' }).click();
    await page.waitForURL('**/#events');
    await page.locator('#events').waitFor();
    expect(errors).toEqual([]);
  });
});
