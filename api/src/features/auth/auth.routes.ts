import { createRoute } from '@hono/zod-openapi';
import {
  AdminUser,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  ResetPasswordRequest,
  authResponseMessages,
  rateLimitMessages,
} from '@pillars/contracts';
import type { Limiters } from '@pillars/platform/limits';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { refuse } from '../../lib/limits';
import { apiError, featureRouter, json, openapiRoute, rateLimited } from '../../lib/openapi';
import { clearSessionCookie, clientAddress, setSessionCookie } from '../../lib/session/session-http';
import { authService } from './auth.service';
import type { SessionStore } from '../../lib/session/sessions';

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
    429: rateLimited,
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
    429: rateLimited,
  },
});

export function authRoutes(deps: AppDeps, sessions: SessionStore, limiters: Limiters) {
  const { config } = deps;
  const auth = authService(deps, sessions, limiters);

  const app = featureRouter();
  openapiRoute(app, login, async (c) => {
    const credentials = c.req.valid('json');
    const address = clientAddress(c, config);
    const outcome = await auth.signIn(credentials, address, c.get('session')?.id, c.get('logger'));
    if (outcome.kind === 'throttled') {
      refuse(c, outcome, authResponseMessages.tooManyAttempts(Math.ceil(outcome.retryAfterMs / 60_000)));
    }
    setSessionCookie(c, config, outcome.token, outcome.expiresAt);
    return c.json({ success: true, user: { username: outcome.username } } satisfies LoginResponse, 200);
  });
  openapiRoute(app, logout, async (c) => {
    await auth.signOut(c.get('session')?.id);
    clearSessionCookie(c, config);
    return c.json({ success: true } satisfies MessageResponse, 200);
  });
  openapiRoute(app, me, async (c) => {
    return c.json(await auth.currentUser(c.get('session')?.user.id), 200);
  });
  openapiRoute(app, forgotPassword, async (c) => {
    const { email } = c.req.valid('json');
    const refusal = await auth.requestPasswordReset(email, clientAddress(c, config), c.get('logger'));
    if (refusal) refuse(c, refusal, rateLimitMessages.tooManyRequests(refusal.retryAfterMs));
    return c.json({ success: true, message: authResponseMessages.resetLinkSent } satisfies MessageResponse, 200);
  });
  openapiRoute(app, resetPassword, async (c) => {
    const request = c.req.valid('json');
    await auth.resetPassword(request, c.get('logger'));
    clearSessionCookie(c, config);
    return c.json({ success: true, message: authResponseMessages.passwordReset } satisfies MessageResponse, 200);
  });
  return app;
}
