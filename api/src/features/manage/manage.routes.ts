import {
  GivingStatement,
  Id,
  ManageLinkRequest,
  ManageOverview,
  ManageSessionRequest,
  ManageSessionStarted,
  MessageResponse,
  PlanCancellation,
  StatementQuery,
  manageMessages,
} from '@pillars/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import type { Limiters } from '@pillars/platform/limits';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { featureRouter, json, openapiRoute, operation, rateLimited } from '../../lib/openapi';
import { refuse } from '../../lib/limits';
import { clientAddress, refuseCrossSite } from '../../lib/session/session-http';
import { type ManageSession, type ManageSessionStore, createManageSessionStore, manageCookie } from './manage-sessions';
import { manageService } from './manage.service';
import { isSafeMethod } from '../../lib/methods';

const tags = ['manage'];
const crossSite = 'A cross-site request';
const noSession = 'No valid manage session: ask for a new link';

const requestLink = operation('post', '/link', {
  tags,
  summary: 'Ask for a "Manage your giving" link by e-mail; the same answer whether or not the address is known',
  body: ManageLinkRequest,
  ok: json('Recorded (a link is sent if the address has anything to manage)', MessageResponse),
  status: 202,
  answers: {
    400: 'Invalid body',
    403: crossSite,
    429: { ...rateLimited, description: 'Too many link requests for this address or from this client' },
  },
});
const openSession = operation('post', '/session', {
  tags,
  summary: "Spend a manage link's token (single use) and open a manage session: sets its cookie",
  body: ManageSessionRequest,
  ok: json('Session opened for the address of the link', ManageSessionStarted),
  answers: { 400: 'Invalid body, or a link that is unknown, expired or already used', 403: crossSite },
});
const overview = operation('get', '/', {
  tags,
  summary: "The session address's contributions, memberships, registrations and receipts",
  ok: json('What the address paid for', ManageOverview),
  answers: { 401: noSession },
});
const cancelPlan = operation('post', '/plans/{paymentId}/cancel', {
  tags,
  summary: 'Ask for a monthly gift or membership of the session address to end',
  params: z.object({ paymentId: Id }),
  ok: json('Cancellation requested now, or already requested before', PlanCancellation),
  answers: { 401: noSession, 403: crossSite, 404: 'No monthly plan of this address has this id' },
});
const statement = operation('get', '/statement', {
  tags,
  summary: "The session address's giving statement for a year (gifts only)",
  query: StatementQuery,
  ok: json('The statement', GivingStatement),
  answers: { 400: 'Invalid year', 401: noSession },
});
const signOut = operation('post', '/sign-out', {
  tags,
  summary: 'End the manage session and clear its cookie',
  ok: json('Signed out', MessageResponse),
  answers: { 403: crossSite },
});

/**
 * CSRF, as for the admin's cookie (auth-http.ts): every write here must come from our own pages,
 * including opening a session, which sets a cookie.
 */
function sameSiteWrites(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const trustedOrigins = new Set([new URL(deps.config.PUBLIC_URL).origin]);
  return async (c, next) => {
    if (!isSafeMethod(c.req.method)) refuseCrossSite(c, trustedOrigins);
    await next();
  };
}

export function manageRoutes(deps: AppDeps, limiters: Limiters, store?: ManageSessionStore) {
  const { config } = deps;
  const manageSessionCookie = manageCookie(config);
  const sessions = store ?? createManageSessionStore(deps.db, deps.now ?? (() => new Date()));
  const manage = manageService(deps, limiters);

  /** The request's manage session; 401 (and the stale cookie cleared) without a valid one. */
  async function sessionOf(c: Context): Promise<ManageSession> {
    const cookie = manageSessionCookie.read(c);
    const session = await sessions.validate(cookie);
    if (!session) {
      if (cookie !== undefined) manageSessionCookie.clear(c);
      throw new AppError('UNAUTHORIZED', manageMessages.sessionRequired);
    }
    return session;
  }

  const app = featureRouter();
  app.use('*', sameSiteWrites(deps));
  openapiRoute(app, requestLink, async (c) => {
    const { email } = c.req.valid('json');
    const outcome = await manage.requestLink(email, clientAddress(c, config), c.get('logger'));
    if (outcome.kind === 'throttled') {
      refuse(c, outcome, manageMessages.tooManyRequests(Math.ceil(outcome.retryAfterMs / 60_000)));
    }
    return c.json({ success: true, message: manageMessages.linkRequested } satisfies MessageResponse, 202);
  });
  openapiRoute(app, openSession, async (c) => {
    const { token } = c.req.valid('json');
    const previous = await sessions.validate(manageSessionCookie.read(c));
    const opened = await sessions.redeem(token);
    if (!opened) throw new AppError('INVALID_DATA', manageMessages.linkInvalid);
    if (previous) await sessions.end(previous.id);
    manageSessionCookie.set(c, opened.token, opened.expiresAt);
    c.get('logger').info({ event: 'manage.session-opened' }, 'manage session opened');
    return c.json(
      { email: opened.email, expiresAt: opened.expiresAt.toISOString() } satisfies ManageSessionStarted,
      200,
    );
  });
  openapiRoute(app, overview, async (c) => {
    const session = await sessionOf(c);
    return c.json(await manage.overview(session.email), 200);
  });
  openapiRoute(
    app,
    cancelPlan,
    async (c) => {
      const session = await sessionOf(c);
      return c.json(await manage.cancelPlan(session.email, c.req.valid('param').paymentId, c.get('logger')), 200);
    },
    { unknownRecord: new AppError('NOT_FOUND', manageMessages.planNotFound) },
  );
  openapiRoute(app, statement, async (c) => {
    const session = await sessionOf(c);
    return c.json(await manage.statement(session.email, c.req.valid('query').year), 200);
  });
  openapiRoute(app, signOut, async (c) => {
    const session = await sessions.validate(manageSessionCookie.read(c));
    if (session) await sessions.end(session.id);
    manageSessionCookie.clear(c);
    return c.json({ success: true, message: manageMessages.signedOut } satisfies MessageResponse, 200);
  });
  return app;
}
