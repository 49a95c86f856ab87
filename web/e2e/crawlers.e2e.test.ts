import { describe, expect, it } from 'vitest';
import { apiJson, useBrowser } from './browser';

// What a crawler reads on the product as `npm start` runs it, with the demo content: robots.txt
// and the sitemap are real files, not the web app's HTML, and every address the sitemap lists is
// a page that opens (docs/decisions/040).
const { newPage, baseUrl, publicUrl } = await useBrowser();

describe('crawlers', () => {
  it('robots.txt is plain text naming the sitemap at the public address', async () => {
    const { page } = await newPage();
    const response = await page.goto('/robots.txt');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^text\/plain/);
    const text = (await response?.text()) ?? '';
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });

  it('the sitemap lists the public pages and the seeded articles and events, and each one opens', async () => {
    const response = await fetch(new URL('/sitemap.xml', baseUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const locs = [...(await response.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
    const news = await apiJson<{ slug: string }[]>(baseUrl, '/api/news');
    const upcoming = await apiJson<{ slug: string }[]>(baseUrl, '/api/events');
    expect(locs).toEqual(
      expect.arrayContaining([
        `${publicUrl}/`,
        `${publicUrl}/membership`,
        ...news.map((n) => `${publicUrl}/news/${n.slug}`),
        ...upcoming.map((e) => `${publicUrl}/events/${e.slug}`),
      ]),
    );
    // The public address is elsewhere (as on a preview deployment): open each path here.
    const { page } = await newPage();
    for (const loc of locs) {
      const path = new URL(loc).pathname;
      const opened = await page.goto(path);
      expect({ path, status: opened?.status() }).toEqual({ path, status: 200 });
      await expect(page.locator('h1').first().waitFor({ timeout: 15_000 })).resolves.toBeUndefined();
    }
  }, 180_000);
});
