import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { PUBLIC_CONFIG_ELEMENT_ID, PUBLIC_CONFIG_PLACEHOLDER } from '@pillars/shared/contracts';
import { publicConfigOf } from '@pillars/shared/config';
import { events, newsArticles, redirectedSlug } from '@pillars/shared/db';
import { and, eq, ne } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { cacheSiteImages } from '../../lib/public-cache';
import { isPublicArticle } from '../news/news.routes';
import { contentSecurityPolicy } from './content-security-policy';
import { type SocialMeta, withSocialMeta } from './social-meta';

/** JSON inside <script> must not be able to close the element. */
function escapeForScript(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function renderIndexHtml(template: string, deps: Pick<AppDeps, 'config'>): string {
  const json = escapeForScript(JSON.stringify(publicConfigOf(deps.config)));
  const tag = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  return template.replace(PUBLIC_CONFIG_PLACEHOLDER, tag);
}

/**
 * Serves the built web app: hashed assets with a long cache, anything else gets index.html
 * (the client router decides, including its own 404 page). /api/* never reaches this.
 */
export function webRoutes(deps: AppDeps, staticDir: string) {
  const { db, config } = deps;
  const indexHtml = renderIndexHtml(readFileSync(join(staticDir, 'index.html'), 'utf8'), deps);
  const site = { orgName: config.ORG_NAME, publicUrl: config.PUBLIC_URL };
  const csp = contentSecurityPolicy(config);
  const page = (c: Context, meta?: SocialMeta | null) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', csp);
    return c.html(meta ? withSocialMeta(indexHtml, meta, site) : indexHtml);
  };

  const now = deps.now ?? (() => new Date());

  // Shared links to an article or an event show its title, summary and image in the preview.
  // A missing slug gets the plain page: the web app shows its not-found state. Drafts and
  // scheduled articles are not public, so their preview says nothing either.
  async function articleMeta(slug: string): Promise<SocialMeta | null> {
    const [article] = await db
      .select({ title: newsArticles.title, excerpt: newsArticles.excerpt, imageUrl: newsArticles.imageUrl })
      .from(newsArticles)
      .where(and(eq(newsArticles.slug, slug), isPublicArticle(now())))
      .limit(1);
    if (!article) return null;
    const { title, excerpt, imageUrl } = article;
    return { title, description: excerpt, image: imageUrl, path: `/news/${slug}`, type: 'article' };
  }
  async function eventMeta(slug: string): Promise<SocialMeta | null> {
    const [event] = await db
      .select({ title: events.title, description: events.description, imageUrl: events.imageUrl })
      .from(events)
      .where(and(eq(events.slug, slug), ne(events.status, 'draft')))
      .limit(1);
    if (!event) return null;
    const { title, description, imageUrl } = event;
    return { title, description: description ?? title, image: imageUrl, path: `/events/${slug}`, type: 'website' };
  }

  return (
    new Hono<AppEnv>()
      // index.html is a template: it must never be served raw, only with the config rendered in.
      .get('/', (c) => page(c))
      .get('/index.html', (c) => page(c))
      .get('/news/:slug', async (c) => {
        const slug = c.req.param('slug');
        const meta = await articleMeta(slug);
        if (meta) return page(c, meta);
        // A published article's former address: the browser ends at the current one
        // (docs/decisions/024).
        const current = await redirectedSlug(db, 'news', slug);
        return current ? c.redirect(`/news/${current}`, 301) : page(c);
      })
      .get('/events/:slug', async (c) => {
        const slug = c.req.param('slug');
        const meta = await eventMeta(slug);
        if (meta) return page(c, meta);
        // A former address of a public event moves to its current one (docs/decisions/025).
        const current = await redirectedSlug(db, 'event', slug);
        if (current && current !== slug) return c.redirect(`/events/${encodeURIComponent(current)}`, 301);
        return page(c);
      })
      .use('/assets/*', async (c, next) => {
        await next();
        // Vite content-hashes these file names, so a cached copy can never be stale.
        if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
      })
      .use('/images/*', cacheSiteImages)
      // The web build writes .br and .gz beside each text file (web/build/precompress.ts).
      .use('*', serveStatic({ root: staticDir, precompressed: true }))
      .get('*', (c) => page(c))
  );
}
