import type { BrowserContextOptions, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allViolations } from './axe';
import { VIEWPORTS, fillCardFields, revealCardFields, useBrowser, waitForPaymentSuccess } from './browser';

// The visitor-facing behaviours in a real Chromium: keyboard focus and announcements,
// reduced motion and the hero word's pause control, the card fields while the provider's script
// loads, clean excerpts, and axe with no violation of any impact in those states (docs/decisions/039).
const { browser, baseUrl, newPage } = await useBrowser();

/** A page of its own context, for options newPage does not take (reduced motion). */
async function pageWith(options: BrowserContextOptions): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** Holds the provider's script until `release()`: the card fields stay in their loading state. */
async function holdProviderScript(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/sdk.js*', async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

const activeElement = (page: Page) =>
  page.evaluate<{ tag: string; text: string; value: string | null }>(
    `({ tag: document.activeElement.tagName, text: document.activeElement.textContent.trim(), value: document.activeElement.getAttribute('value') })`,
  );

describe('keyboard', () => {
  it('an empty contribution submitted by keyboard focuses the amount and shows and announces its error', async () => {
    const { page, errors } = await newPage();
    await page.goto('/#contribution');
    const form = page.getByRole('form', { name: 'Contribution form' });
    const submit = form.getByRole('button', { name: 'Contribute', exact: true });
    await submit.waitFor();
    await submit.focus();
    await page.keyboard.press('Enter');

    const message = 'Please select or enter a donation amount of at least $1.00.';
    const error = form.getByRole('alert').filter({ hasText: message });
    await error.waitFor();
    expect(await activeElement(page)).toMatchObject({ tag: 'INPUT', value: '17.76' });
    const group = form.getByRole('radiogroup', { name: 'Choose an amount' });
    expect(await group.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await form.getByRole('radio', { name: '$17.76' }).getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy ?? 'none'}`).textContent()).toBe(message);
    expect(await error.isVisible()).toBe(true);
    // Choosing an amount with the keyboard clears it.
    await page.keyboard.press('ArrowRight');
    await error.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('focus stays put on the first load; after a client-side navigation it is on the h1, announced, with no outline', async () => {
    const { page, errors } = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect((await activeElement(page)).tag).toBe('BODY');

    const about = page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'About Us' });
    await about.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/about');
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(async () => (await activeElement(page)).tag).toBe('H1');
    const name = (await heading.textContent())?.trim() ?? '';
    expect(name.length).toBeGreaterThan(0);
    expect(await heading.getAttribute('tabindex')).toBe('-1');
    expect(await page.evaluate(`getComputedStyle(document.querySelector('main h1')).outlineStyle`)).toBe('none');
    await page
      .getByRole('status')
      .filter({ hasText: `Navigated to ${name}` })
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('after paying, the success page has focus on its h1 and shows the reference and what comes next', async () => {
    const { page, errors } = await newPage();
    await page.goto('/#contribution');
    const form = page.getByRole('form', { name: 'Contribution form' });
    await form
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '$25' }) })
      .click();
    await form.getByLabel('First name').fill('Mercy');
    await form.getByLabel('Last name').fill('Warren');
    await form.getByLabel('Email').fill('mercy.warren@example.org');
    await form.getByLabel('Phone').fill('555-010-1776');
    await fillCardFields(page);
    await form.getByRole('button', { name: 'Contribute $25.00' }).click();
    await waitForPaymentSuccess(page, '**/success?type=contribution&amount=25.00');

    await expect.poll(async () => (await activeElement(page)).tag, { timeout: 5000 }).toBe('H1');
    expect((await activeElement(page)).text).toBe('Thank You for Your Contribution!');
    await page.getByText(/^Payment reference: \S+$/).waitFor();
    await page.getByText('Your receipt is on its way to your e-mail inbox.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the hero word', () => {
  const word = (page: Page) => page.getByTestId('hero-word').textContent();

  it('under prefers-reduced-motion shows one word that does not change', async () => {
    const { page, errors } = await pageWith({ reducedMotion: 'reduce' });
    await page.goto('/');
    expect(await word(page)).toBe('Freedom');
    await page.waitForTimeout(3000);
    expect(await word(page)).toBe('Freedom');
    await page.getByRole('button', { name: 'Play the rotating word' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('otherwise rotates, and its Pause button (by keyboard) stops it and Play restarts it', async () => {
    const { page, errors } = await pageWith({ reducedMotion: 'no-preference' });
    await page.goto('/');
    await expect.poll(() => word(page), { timeout: 6000 }).not.toBe('Freedom');
    const pause = page.getByRole('button', { name: 'Pause the rotating word' });
    await pause.focus();
    await page.keyboard.press('Enter');
    const shown = await word(page);
    await page.waitForTimeout(3000);
    expect(await word(page)).toBe(shown);

    await page.getByRole('button', { name: 'Play the rotating word' }).press('Space');
    await expect.poll(() => word(page), { timeout: 6000 }).not.toBe(shown);
    expect(errors).toEqual([]);
  });
});

describe('card fields', () => {
  it('while the provider script loads: an aria-busy skeleton and a disabled submit; ready once it has loaded', async () => {
    const { page, errors } = await newPage();
    const release = await holdProviderScript(page);
    await page.goto('/#contribution');
    const form = page.getByRole('form', { name: 'Contribution form' });
    const fields = form.getByRole('group', { name: 'Card details' });
    await fields.waitFor();
    expect(await fields.getAttribute('aria-busy')).toBe('true');
    const skeletons = form.locator('[data-card-field-skeleton]');
    expect(await skeletons.count()).toBe(4);
    // The skeleton covers its container exactly: nothing moves when the fields arrive.
    const sizeOf = (selector: string) =>
      page.evaluate<string>(
        `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); return r.width + 'x' + r.height; })()`,
      );
    const container = await sizeOf('#pay-theory-credit-card-number');
    expect(await sizeOf('#pay-theory-credit-card-number + [data-card-field-skeleton]')).toBe(container);
    const submit = form.getByRole('button', { name: 'Loading secure card fields…' });
    expect(await submit.getAttribute('aria-disabled')).toBe('true');

    await release();
    await form.getByRole('button', { name: 'Contribute', exact: true }).waitFor({ timeout: 15_000 });
    expect(await fields.getAttribute('aria-busy')).toBeNull();
    expect(await skeletons.count()).toBe(0);
    expect(await sizeOf('#pay-theory-credit-card-number')).toBe(container);
    expect(errors).toEqual([]);
  });

  it('a provider script that fails gives the error at once, not after a long wait', async () => {
    const { page } = await newPage();
    await page.route('**/sdk.js*', (route) => route.abort());
    await page.goto('/membership');
    await revealCardFields(page);
    await page
      .getByText('The card form could not load. Please refresh the page and try again.')
      .waitFor({ timeout: 5000 });
  });

  it("draws a visible focus ring on a field's container while its iframe has focus", async () => {
    const { page } = await newPage();
    await page.goto('/membership');
    await revealCardFields(page);
    const input = page.frameLocator('#pay-theory-credit-card-number iframe').locator('input');
    await input.click();
    // The outline is the container's, drawn in the page around the provider's iframe.
    const outline = () =>
      page.evaluate<string[]>(
        `(() => { const s = getComputedStyle(document.getElementById('pay-theory-credit-card-number')); return [s.outlineStyle, s.outlineWidth]; })()`,
      );
    await expect.poll(outline).toEqual(['solid', '3px']);
    // Tabbing on into the next field moves the ring with it.
    await page.keyboard.press('Tab');
    await expect.poll(outline).toEqual(['none', '3px']);
  });
});

describe('news excerpts', () => {
  it.each(VIEWPORTS)('show whole lines only, at most three, at $width px', async ({ width }) => {
    const { page } = await newPage(width);
    await page.goto('/#news');
    const excerpts = page.locator('#news article p.line-clamp-3');
    await excerpts.first().waitFor();
    const boxes = await page.evaluate<Array<{ height: number; line: number }>>(
      `[...document.querySelectorAll('#news article p.line-clamp-3')].map((p) => ({ height: p.getBoundingClientRect().height, line: parseFloat(getComputedStyle(p).lineHeight) }))`,
    );
    expect(boxes.length).toBeGreaterThan(0);
    for (const { height, line } of boxes) {
      const lines = height / line;
      expect(Math.abs(lines - Math.round(lines))).toBeLessThan(0.05);
      expect(Math.round(lines)).toBeLessThanOrEqual(3);
    }
  });
});

describe('axe: no violation of any impact', () => {
  const states = [
    { name: 'home, card fields loading', path: '/#contribution', ready: 'form[aria-label="Contribution form"]' },
    { name: 'membership, card fields loading', path: '/membership', ready: 'form' },
    { name: 'success', path: '/success?type=contribution&amount=25.00', ready: 'h1' },
  ];

  it.each(VIEWPORTS)('at $width px, with reduced motion and with the card fields loading', async ({ width }) => {
    const found: Record<string, unknown> = {};
    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      const { page } = await pageWith({ reducedMotion, viewport: { width, height: 900 }, bypassCSP: true });
      await holdProviderScript(page);
      for (const state of states) {
        await page.goto(state.path);
        await page.locator(state.ready).first().waitFor();
        const violations = await allViolations(page);
        if (violations.length > 0) found[`${state.name} (${reducedMotion})`] = violations;
      }
      // The same, after a keyboard error on the contribution form.
      await page.goto('/#contribution');
      await page.getByRole('button', { name: 'Loading secure card fields…' }).press('Enter');
      await page.getByRole('alert').first().waitFor();
      const afterError = await allViolations(page);
      if (afterError.length > 0) found[`home, empty submit (${reducedMotion})`] = afterError;
    }
    expect(found).toEqual({});
  });
});
