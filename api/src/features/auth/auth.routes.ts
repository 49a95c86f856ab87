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
import type { AppDeps } from '../../lib/context';
import { refuse } from '../../lib/limits';
import { featureRouter, json, openapiRoute, operation, rateLimited } from '../../lib/openapi';
import { adminSessionCookie, clientAddress } from '../../lib/session/session-http';
import { authService } from './auth.service';
import type { SessionStore } from '../../lib/session/sessions';

const tags = ['auth'];
const crossSite = 'A cross-site request carrying our session cookie';

const login = operation('post', '/login', {
  tags,
  summary: 'Sign in: sets the session cookie',
  body: LoginRequest,
  ok: json('Signed in; the session cookie is set', LoginResponse),
  answers: {
    400: 'Invalid body',
    401: 'Wrong username or password',
    403: crossSite,
    429: { ...rateLimited, description: 'Too many failed attempts for this account or address' },
  },
});

const logout = operation('post', '/logout', {
  tags,
  summary: 'Sign out: ends the session and clears its cookie',
  ok: json('Signed out', MessageResponse),
  answers: { 403: crossSite },
});

const me = operation('get', '/me', {
  tags,
  summary: 'The signed-in admin',
  ok: json('The admin of this session', AdminUser),
  answers: { 401: 'No valid session' },
});

const forgotPassword = operation('post', '/forgot-password', {
  tags,
  summary: 'Ask for a reset link; the same answer whether or not the address is an admin',
  body: ForgotPasswordRequest,
  ok: json('Recorded (a link is sent if the address is known)', MessageResponse),
  answers: { 400: 'Invalid body', 429: rateLimited },
});

const resetPassword = operation('post', '/reset-password', {
  tags,
  summary: "Set a new password with a reset link's token; signs the admin out everywhere",
  body: ResetPasswordRequest,
  ok: json('Password changed', MessageResponse),
  answers: { 400: 'Invalid body, invalid or expired token, or a weak password', 429: rateLimited },
});

export function authRoutes(deps: AppDeps, sessions: SessionStore, limiters: Limiters) {
  const { config } = deps;
  const cookie = adminSessionCookie(config);
  const auth = authService(deps, sessions, limiters);

  const app = featureRouter();
  openapiRoute(app, login, async (c) => {
    const credentials = c.req.valid('json');
    const address = clientAddress(c, config);
    const outcome = await auth.signIn(credentials, address, c.get('session')?.id, c.get('logger'));
    if (outcome.kind === 'throttled') {
      refuse(c, outcome, authResponseMessages.tooManyAttempts(Math.ceil(outcome.retryAfterMs / 60_000)));
    }
    cookie.set(c, outcome.token, outcome.expiresAt);
    return c.json({ success: true, user: { username: outcome.username } } satisfies LoginResponse, 200);
  });
  openapiRoute(app, logout, async (c) => {
    await auth.signOut(c.get('session')?.id);
    cookie.clear(c);
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
    cookie.clear(c);
    return c.json({ success: true, message: authResponseMessages.passwordReset } satisfies MessageResponse, 200);
  });
  return app;
}
