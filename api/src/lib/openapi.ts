import { type RouteConfig, type RouteHandler, OpenAPIHono } from '@hono/zod-openapi';
import { ApiError, IdempotencyKey } from '@pillars/shared/contracts';
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
  app.openAPIRegistry.registerPath(route);
  const { request: _documentedOnly, ...served } = route;
  return app.openapi({ ...served, hide: true }, handler);
}
