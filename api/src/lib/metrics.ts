import { type Registry, httpMetrics, metricsResponse } from '@pillars/platform/metrics';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { AppEnv } from './context';

/** Methods kept as labels; anything else is `OTHER`, so label values stay a known set. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route label of a request no route or middleware claimed (the 404 fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts every request by the route PATTERN that answered it (`/api/events/:slug`), never the raw
 * path: ids and slugs would each make a new series, and the webhook path carries a secret. A request
 * a middleware or a catch-all answered is labelled with that pattern (`/api/admin/*`, `/api/*`, `/*`):
 * patterns come from the code, so their number is fixed (docs/decisions/029).
 */
export function requestMetrics(registry: Registry) {
  const http = httpMetrics(registry);
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    http.observe(
      {
        method: METHODS.has(c.req.method) ? c.req.method : 'OTHER',
        route: routePath(c) || UNMATCHED_ROUTE,
        status: c.res.status,
      },
      (performance.now() - started) / 1000,
    );
  });
}

/** GET /metrics in Prometheus' text format; a bearer token when METRICS_TOKEN is set. */
export function metricsRoutes(registry: Registry, token: string | undefined) {
  return new Hono<AppEnv>().get('/metrics', async (c) => {
    const answer = await metricsResponse(registry, token, c.req.header('authorization'));
    return c.body(answer.body, answer.status, { 'content-type': answer.contentType, 'cache-control': 'no-store' });
  });
}
