import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { PUBLIC_CONFIG_ELEMENT_ID, PUBLIC_CONFIG_PLACEHOLDER } from '@pillars/contracts';
import { publicConfigOf } from '@pillars/platform/config';
import { redirectedSlug } from '@pillars/platform/db';
import { type Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { cacheSiteImages } from '../../lib/public-cache';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security-policy';
import {
  escapeForScript,
  inProcessFetch,
  loadServerRenderer,
  type RenderResult,
  withRenderedPage,
} from './server-render';
import { type SocialMeta, withSiteTitle, withSocialMeta } from './social-meta';
import { articleMeta, eventMeta } from './web.service';

export function renderIndexHtml(template: string, deps: Pick<AppDeps, 'config'>): string {
  const json = escapeForScript(JSON.stringify(publicConfigOf(deps.config)));
  const tag = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  return template.replace(PUBLIC_CONFIG_PLACEHOLDER, tag);
}

/**
 * Serves the built web app: hashed assets with a long cache, anything else gets index.html.
 * Public pages come rendered by the server, with their data, and answer 404 when they say "not
 * found"; the back office and other personal pages get the empty shell for the browser to render
 * (docs/decisions/036). /api/* never reaches this. `apiFetch` is the whole app's own fetch: the
 * server render asks the API in-process, as the browser would.
 */
export function webRoutes(deps: AppDeps, staticDir: string, apiFetch: (request: Request) => Promise<Response>) {
  const { db, config } = deps;
  const template = readFileSync(join(staticDir, 'index.html'), 'utf8');
  const indexHtml = renderIndexHtml(template, deps);
  const site = { orgName: config.ORG_NAME, publicUrl: config.PUBLIC_URL };
  const csp = contentSecurityPolicy(config, inlineScriptHashes(template));
  const publicConfig = publicConfigOf(config);
  const renderer = loadServerRenderer(staticDir, deps.logger).then((loaded) => {
    loaded?.setApiFetch(inProcessFetch(apiFetch, config.PUBLIC_URL));
    return loaded;
  });

  /** The page drawn by the server; null for the shell (a client-rendered path, or a failed render). */
  async function serverRender(c: Context<AppEnv>, path: string): Promise<RenderResult | null> {
    const loaded = await renderer;
    if (!loaded?.isServerRendered(path)) return null;
    try {
      return await loaded.render({ path, search: new URL(c.req.url).search.slice(1), config: publicConfig });
    } catch (error) {
      // The browser can still draw the page from the shell; the failure is ours to fix.
      (c.get('logger') ?? deps.logger).error({ err: error, path }, 'server render failed');
      return null;
    }
  }

  const page = async (c: Context<AppEnv>, meta?: SocialMeta | null, path = c.req.path) => {
    const rendered = await serverRender(c, path);
    if (rendered?.kind === 'redirect') return c.redirect(rendered.location, 302);
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', csp);
    // An article's or event's own preview, else what the page said of itself as it rendered
    // (its title and description, as the browser sets them), else the site's.
    const pageMeta = meta ?? (rendered?.kind === 'page' && rendered.meta ? { ...rendered.meta, path } : null);
    const shell = pageMeta
      ? withSocialMeta(indexHtml, { type: 'website', ...pageMeta }, site)
      : withSiteTitle(indexHtml, site);
    if (!rendered) return c.html(shell);
    return c.html(withRenderedPage(shell, rendered.html, rendered.state), rendered.status === 404 ? 404 : 200);
  };

  const now = deps.now ?? (() => new Date());

  return (
    new Hono<AppEnv>()
      // index.html is a template: it must never be served raw, only with the config rendered in.
      .get('/', (c) => page(c))
      .get('/index.html', (c) => page(c, null, '/'))
      .get('/news/:slug', async (c) => {
        const slug = c.req.param('slug');
        const meta = await articleMeta(db, slug, now());
        if (meta) return page(c, meta);
        // A published article's former address: the browser ends at the current one
        // (docs/decisions/024).
        const current = await redirectedSlug(db, 'news', slug);
        return current ? c.redirect(`/news/${current}`, 301) : page(c);
      })
      .get('/events/:slug', async (c) => {
        const slug = c.req.param('slug');
        const meta = await eventMeta(db, slug);
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
