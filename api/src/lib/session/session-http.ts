import { getConnInfo } from '@hono/node-server/conninfo';
import type { Config } from '@pillars/platform/config';
import { authResponseMessages } from '@pillars/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import type { SessionStore } from './sessions';
import { isSafeMethod } from '../methods';

/**
 * A session's cookie named `base`: over HTTPS (PUBLIC_URL) `__Host-<base>`, Secure, Path=/, no
 * Domain, so no subdomain or plain-http page can set or read it; over http (the embedded default
 * on localhost) `<base>`. HttpOnly and SameSite=Lax, it expires with its session.
 */
export function sessionCookie(base: string, config: Pick<Config, 'PUBLIC_URL'>) {
  const secure = config.PUBLIC_URL.startsWith('https:');
  const name = secure ? `__Host-${base}` : base;
  return {
    name,
    read: (c: Context) => getCookie(c, name),
    set: (c: Context, token: string, expiresAt: Date) =>
      setCookie(c, name, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', expires: expiresAt }),
    clear: (c: Context) => deleteCookie(c, name, { path: '/', secure }),
  };
}

/** The admin's session cookie: `__Host-session`, or `session` over http. */
export const adminSessionCookie = (config: Pick<Config, 'PUBLIC_URL'>) => sessionCookie('session', config);

/** Reads the session cookie on every request; a valid one puts the session in `c.var.session`. */
export function sessionMiddleware(config: Config, store: SessionStore): MiddlewareHandler<AppEnv> {
  const cookie = adminSessionCookie(config);
  return async (c, next) => {
    const token = cookie.read(c);
    if (token) {
      const session = await store.validate(token);
      if (session) c.set('session', session);
      else cookie.clear(c);
    }
    await next();
  };
}

/** Every admin call: 401 without a valid session. */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('session')) throw new AppError('UNAUTHORIZED', authResponseMessages.authenticationRequired);
  await next();
};

/**
 * CSRF: a state-changing request on any path (the API, the queue monitor's own API) that carries
 * our session cookie (or signs in) must come from our own pages (docs/decisions/027). Browsers say where a request comes from in Sec-Fetch-Site, and in Origin;
 * a cross-site one gets 403. A client that sends neither header is not a browser, and cannot be
 * tricked into sending a victim's cookie.
 */
export function csrfProtection(config: Config): MiddlewareHandler<AppEnv> {
  const { name } = adminSessionCookie(config);
  const trustedOrigins = new Set([new URL(config.PUBLIC_URL).origin]);
  return async (c, next) => {
    if (isSafeMethod(c.req.method)) return next();
    const signingIn = c.req.path === '/api/auth/login';
    if (!signingIn && getCookie(c, name) === undefined) return next();
    refuseCrossSite(c, trustedOrigins);
    return next();
  };
}

/**
 * The check itself, for every cookie that authenticates (the admin's here, the donor's manage
 * session in features/manage): browsers say where a request comes from in Sec-Fetch-Site, and in
 * Origin; a cross-site one gets 403.
 */
export function refuseCrossSite(c: Context, trustedOrigins: ReadonlySet<string>): void {
  const fetchSite = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const ownOrigin = new URL(c.req.url).origin;
  const allowed =
    fetchSite !== undefined
      ? fetchSite === 'same-origin' || fetchSite === 'none'
      : origin === undefined || origin === ownOrigin || trustedOrigins.has(origin);
  if (!allowed) throw new AppError('FORBIDDEN', 'Cross-site request refused.');
}

/** The client's address for throttling: the socket's, or X-Forwarded-For's first hop behind a trusted proxy. */
export function clientAddress(c: Context, config: Pick<Config, 'TRUST_PROXY'>): string {
  if (config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Requests that did not come through a socket (app.request in tests).
    return 'unknown';
  }
}
