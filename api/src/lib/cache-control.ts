import type { MiddlewareHandler } from 'hono';
import { setAnswerHeader } from './built-answer';
import type { AppEnv } from './context';
import { isSafeMethod } from './methods';

/**
 * Reads that answer about one person or one session: the back office and the queue monitor,
 * sign-in, the donor's manage pages, the queue monitor (its path given by the app), and the per-payment and per-registration reads the payment
 * pages poll. Public reads (news, events) are not listed and stay cacheable.
 */
const PERSONAL_PATHS = [
  /^\/api\/(admin|auth|manage)(\/|$)/,
  /^\/api\/payments\/[^/]+$/,
  /^\/api\/event-registrations\//,
];

/**
 * `Cache-Control: no-store` on every answer that carries personal data or a session, so neither
 * a shared cache nor the browser's back button keeps it (docs/decisions/027): the paths above,
 * every answer to a write (it names the record or payment it created), and any answer that sets
 * a cookie. Errors included: the header is set after the handler, whatever it answered.
 */
export function noStorePersonal(queueMonitorPath: string): MiddlewareHandler<AppEnv> {
  const personalPaths = [...PERSONAL_PATHS, new RegExp(`^${queueMonitorPath}(/|$)`)];
  return async (c, next) => {
    await next();
    const personal =
      !isSafeMethod(c.req.method) ||
      personalPaths.some((path) => path.test(c.req.path)) ||
      c.res.headers.has('set-cookie');
    if (personal) setAnswerHeader(c, 'Cache-Control', 'no-store');
  };
}
