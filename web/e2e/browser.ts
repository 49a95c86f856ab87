import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, inject, onTestFailed } from 'vitest';
import { CHROMIUM_ARGS } from '@pillars/testing/chromium';

export const ARTIFACTS_DIR = fileURLToPath(new URL('./artifacts/', import.meta.url));

/** Widths the design is checked at: small phone, tablet, laptop. */
export const VIEWPORTS = [
  { name: 'small', width: 375, height: 812 },
  { name: 'medium', width: 768, height: 1024 },
  { name: 'large', width: 1280, height: 800 },
] as const;

export interface JourneyPage {
  page: Page;
  /** Uncaught errors and console errors of the page, for the test to assert none happened. */
  errors: string[];
}

/** One Chromium per test file, closed after it. */
export async function useBrowser(): Promise<{
  browser: Browser;
  baseUrl: string;
  publicUrl: string;
  newPage: (width?: number, options?: { bypassCSP?: boolean }) => Promise<JourneyPage>;
}> {
  const browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS });
  afterAll(() => browser.close());
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const baseUrl = inject('e2eBaseUrl');
  let pageNumber = 0;
  return {
    browser,
    baseUrl,
    publicUrl: inject('e2ePublicUrl'),
    // bypassCSP only for axe scans, which inject axe-core as an inline script; every other
    // journey runs under the pages' real Content-Security-Policy, and a violation is an error.
    newPage: async (width = 1280, options = {}) => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height: 900 },
        bypassCSP: options.bypassCSP ?? false,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      reportOnFailure(page, errors, (pageNumber += 1));
      return { page, errors };
    },
  };
}

/** What a page announces or asks: the text a failed journey's reader needs first. */
const SEEN_ON_FAILURE = `[...document.querySelectorAll(
  'h1, [role=dialog], [role=alertdialog], [role=alert], [role=status], [aria-live] li'
)].map((e) => (e.getAttribute('role') ?? e.tagName.toLowerCase()) + ': ' + e.innerText.replace(/\\s+/g, ' ').trim().slice(0, 300))
  .filter((line) => !line.endsWith(': ')).join('\\n')`;

/**
 * When the journey fails, says where each of its pages was and what it showed (its heading,
 * dialogs, alerts and toasts), with a screenshot in artifacts/failures: a timeout in CI then
 * reads as what the visitor saw. Journeys opening pages outside a test report nothing.
 */
function reportOnFailure(page: Page, errors: string[], pageNumber: number): void {
  try {
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      const name = `${task.name.replace(/[^\w]+/g, '-').slice(0, 80)}-page-${pageNumber}`;
      await mkdir(join(ARTIFACTS_DIR, 'failures'), { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'failures', `${name}.png`), timeout: 5000 }).catch(() => {});
      const seen = await page.evaluate<string>(SEEN_ON_FAILURE).catch((error: unknown) => String(error));
      const logged = errors.length > 0 ? `\nits console errors:\n${errors.join('\n')}` : '';
      process.stderr.write(`page ${pageNumber} of "${task.name}" at ${page.url()} when it failed:\n${seen}${logged}\n`);
    });
  } catch {
    // Not inside a test (a beforeAll opening a page): nothing to report on.
  }
}

/** Lazy images load only near the viewport; load them all before a full-page screenshot. */
export async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(`Promise.all([...document.images].map((img) => {
    img.loading = 'eager';
    return img.complete ? null : new Promise((resolve) => { img.onload = img.onerror = resolve; });
  }))`);
}

/** Pay Theory's documented test cards, honoured by the sandbox: each succeeds unless the amount declines. */
export const TEST_CARDS = { visa: '4111 1111 1111 1111', mastercard: '5454 5454 5454 5454' } as const;

/** Scrolls to the card fields, as a visitor does: they load as they near the viewport (docs/decisions/038). */
export async function revealCardFields(page: Page): Promise<void> {
  await page.locator('#pay-theory-credit-card-number').scrollIntoViewIfNeeded();
}

/** Types a card into the provider's hosted field iframes; the page itself never sees it. */
export async function fillCardFields(page: Page, card: string = TEST_CARDS.visa): Promise<void> {
  const field = (id: string) => page.frameLocator(`#${id} iframe`).locator('input');
  await revealCardFields(page);
  await field('pay-theory-credit-card-number').fill(card);
  await field('pay-theory-credit-card-exp').fill('12/30');
  await field('pay-theory-credit-card-cvv').fill('123');
  await field('pay-theory-credit-card-zip').fill('19106');
}

/** How far the page is wider than the screen, in px; 0 or less means no horizontal scrolling. */
export function horizontalOverflow(page: Page): Promise<number> {
  // A string, because this program is type-checked for Node, not the DOM.
  return page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
}

/** Calls our API the way the browser does, for journeys that need a record to start from. */
export async function apiJson<T>(baseUrl: string, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  });
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Registers someone for the published event at `slug` as its page does, a fresh idempotency key
 * a request; `tier` picks the ticket among the event's tiers when the event sells more than one.
 */
export async function registerThroughApi(
  baseUrl: string,
  slug: string,
  registrant: { firstName: string; lastName: string; email: string; phone: string },
  tier?: (tiers: { id: string }[]) => string | undefined,
): Promise<void> {
  const published = await apiJson<{ id: string; pricingTiers: { id: string }[] }>(baseUrl, `/api/events/${slug}`);
  await apiJson(baseUrl, `/api/events/${slug}/register`, {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID() },
    body: JSON.stringify({ eventId: published.id, ...registrant, selectedTier: tier?.(published.pricingTiers) }),
  });
}

/**
 * Registers a visitor for the seeded paid event, as its registration form does (the registration
 * stays pending until paid), and answers the path of the registration's payment page.
 */
export async function paidRegistrationPath(
  baseUrl: string,
  visitor: { firstName: string; lastName: string; email: string; phone?: string },
): Promise<string> {
  const event = await apiJson<{ id: string }>(baseUrl, '/api/events/patriot-leadership-breakfast');
  const created = await apiJson<{ data: { registrationId: string } }>(
    baseUrl,
    '/api/events/patriot-leadership-breakfast/register',
    { method: 'POST', body: JSON.stringify({ eventId: event.id, phone: '555-010-1776', ...visitor }) },
  );
  return `/events/patriot-leadership-breakfast/payment/${created.data.registrationId}`;
}

/**
 * Waits for the page to reach `url` after a payment; if a toast appears first, fails with its
 * text, so a declined or refused payment reads as what the visitor saw, not as a timeout.
 */
export async function waitForPaymentSuccess(page: Page, url: RegExp | string, timeout = 30_000): Promise<void> {
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .first();
  const failed = toast.waitFor({ timeout }).then(
    async () => {
      throw new Error(`the payment ended with a toast: ${(await toast.textContent()) ?? ''}`);
    },
    () => undefined,
  );
  await Promise.race([page.waitForURL(url, { timeout }), failed]);
}

/**
 * Gives through the home page's contribution form, as a donor does, and waits for the success
 * page: `amount` in the "Other amount" field, or the `preset` amount's button (e.g. "$25") when
 * given, monthly when asked.
 */
export async function contribute(
  page: Page,
  donor: {
    amount: string;
    preset?: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    monthly?: boolean;
  },
): Promise<void> {
  await page.goto('/#contribution');
  const form = page.getByRole('form', { name: 'Contribution form' });
  if (donor.preset) {
    await form
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: donor.preset }) })
      .click();
  } else {
    await form.getByLabel('Other amount').fill(donor.amount);
  }
  await form.getByLabel('First name').fill(donor.firstName);
  await form.getByLabel('Last name').fill(donor.lastName);
  await form.getByLabel('Email').fill(donor.email);
  await form.getByLabel('Phone').fill(donor.phone);
  await fillCardFields(page);
  if (donor.monthly) {
    await form
      .locator('label')
      .filter({ has: page.getByRole('switch', { name: /monthly/ }) })
      .click();
  }
  await form.getByRole('button', { name: `Contribute $${donor.amount}${donor.monthly ? ' monthly' : ''}` }).click();
  await waitForPaymentSuccess(page, `**/success?type=contribution&amount=${donor.amount}`);
}
