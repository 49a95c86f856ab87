import { type Hook, type RouteConfig, type RouteHandler, OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { ApiError, IdempotencyKey, Slug } from '@pillars/contracts';
import { z } from 'zod';
import type { AppEnv } from './context';
import { AppError, invalidData } from './errors';
import { parseJson } from './validate';

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

type ResponseConfig = RouteConfig['responses'][number];

type Reads = NonNullable<RouteConfig['request']>;

/** A required JSON body described by `schema`. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** One operation of the API: what it reads, its success answer, and every other answer it can give. */
export interface Operation<
  P extends Reads['params'],
  Q extends Reads['query'],
  H extends Reads['headers'],
  B extends z.ZodType | undefined,
> {
  tags: string[];
  summary: string;
  params?: P;
  query?: Q;
  headers?: H;
  /** A required JSON body. */
  body?: B;
  /** The success answer, and its status when it is not 200. */
  ok: ResponseConfig;
  status?: 200 | 201 | 202;
  /** Every other answer by its status: an error's description (apiError), or the whole answer. */
  answers?: Record<number, string | ResponseConfig | undefined>;
}

type RequestOf<P, Q, H, B> = {
  params: P;
  query: Q;
  headers: H;
  body: B extends z.ZodType ? ReturnType<typeof jsonBody<B>> : undefined;
};

/** A route from its operation: the one way a feature declares what it reads and answers. */
export function operation<
  M extends 'get' | 'post' | 'put' | 'patch' | 'delete',
  Path extends string,
  P extends Reads['params'] = undefined,
  Q extends Reads['query'] = undefined,
  H extends Reads['headers'] = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  method: M,
  path: Path,
  { tags, summary, params, query, headers, body, ok, status = 200, answers = {} }: Operation<P, Q, H, B>,
) {
  const reads = { params, query, headers, body: body && jsonBody(body) };
  const request = Object.fromEntries(Object.entries(reads).filter(([, read]) => read !== undefined));
  const responses: Record<number, ResponseConfig> = { [status]: ok };
  for (const [code, answer] of Object.entries(answers)) {
    if (answer !== undefined) responses[Number(code)] = typeof answer === 'string' ? apiError(answer) : answer;
  }
  const route = { method, path, tags, summary, ...(Object.keys(request).length > 0 ? { request } : {}), responses };
  return createRoute(route as unknown as Omit<typeof route, 'request'> & { request: RequestOf<P, Q, H, B> });
}

/** The public list of a published kind of record (`tag`: events, news). */
export const publicListRoute = (tag: string, summary: string, ok: ResponseConfig) =>
  operation('get', '/', { tags: [tag], summary, ok });

/**
 * A published record read by its slug: `ok`, a 301 from a former slug (`moved` says where
 * Location points) and the 404 `missing` when no public record has the slug.
 */
export const publicBySlugRoute = (
  tag: string,
  summary: string,
  { ok, moved, missing }: { ok: ResponseConfig; moved: string; missing: string },
) =>
  operation('get', '/{slug}', {
    tags: [tag],
    summary,
    params: z.object({ slug: Slug }),
    ok,
    answers: { 301: { description: moved }, 404: missing },
  });

/** How a route answers a request its definition refuses, beyond the house's 400 (docs/decisions/013). */
export interface RouteOptions {
  /** The 404 naming the record when a path parameter fails its schema; "Not found" without it. */
  unknownRecord?: AppError;
}

/** A path that names nothing, as for a route that does not exist (app.ts). */
const pathNamesNothing = () => new AppError('NOT_FOUND', 'Not found');

/** The JSON body's schema of a route that reads JSON; the webhooks read raw text (docs/decisions/013). */
function jsonBodySchema(route: RouteConfig): z.ZodType | undefined {
  if (route.tags?.includes('webhooks')) return undefined;
  const media = route.request?.body?.content['application/json'];
  return media && 'schema' in media && media.schema instanceof z.ZodType ? media.schema : undefined;
}

/**
 * Adds `route` to the document and serves it, its definition validating the request: the query,
 * path through the library with the house's answers (400 INVALID_DATA naming the issues; a 404
 * for a path parameter), then the JSON body through lib/validate with the same
 * schema, so the 413, 415, UTF-8 and malformed-JSON answers of lib/request-body stay the one
 * rule. The handler reads `c.req.valid(...)` (docs/decisions/013).
 */
export function openapiRoute<R extends RouteConfig>(
  app: OpenAPIHono<AppEnv>,
  route: R,
  handler: RouteHandler<R, AppEnv>,
  options: RouteOptions = {},
) {
  app.openAPIRegistry.registerPath(withBodyErrors(route));
  const bodySchema = jsonBodySchema(route);
  // The body is left to lib/validate: the library's own reader answers 415 and malformed JSON
  // in words of its own, and reads a body before a webhook's secret is checked. The declared
  // headers (Idempotency-Key) are read after the body by lib/idempotency with the same contract,
  // so a body the route cannot read is its 415 or 400 whatever the key.
  const { body: _readBelow, headers: _readAfterBody, ...request } = route.request ?? {};
  const served = { ...route, request, hide: true } as R;
  const hook: Hook<unknown, AppEnv, string, undefined> = (result) => {
    if (result.success) return;
    // A path parameter that fails its schema (an id that is not a UUID) names no record: 404, never 400.
    if (result.target === 'param') throw options.unknownRecord ?? pathNamesNothing();
    throw invalidData(result.error);
  };
  const serve = async (...[c, next]: Parameters<RouteHandler<R, AppEnv>>) => {
    if (bodySchema) c.req.addValidatedData('json', (await parseJson(c, bodySchema)) as object);
    return handler(c, next);
  };
  // The handler's own type stands: an async wrapper of it answers what it answers.
  return app.openapi(served, serve as unknown as RouteHandler<R, AppEnv>, hook);
}
