import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { HYDRATED_PATHS } from './routes';

// The public pages arrive drawn by the server (docs/decisions/036): readable with JavaScript
// off, 404 for what does not exist, and hydrated without a mismatch or a second fetch.
const { browser, newPage, baseUrl } = await useBrowser();

/** A page whose scripts never run, as for a visitor (or a crawler) without JavaScript. */
async function pageWithoutJavaScript() {
  const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
  return context.newPage();
}

/**
 * Holds back the web app's entry script for `ms`, as a slow phone on a slow network would: the
 * page stays the server's HTML meanwhile. `released()` says whether the script has been let go.
 */
async function delayPageCode(page: Page, ms: number): Promise<{ released: () => boolean }> {
  let released = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    released = true;
    await route.continue();
  });
  return { released: () => released };
}

/** The browser logs a page that answers 404 as a failed resource; that is expected there. */
const notTheDocument404 = (error: string) => !error.includes('status of 404');

describe('public pages without JavaScript', () => {
  it('shows the home page with its news and events', async () => {
    const page = await pageWithoutJavaScript();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const news = page.locator('#news article');
    const events = page.locator('#events article');
    expect(await news.count()).toBeGreaterThan(0);
    expect(await events.count()).toBeGreaterThan(0);
    expect(await news.first().getByRole('heading').textContent()).toBeTruthy();
    expect(await page.getByText('Loading page…').count()).toBe(0);
    await page.context().close();
  });

  it('shows an article with its text, and an event with its details', async () => {
    const page = await pageWithoutJavaScript();
    const article = await page.goto('/news/memorial-day-tribute');
    expect(article?.status()).toBe(200);
    expect(await page.locator('article h1').textContent()).toBeTruthy();
    expect((await page.locator('article').textContent())?.length).toBeGreaterThan(200);

    const event = await page.goto('/events/flag-retirement-ceremony');
    expect(event?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Community Flag Retirement Ceremony' }).waitFor();
    await page.getByText('Liberty Green Pavilion', { exact: false }).first().waitFor();
    await page.context().close();
  });

  it('shows the membership, about and privacy pages', async () => {
    const page = await pageWithoutJavaScript();
    for (const [path, heading, title] of [
      ['/membership', 'Become a Member', 'Become a Member'],
      ['/about', /^About /, 'About Us'],
      ['/privacy-policy', 'Privacy Policy', 'Privacy Policy'],
    ] as const) {
      expect((await page.goto(path))?.status(), path).toBe(200);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The page's own title is in the HTML, for crawlers and previews that run no script.
      expect(await page.title(), path).toMatch(new RegExp(`^${title} \\| `));
    }
    await page.context().close();
  });
});

describe('what does not exist', () => {
  it.each([
    ['/no/such/page', '404 Page Not Found'],
    ['/news/no-such-article', 'Article Not Found'],
    ['/events/no-such-event', 'Event Not Found'],
  ])('answers %s with 404 and its not-found page', async (path, heading) => {
    const page = await pageWithoutJavaScript();
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.context().close();
  });

  it('keeps the API’s own answers: an unknown /api path is JSON', async () => {
    const response = await fetch(new URL('/api/no-such-thing', baseUrl));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });

  it('leaves the back office to the browser: the shell, then the sign-in form', async () => {
    const html = await (await fetch(new URL('/login', baseUrl))).text();
    expect(html).toContain('<div id="root"></div>');
    const { page } = await newPage();
    await page.goto('/login');
    await page.locator('form').waitFor();
  });
});

describe('hydration', () => {
  it.each(HYDRATED_PATHS)('hydrates %s without an error and without asking the API again', async (path) => {
    const { page, errors } = await newPage();
    const apiReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiReads.push(request.url());
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    // React reports a hydration mismatch as a console error; none may appear.
    expect(errors.filter(notTheDocument404)).toEqual([]);
    expect(apiReads).toEqual([]);
  });

  it('acts on a button tapped before the page’s code ran, once it has: the menu opens', async () => {
    const { page, errors } = await newPage(375);
    const code = await delayPageCode(page, 1500);
    await page.goto('/about', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open main menu' }).click();
    expect(code.released()).toBe(false);
    // Tapped once: opened, not opened and closed again, and focus left where the tap put it.
    await page.getByRole('button', { name: 'Close main menu', expanded: true }).waitFor();
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Events' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('keeps where a visitor scrolled before the page hydrated', async () => {
    const { page, errors } = await newPage(375);
    const code = await delayPageCode(page, 1000);
    await page.goto('/news/memorial-day-tribute', { waitUntil: 'commit' });
    await page.locator('footer').waitFor();
    await page.evaluate('window.scrollTo(0, 600)');
    expect(code.released()).toBe(false);
    await page.waitForLoadState('networkidle');
    // Where it was, give or take the pixel that scroll anchoring may round by when what is drawn
    // above changes once hydrated (the news time in the viewer's own zone); it was thrown to 0.
    expect(Math.abs((await page.evaluate<number>('window.scrollY')) - 600)).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
  });

  it('answers the home page’s contribution form once hydrated', async () => {
    const { page, errors } = await newPage();
    await page.goto('/#contribution', { waitUntil: 'networkidle' });
    const form = page.getByRole('form', { name: 'Contribution form' });
    await form
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '$50' }) })
      .click();
    await form.getByRole('button', { name: 'Contribute $50.00' }).waitFor();
    expect(await page.getByRole('radio', { name: '$50' }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('fetches the home page’s forms, and the card provider’s script, only as the visitor nears them', async () => {
    const { page, errors } = await newPage(375);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const formCode = () => scripts.filter((url) => /\/assets\/home-contribution-form-[\w-]+\.js$/.test(url));
    const providerScript = () => scripts.filter((url) => new URL(url).origin !== new URL(baseUrl).origin);

    await page.goto('/', { waitUntil: 'networkidle' });
    const form = page.getByRole('form', { name: 'Contribution form' });
    expect(await form.getByLabel('First name').isDisabled()).toBe(true); // drawn by the server, not yet live
    expect(formCode()).toEqual([]);
    expect(providerScript()).toEqual([]);

    await page.locator('#events').scrollIntoViewIfNeeded();
    await expect.poll(() => form.getByLabel('First name').isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(formCode()).toHaveLength(1);
    await expect.poll(() => providerScript().length, { timeout: 5000 }).toBe(1);
    expect(errors).toEqual([]);
  });

  it('keeps the footer in place while a page arrives: no layout shift on load', async () => {
    const { page } = await newPage(375);
    for (const path of ['/about', '/events/flag-retirement-ceremony', '/news/memorial-day-tribute']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      const shift = await page.evaluate<number>(`new Promise((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      })`);
      expect(shift, path).toBeLessThan(0.02);
    }
  });
});
