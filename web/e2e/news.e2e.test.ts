import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

// A reader opens an article from the seeded news, sees it whole, and shares it.
const { newPage, baseUrl, publicUrl } = await useBrowser();

const SLUG = 'memorial-day-tribute';

describe('news article', () => {
  it('shows the article with its date, read time, paragraphs, calls to action and metadata', async () => {
    const { page, errors } = await newPage();
    await page.goto(`/news/${SLUG}`);
    const title = page.getByRole('heading', { level: 1 });
    await title.waitFor();
    const heading = (await title.textContent()) ?? '';
    expect(heading.length).toBeGreaterThan(0);
    expect(await page.locator('main').textContent()).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(await page.locator('main').textContent()).toMatch(/\d+ min read/);
    expect(await page.locator('main article p').count()).toBeGreaterThan(2);

    for (const [name, href] of [
      ['Become a Member', '/#membership'],
      ['Support Our Mission', '/#donate'],
      ['Back to Latest News', '/#news'],
    ] as const) {
      // The header has its own 'Become a Member' link; the calls to action are in the article's page body.
      expect(await page.locator('main').getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }

    expect(await page.title()).toContain(heading);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(heading);
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('opens LinkedIn, WhatsApp and Telegram in new windows with the article on the canonical host', async () => {
    const { page } = await newPage();
    // The networks are not reachable from here: answer their share pages with an empty page.
    await page.context().route(/linkedin\.com|wa\.me|t\.me/, (route) => route.fulfill({ body: 'shared' }));
    await page.goto(`/news/${SLUG}`);
    // The journeys browse 127.0.0.1, a "preview host"; shares name the canonical PUBLIC_URL.
    const canonical = `${publicUrl}/news/${SLUG}`;
    const address = encodeURIComponent(canonical);
    const expected = {
      'Share on LinkedIn': `https://www.linkedin.com/sharing/share-offsite/?url=${address}`,
      'Share on WhatsApp': `https://wa.me/?text=`,
      'Share on Telegram': `https://t.me/share/url?url=${address}`,
    };
    for (const [name, prefix] of Object.entries(expected)) {
      const popup = page.waitForEvent('popup');
      await page.getByRole('button', { name }).click();
      const opened = await popup;
      expect(opened.url().startsWith(prefix)).toBe(true);
      expect(decodeURIComponent(opened.url())).toContain(canonical);
      await opened.close();
    }
  });

  it('links Support Our Mission to the contribution section', async () => {
    const { page } = await newPage();
    await page.goto(`/news/${SLUG}`);
    const orgName = (await page.title()).split(' | ').at(-1);
    await page.locator('main').getByRole('link', { name: 'Support Our Mission' }).click();
    await page.waitForURL('**/#donate');
    await page.locator('#contribution').waitFor();
    // The article's title goes with it: the home page is titled with the site's name.
    expect(await page.title()).toBe(orgName);
    // Scrolled there, and kept there while the news and event cards above it arrived: the
    // section's top is at the top of the screen.
    await expect
      .poll(async () => Math.abs((await page.locator('#contribution').boundingBox())?.y ?? Number.POSITIVE_INFINITY))
      .toBeLessThan(4);
  });

  it('shows Article Not Found for an unknown article', async () => {
    const { page, errors } = await newPage();
    await page.goto('/news/no-such-article');
    await page.getByRole('heading', { name: 'Article Not Found' }).waitFor();
    await page.getByText("The article you're looking for could not be found.").waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    // The API answers 404 for the missing article; that is the only console noise allowed.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});
