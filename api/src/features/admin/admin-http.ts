import { type RouteConfig, createRoute } from '@hono/zod-openapi';
import { type MessageResponse, authResponseMessages } from '@pillars/contracts';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { type Operation, apiError, operation } from '../../lib/openapi';
import { type Actor, actorOf } from '../../lib/audit';

/**
 * What every admin router shares: its routes' tag and 401, the signed-in actor, path ids and JSON
 * bodies. The admin app (admin.app.ts) sits behind requireSession (app.ts).
 */

/** Where the admin app is mounted: the record lists' descriptions name their paths under it. */
export const ADMIN_API_PATH = '/api/admin';

/** The signed-in admin; requireSession (app.ts) has already answered 401 without one. */
export function actorIn(c: Context<AppEnv>): Actor {
  const session = c.get('session');
  if (!session) throw new AppError('UNAUTHORIZED', authResponseMessages.authenticationRequired);
  return actorOf(session);
}

/** A path id that is not a UUID cannot name a record: the route's 404 names it, as for an unknown one. */
export const unknown = (what: string) => ({ unknownRecord: notFound(what) });

export const signedOut = apiError('No valid session');
export const idParams = z.object({ id: z.uuid() });

/** A CSV file answer. */
export const csvFile = (description: string) => ({ description, content: { 'text/csv': { schema: z.string() } } });

/** Admin routes: tagged together, and every one answers 401 without a session. */
export const adminRoute = <R extends Parameters<typeof createRoute>[0]>(route: R) =>
  createRoute({ tags: ['admin'], ...route, responses: { ...route.responses, 401: signedOut } });

const crossSite = apiError('A cross-site request');

/** One admin operation: what it reads, its success answer, and the words of each refusal it can give. */
type AdminOperation<P extends Reads['params'], Q extends Reads['query'], B extends z.ZodType | undefined> = Omit<
  Operation<P, Q, undefined, B>,
  'tags' | 'headers' | 'answers'
> & {
  /** 400: what of the query or body can be invalid. */
  invalid?: string;
  /** 404: what the path names that may not exist. */
  missing?: string;
  /** 409: the state of things that refuses the operation. */
  conflict?: string;
};
type Reads = NonNullable<RouteConfig['request']>;

/**
 * An admin route from its operation (see adminRoute); one that changes anything (any method but
 * GET) also answers 403 to a cross-site request (the CSRF check, app.ts).
 */
export function adminOperation<
  M extends 'get' | 'post' | 'put' | 'delete',
  Path extends string,
  P extends Reads['params'] = undefined,
  Q extends Reads['query'] = undefined,
  B extends z.ZodType | undefined = undefined,
>(method: M, path: Path, { invalid, missing, conflict, ...reads }: AdminOperation<P, Q, B>) {
  return operation<M, Path, P, Q, undefined, B>(method, path, {
    ...reads,
    tags: ['admin'],
    answers: {
      400: invalid,
      401: signedOut,
      403: method === 'get' ? undefined : crossSite,
      404: missing,
      409: conflict,
    },
  });
}

/** What an audited write did: its answer, and its log line (the actor's id is added after `event`). */
interface Written<B> {
  answer: B;
  log: { event: string } & Record<string, unknown>;
  message: string;
}

/**
 * An admin write: the signed-in actor does `write` (the service audits it), the write is logged
 * under the actor's id, and its answer is sent with `status`.
 */
export async function auditedWrite<B extends object, S extends ContentfulStatusCode>(
  c: Context<AppEnv>,
  status: S,
  write: (actor: Actor) => Promise<Written<B>>,
) {
  const actor = actorIn(c);
  const {
    answer,
    log: { event, ...fields },
    message,
  } = await write(actor);
  c.get('logger').info({ event, actorId: actor.userId, ...fields }, message);
  return c.json(answer, status);
}

/**
 * DELETE of the record the path's id names: the actor deletes it through `remove` (which audits
 * it); logged as `event` with the id under `idKey`; answers `{ success: true }`.
 */
export function auditedDelete(
  remove: (actor: Actor, id: string) => Promise<unknown>,
  { event, idKey, message }: { event: string; idKey: string; message: string },
) {
  return (c: Context<AppEnv>) =>
    auditedWrite(c, 200, async (actor) => {
      const id = c.req.param('id') ?? '';
      await remove(actor, id);
      return { answer: { success: true } satisfies MessageResponse, log: { event, [idKey]: id }, message };
    });
}

/** How an authored record's writes are logged: `admin.event` with `eventId`, 'event created'. */
interface AuthoredNames {
  event: string;
  idKey: string;
  noun: string;
}

/** An authored record's service: create, save and delete by the actor (each audits itself). */
interface AuthoredService<I, D extends { id: string }> {
  create: (actor: Actor, input: I) => Promise<D>;
  update: (actor: Actor, id: string, input: I) => Promise<D>;
  remove: (actor: Actor, id: string) => Promise<unknown>;
}

type WithBody<I> = Context<AppEnv, string, { out: { json: I } }>;

/**
 * The handlers of an authored record's writes (an event, a news article): create answers 201 and
 * save 200 with `{ success, data }`, delete 200 with `{ success }`; each logged as
 * `<event>.created|updated|deleted` with the record's id, `updated` also with `savedLog(input)`.
 */
export function authoredWrites<I, D extends { id: string }>(
  { event, idKey, noun }: AuthoredNames,
  service: AuthoredService<I, D>,
  savedLog: (input: I) => Record<string, unknown> = () => ({}),
) {
  return {
    create: (c: WithBody<I>) =>
      auditedWrite(c, 201, async (actor) => {
        const data = await service.create(actor, c.req.valid('json'));
        return {
          answer: { success: true, data },
          log: { event: `${event}.created`, [idKey]: data.id },
          message: `${noun} created`,
        };
      }),
    update: (c: WithBody<I>) =>
      auditedWrite(c, 200, async (actor) => {
        const id = c.req.param('id') ?? '';
        const input = c.req.valid('json');
        const data = await service.update(actor, id, input);
        const log = { event: `${event}.updated`, [idKey]: id, ...savedLog(input) };
        return { answer: { success: true, data }, log, message: `${noun} saved` };
      }),
    remove: auditedDelete(service.remove, { event: `${event}.deleted`, idKey, message: `${noun} deleted` }),
  };
}

/** The record `read` found, or the 404 naming `what`. */
export async function foundOr404<T>(what: string, read: Promise<T | null | undefined>): Promise<T> {
  const record = await read;
  if (!record) throw notFound(what);
  return record;
}

/** A path of the admin API (as the record lists' descriptions write it) relative to the admin app. */
export function underAdmin(path: string): string {
  if (!path.startsWith(`${ADMIN_API_PATH}/`)) throw new Error(`${path} is not under ${ADMIN_API_PATH}`);
  return path.slice(ADMIN_API_PATH.length);
}

/** Milliseconds since `started` (a performance.now() reading), for the routes' log lines. */
export const msSince = (started: number) => Math.round(performance.now() - started);
