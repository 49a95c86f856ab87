import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLIC_CONFIG_PLACEHOLDER } from '@pillars/contracts';
import { events, newsArticles } from '@pillars/platform/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { testApp, useAppInfra } from '../../test/test-app';
import { SITEMAP_PAGES } from './crawlers';

const database = await useTestDatabase();
const infra = await useAppInfra(database);
const NOW = new Date('2026-06-01T12:00:00Z');
const PUBLIC_URL = 'https://liberty.example';

// The web app's catch-all is mounted too, to show it never answers these two.
const staticDir = await mkdtemp(join(tmpdir(), 'pillars-crawlers-'));
afterAll(() => rm(staticDir, { recursive: true, force: true }));
await writeFile(join(staticDir, 'index.html'), `<html><head>${PUBLIC_CONFIG_PLACEHOLDER}</head><body></body></html>`);
const app = testApp(database, { ...infra, now: () => NOW, env: { PUBLIC_URL, STATIC_DIR: staticDir } });

const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const article = (slug: string, publishedAt: Date, status: 'draft' | 'published' = 'published') => ({
  slug,
  title: `Title of ${slug}`,
  excerpt: 'Excerpt.',
  content: 'Body.',
  imageUrl: '/images/news/x.svg',
  publishedAt,
  status,
  updatedAt: days(-30),
});
const event = (slug: string, status: 'draft' | 'published' | 'cancelled', updatedAt: Date) => ({
  slug,
  title: `Event ${slug}`,
  location: 'Independence Hall',
  startDate: days(10),
  endDate: days(10),
  status,
  updatedAt,
});

beforeAll(async () => {
  await database.db.insert(newsArticles).values([
    article('published-article', days(-3)),
    article('draft-article', days(-3), 'draft'),
    article('scheduled-article', days(2)),
    // Slugs the editor refuses, written straight to the table: the sitemap must still be valid XML.
    article("o'brien-&-sons", days(-5)),
  ]);
  await database.db
    .insert(events)
    .values([
      event('published-event', 'published', days(-1)),
      event('cancelled-event', 'cancelled', days(-2)),
      event('draft-event', 'draft', days(-1)),
    ]);
});

describe('GET /robots.txt', () => {
  it('allows the public site and its public reads, disallows the private areas, and names the sitemap', async () => {
    const res = await app.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const lines = (await res.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Allow: /',
        'Allow: /api/news',
        'Allow: /api/events',
        'Disallow: /api/',
        'Disallow: /admin',
        'Disallow: /manage',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      ]),
    );
  });

  it('answers a repeated request with its ETag as 304', async () => {
    const first = await app.request('/robots.txt');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await app.request('/robots.txt', { headers: { 'if-none-match': tag ?? '' } });
    expect(again.status).toBe(304);
  });
});

describe('GET /sitemap.xml', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  it('lists the public pages, published articles and public events with absolute URLs', async () => {
    const res = await app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const xml = await res.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(locs(xml)).toEqual([
      ...SITEMAP_PAGES.map((path) => `${PUBLIC_URL}${path}`),
      // Most recently changed first.
      `${PUBLIC_URL}/events/published-event`,
      `${PUBLIC_URL}/events/cancelled-event`,
      `${PUBLIC_URL}/news/published-article`,
      `${PUBLIC_URL}/news/o&apos;brien-%26-sons`,
    ]);
  });

  it('leaves out drafts and scheduled articles, and draft events', async () => {
    const xml = await (await app.request('/sitemap.xml')).text();
    for (const hidden of ['draft-article', 'scheduled-article', 'draft-event']) expect(xml).not.toContain(hidden);
  });

  it('dates each entry: an article by its publication or last edit, whichever is later; home by the newest', async () => {
    const xml = await (await app.request('/sitemap.xml')).text();
    const entry = (loc: string) => new RegExp(`<url><loc>${loc}</loc>(?:<lastmod>([^<]*)</lastmod>)?</url>`).exec(xml);
    expect(entry(`${PUBLIC_URL}/news/published-article`)?.[1]).toBe(days(-3).toISOString());
    expect(entry(`${PUBLIC_URL}/events/published-event`)?.[1]).toBe(days(-1).toISOString());
    expect(entry(`${PUBLIC_URL}/`)?.[1]).toBe(days(-1).toISOString());
    expect(entry(`${PUBLIC_URL}/about`)).not.toBeNull();
    expect(entry(`${PUBLIC_URL}/about`)?.[1]).toBeUndefined();
  });

  it('shows a scheduled article once its date has come', async () => {
    const later = testApp(database, { ...infra, now: () => days(3), env: { PUBLIC_URL } });
    const xml = await (await later.request('/sitemap.xml')).text();
    expect(locs(xml)).toContain(`${PUBLIC_URL}/news/scheduled-article`);
  });

  it('escapes what XML must not hold raw', async () => {
    const xml = await (await app.request('/sitemap.xml')).text();
    expect(xml).toContain('<loc>https://liberty.example/news/o&apos;brien-%26-sons</loc>');
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  });
});
