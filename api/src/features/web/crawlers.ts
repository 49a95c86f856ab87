import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppDeps, AppEnv } from '../../lib/context';
import { type SitemapEntry, sitemapContent } from './web.service';

/**
 * What search engines read about the public site (docs/decisions/040): `/robots.txt` and
 * `/sitemap.xml`, answered by the API whether or not it also serves the web app, and mounted
 * before the web app's catch-all so neither is ever the app's HTML.
 */

/** The public pages with an address of their own and no record behind them. */
export const SITEMAP_PAGES = ['/', '/membership', '/about', '/privacy-policy'] as const;

/**
 * The sitemap protocol's limit for one file. Above it the sitemap keeps the pages above and the
 * most recently changed articles and events, and logs a warning: a sitemap index over several
 * files is the next step if this site ever publishes that much (docs/decisions/040).
 */
export const SITEMAP_MAX_URLS = 50_000;

/** Crawlers may re-read these once an hour: a new article shows up in the sitemap within that. */
const CRAWLER_CACHE = 'public, max-age=3600';

/**
 * Allowed: the public pages, and the public reads they render from (a crawler that runs the
 * pages' JavaScript needs them). Disallowed: the back office, the contributors' own pages,
 * sign-in, the rest of the API, and the payment step of an event registration.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/news',
    'Allow: /api/events',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /manage',
    'Disallow: /login',
    'Disallow: /forgot-password',
    'Disallow: /reset-password',
    'Disallow: /events/*/payment/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', publicUrl).href}`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(new URL(path, publicUrl).href)}</loc>`;
    return `<url>${loc}${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function crawlerRoutes(deps: AppDeps) {
  const { db, config, logger } = deps;
  const now = deps.now ?? (() => new Date());

  return new Hono<AppEnv>()
    .use('/robots.txt', etag())
    .use('/sitemap.xml', etag())
    .get('/robots.txt', (c) => {
      c.header('Cache-Control', CRAWLER_CACHE);
      return c.text(robotsTxt(config.PUBLIC_URL));
    })
    .get('/sitemap.xml', async (c) => {
      const { entries, truncated } = await sitemapContent(db, now(), SITEMAP_MAX_URLS - SITEMAP_PAGES.length);
      if (truncated) {
        logger.warn(
          { limit: SITEMAP_MAX_URLS },
          'sitemap.xml holds only the most recently changed articles and events',
        );
      }
      // The home page lists the news and events, so it changes when they do.
      const newest = entries[0]?.lastmod ?? null;
      const pages = SITEMAP_PAGES.map((path) => ({ path, lastmod: path === '/' ? newest : null }));
      c.header('Cache-Control', CRAWLER_CACHE);
      c.header('Content-Type', 'application/xml; charset=utf-8');
      return c.body(sitemapXml(config.PUBLIC_URL, [...pages, ...entries]));
    });
}
