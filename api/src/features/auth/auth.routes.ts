import { createRoute } from '@hono/zod-openapi';
import {
  AdminUser,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  ResetPasswordRequest,
  authMessages,
  authResponseMessages,
} from '@pillars/shared/contracts';
import { auditLog, hashResetToken, outboundEmails, users } from '@pillars/shared/db';
import { JOBS, addToOutboxRows, publishNow } from '@pillars/shared/jobs';
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { apiError, featureRouter, json, openapiRoute } from '../../lib/openapi';
import { parseJson } from '../../lib/validate';
import { visibleUserColumns } from '../admin/users.service';
import { clearSessionCookie, clientAddress, setSessionCookie } from './auth-http';
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from './passwords';
import type { SessionStore } from './sessions';
import { type LoginThrottle, type ThrottleRule, throttleKeys } from './throttle';

/** Reset e-mails per address: enough for a typo and a retry, not enough to flood a mailbox. */
const RESET_REQUESTS_PER_ADDRESS: ThrottleRule = { limit: 5, windowMs: 60 * 60_000 };

const body = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const crossSite = apiError('A cross-site request carrying our session cookie');

const login = createRoute({
  method: 'post',
  path: '/login',
  tags: ['auth'],
  summary: 'Sign in: sets the session cookie',
  request: { body: body(LoginRequest) },
  responses: {
    200: json('Signed in; the session cookie is set', LoginResponse),
    400: apiError('Invalid body'),
    401: apiError('Wrong username or password'),
    403: crossSite,
    429: {
      ...apiError('Too many failed attempts for this account or address'),
      headers: z.object({ 'Retry-After': z.string().describe('Seconds to wait') }),
    },
  },
});

const logout = createRoute({
  method: 'post',
  path: '/logout',
  tags: ['auth'],
  summary: 'Sign out: ends the session and clears its cookie',
  responses: { 200: json('Signed out', MessageResponse), 403: crossSite },
});

const me = createRoute({
  method: 'get',
  path: '/me',
  tags: ['auth'],
  summary: 'The signed-in admin',
  responses: { 200: json('The admin of this session', AdminUser), 401: apiError('No valid session') },
});

const forgotPassword = createRoute({
  method: 'post',
  path: '/forgot-password',
  tags: ['auth'],
  summary: 'Ask for a reset link; the same answer whether or not the address is an admin',
  request: { body: body(ForgotPasswordRequest) },
  responses: {
    200: json('Recorded (a link is sent if the address is known)', MessageResponse),
    400: apiError('Invalid body'),
  },
});

const resetPassword = createRoute({
  method: 'post',
  path: '/reset-password',
  tags: ['auth'],
  summary: "Set a new password with a reset link's token; signs the admin out everywhere",
  request: { body: body(ResetPasswordRequest) },
  responses: {
    200: json('Password changed', MessageResponse),
    400: apiError('Invalid body, invalid or expired token, or a weak password'),
  },
});

export function authRoutes(deps: AppDeps, sessions: SessionStore, throttle: LoginThrottle) {
  const { db, config, queues } = deps;
  const now = deps.now ?? (() => new Date());

  const app = featureRouter();
  openapiRoute(app, login, async (c) => {
    const { username, password } = await parseJson(c, LoginRequest);
    const keys = throttleKeys(username, clientAddress(c, config));
    const waitMs = await throttle.retryAfterMs([keys.account, keys.address]);
    if (waitMs > 0) {
      c.header('Retry-After', String(Math.ceil(waitMs / 1000)));
      throw new AppError('RATE_LIMITED', authResponseMessages.tooManyAttempts(Math.ceil(waitMs / 60_000)));
    }
    const [user] = await db
      .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username.trim()})`)
      .limit(1);
    // An unknown username costs a password check too, so timing does not tell which accounts exist.
    const valid = user
      ? await verifyPassword(user.passwordHash, password)
      : await verifyPassword(await decoyPasswordHash(), password).then(() => false);
    if (!user || !valid) {
      await throttle.hit([keys.account, keys.address]);
      c.get('logger').info({ event: 'login.failed' }, 'sign-in refused');
      throw new AppError('UNAUTHORIZED', authMessages.invalidCredentials);
    }
    await throttle.clear(keys.account);
    const previous = c.get('session');
    if (previous) await sessions.invalidate(previous.id);
    const session = await sessions.create(user.id);
    setSessionCookie(c, config, session.token, session.expiresAt);
    c.get('logger').info({ event: 'login.succeeded', userId: user.id }, 'signed in');
    return c.json({ success: true, user: { username: user.username } } satisfies LoginResponse, 200);
  });
  openapiRoute(app, logout, async (c) => {
    const session = c.get('session');
    if (session) await sessions.invalidate(session.id);
    clearSessionCookie(c, config);
    return c.json({ success: true } satisfies MessageResponse, 200);
  });
  openapiRoute(app, me, async (c) => {
    const session = c.get('session');
    if (!session) throw new AppError('UNAUTHORIZED', authResponseMessages.authenticationRequired);
    const [user] = await db.select(visibleUserColumns).from(users).where(eq(users.id, session.user.id)).limit(1);
    if (!user) throw new AppError('UNAUTHORIZED', authResponseMessages.authenticationRequired);
    return c.json({ ...user, createdAt: user.createdAt.toISOString() }, 200);
  });
  openapiRoute(app, forgotPassword, async (c) => {
    // The same answer, and the same work, whether or not the address belongs to an admin: the
    // request is recorded and queued; only the worker looks the address up.
    const { email } = await parseJson(c, ForgotPasswordRequest);
    const recipient = email.trim().toLowerCase();
    const key = { key: `reset:recipient:${recipient}`, rule: RESET_REQUESTS_PER_ADDRESS };
    if ((await throttle.retryAfterMs([key])) === 0) {
      await throttle.hit([key]);
      const outboxRows = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(outboundEmails)
          .values({ kind: 'password-reset', recipient })
          .returning({ id: outboundEmails.id });
        if (!row) throw new Error('insert returned no row');
        return addToOutboxRows(tx, [{ job: JOBS.sendEmail, emailId: row.id }]);
      });
      await publishNow(db, queues, c.get('logger'), outboxRows);
    }
    return c.json({ success: true, message: authResponseMessages.resetLinkSent } satisfies MessageResponse, 200);
  });
  openapiRoute(app, resetPassword, async (c) => {
    const { token, newPassword } = await parseJson(c, ResetPasswordRequest);
    const tokenHash = hashResetToken(token);
    const [user] = await db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpiry, now())))
      .limit(1);
    if (!user) throw new AppError('INVALID_DATA', authResponseMessages.invalidResetLink);
    const problem = passwordProblem(newPassword, user);
    if (problem) throw new AppError('INVALID_DATA', problem);
    const passwordHash = await hashPassword(newPassword);
    const changed = await db.transaction(async (tx) => {
      // Single use: the token is cleared in the same statement that checks it is still there.
      const updated = await tx
        .update(users)
        .set({ passwordHash, resetToken: null, resetTokenExpiry: null })
        .where(and(eq(users.id, user.id), eq(users.resetToken, tokenHash)))
        .returning({ id: users.id });
      if (updated.length === 0) return false;
      await tx.insert(auditLog).values({
        actorUserId: user.id,
        actorLabel: user.username,
        action: 'user.password-reset',
        entityType: 'user',
        entityId: user.id,
      });
      return true;
    });
    if (!changed) throw new AppError('INVALID_DATA', authResponseMessages.invalidResetLink);
    // Whoever knew the old password is signed out everywhere.
    await sessions.invalidateAllOf(user.id);
    clearSessionCookie(c, config);
    c.get('logger').info({ event: 'password.reset', userId: user.id }, 'password reset');
    return c.json({ success: true, message: authResponseMessages.passwordReset } satisfies MessageResponse, 200);
  });
  return app;
}
