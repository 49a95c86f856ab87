import { createRoute } from '@hono/zod-openapi';
import { authResponseMessages } from '@pillars/contracts';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { apiError } from '../../lib/openapi';
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

/** A required JSON body described by `schema`. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** A CSV file answer. */
export const csvFile = (description: string) => ({ description, content: { 'text/csv': { schema: z.string() } } });

/** Admin routes: tagged together, and every one answers 401 without a session. */
export const adminRoute = <R extends Parameters<typeof createRoute>[0]>(route: R) =>
  createRoute({ ...route, tags: ['admin'], responses: { ...route.responses, 401: signedOut } });

/** A path of the admin API (as the record lists' descriptions write it) relative to the admin app. */
export function underAdmin(path: string): string {
  if (!path.startsWith(`${ADMIN_API_PATH}/`)) throw new Error(`${path} is not under ${ADMIN_API_PATH}`);
  return path.slice(ADMIN_API_PATH.length);
}

/** Milliseconds since `started` (a performance.now() reading), for the routes' log lines. */
export const msSince = (started: number) => Math.round(performance.now() - started);
