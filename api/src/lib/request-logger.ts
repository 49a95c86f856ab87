import type { Logger } from '@pillars/platform/logger';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
import { type RequestScope, beginRequestScope } from './request-scope';

/** The webhook URL carries its secret in the path (features/webhooks), which never reaches a log. */
const withoutSecrets = (path: string) => path.replace(/^(\/api\/webhooks\/[^/]+\/).+$/, '$1:secret');

/** Logged paths are cut to this many characters: longer than any of our routes with its ids and slugs. */
export const MAX_LOGGED_PATH = 256;
/** Ends a cut path, so a reader knows it was longer. */
export const CUT_MARKER = '…[cut]';

/** A path as logged: without secrets, at most MAX_LOGGED_PATH characters and the marker. */
export function loggedPath(path: string): string {
  const clean = withoutSecrets(path);
  return clean.length > MAX_LOGGED_PATH ? `${clean.slice(0, MAX_LOGGED_PATH)}${CUT_MARKER}` : clean;
}

/**
 * One log line per request, at the boundary, with the request id the client also receives
 * (X-Request-Id), and the id of the payment it created if any. Health probes and scrapes log at
 * debug so they do not drown the rest.
 */
export function requestLogger(root: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const scope: RequestScope = { requestId: c.get('requestId') };
    const logger = root.child({ reqId: scope.requestId });
    c.set('logger', logger);
    beginRequestScope(logger, scope);
    await next();
    const path = loggedPath(c.req.path);
    const line = {
      method: c.req.method,
      path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      // The payment this request created: its charge job's log lines carry the same reqId.
      ...(scope.paymentId ? { paymentId: scope.paymentId } : {}),
    };
    const quiet = path === '/healthz' || path === '/readyz' || path === '/metrics';
    if (c.res.status >= 500) logger.error(line, 'request failed');
    else if (quiet) logger.debug(line, 'request done');
    else logger.info(line, 'request done');
  });
}
