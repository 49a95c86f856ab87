import { type RouteConfig, type RouteHandler, OpenAPIHono } from '@hono/zod-openapi';
import { ApiError, IdempotencyKey } from '@pillars/contracts';
import { z } from 'zod';
import type { AppEnv } from './context';

/** A feature's router: a Hono app whose routes also land in the OpenAPI document. */
export function featureRouter() {
  return new OpenAPIHono<AppEnv>();
}

/** A JSON response of the API, described by one of the shared contracts. */
export function json<S extends z.ZodType>(description: string, schema: S) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/** The `{ error, code, issues? }` body every non-2xx answer carries (app.ts, onError). */
export function apiError(description: string) {
  return json(description, ApiError);
}

/**
 * The answers every route with a body can give before its handler runs (lib/request-body,
 * docs/decisions/027): 413 over its size limit; 415 when a JSON body is not declared JSON. The
 * webhooks read their bodies as raw text, so they have no 415. A route's own description wins.
 */
function withBodyErrors<R extends RouteConfig>(route: R): R {
  const content = route.request?.body?.content;
  if (!content) return route;
  const readsJson = 'application/json' in content && !route.tags?.includes('webhooks');
  return {
    ...route,
    responses: {
      413: apiError('The body is larger than the limit of this route'),
      ...(readsJson ? { 415: apiError('The body is not sent as application/json') } : {}),
      ...route.responses,
    },
  };
}

/** Every rate-limited route's 429 (docs/decisions/026). */
export const rateLimited = {
  ...apiError('Too many requests from this client, payer or card: try again after Retry-After seconds'),
  headers: z.object({ 'Retry-After': z.string().describe('Seconds to wait') }),
};

/** The header that makes a retried submission answer with the first response, not a second record. */
export const idempotencyHeader = z.object({ 'Idempotency-Key': IdempotencyKey.optional() });

/**
 * Adds `route` to the document and serves it with `handler`. The library's own validators are
 * left out on purpose: handlers keep parsing with the shared schemas themselves, so the order of
 * checks (an unknown record's 404 before its body's 400, a webhook's secret before its body), the
 * malformed-JSON message and bodies sent without a Content-Type answer exactly as before
 * (docs/decisions/013).
 */
export function openapiRoute<R extends RouteConfig>(
  app: OpenAPIHono<AppEnv>,
  route: R,
  handler: RouteHandler<Omit<R, 'request'>, AppEnv>,
) {
  app.openAPIRegistry.registerPath(withBodyErrors(route));
  const { request: _documentedOnly, ...served } = route;
  return app.openapi({ ...served, hide: true }, handler);
}
