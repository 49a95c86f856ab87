import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { PUBLIC_CONFIG_ELEMENT_ID, PUBLIC_CONFIG_PLACEHOLDER } from '@pillars/shared/contracts';
import { publicConfigOf } from '@pillars/shared/config';
import { type Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';

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
  const indexHtml = renderIndexHtml(readFileSync(join(staticDir, 'index.html'), 'utf8'), deps);
  const page = (c: Context) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  };
  return (
    new Hono<AppEnv>()
      // index.html is a template: it must never be served raw, only with the config rendered in.
      .get('/', page)
      .get('/index.html', page)
      .use('/assets/*', async (c, next) => {
        await next();
        // Vite content-hashes these file names, so a cached copy can never be stale.
        if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
      })
      .use('*', serveStatic({ root: staticDir }))
      .get('*', page)
  );
}
