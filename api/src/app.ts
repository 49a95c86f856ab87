import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { csrfProtection, requireSession, sessionMiddleware } from './lib/session/session-http';
import { authRoutes } from './features/auth/auth.routes';
import { createSessionStore, sessionTimeoutsOf } from './lib/session/sessions';
import { adminApp } from './features/admin/admin.app';
import { docsRoutes } from './features/docs/docs.routes';
import { QUEUE_MONITOR_PATH, queueMonitor } from './features/admin/queue-monitor';
import { donationsRoutes } from './features/donations/donations.routes';
import { eventsRoutes } from './features/events/events.routes';
import { healthRoutes } from './features/health/health.routes';
import { manageRoutes } from './features/manage/manage.routes';
import { mediaAdminRoutes, mediaFileRoutes } from './features/media/media.routes';
import { newsRoutes } from './features/news/news.routes';
import { membershipsRoutes } from './features/memberships/memberships.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { registrationsRoutes } from './features/registrations/registrations.routes';
import { crawlerRoutes } from './features/web/crawlers';
import { webRoutes } from './features/web/web.routes';
import { webhooksRoutes } from './features/webhooks/webhooks.routes';
import type { AppDeps, AppEnv } from './lib/context';
import { noStorePersonal } from './lib/cache-control';
import { compressResponses } from './lib/compression';
import { bodyNotReceived, closeAfterUnreadBody } from './lib/connection';
import { cachePublicReads } from './lib/public-cache';
import { AppError, clientValueError } from './lib/errors';
import { BODY_LIMITS, MAX_JSON_DEPTH, limitRequestBodies, sizeText } from './lib/request-body';
import { requestLogger } from './lib/request-logger';
import { limitersOf } from '@pillars/platform/limits';
import { mediaStoreOf } from '@pillars/platform/media';
import { publicWriteLimit } from './lib/limits';
import { clusterMetrics, createMetricsRegistry } from '@pillars/platform/metrics';
import { metricsRoutes, requestMetrics } from './lib/metrics';

export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const sessions = createSessionStore(deps.db, sessionTimeoutsOf(deps.config), deps.now);
  const limiters = deps.limiters ?? limitersOf(deps.config, deps.pool);
  const mediaStore = deps.media ?? mediaStoreOf(deps.config);

  const metrics = deps.metrics ?? createMetricsRegistry('api');
  clusterMetrics(metrics, { pool: deps.pool, queues: deps.queues });

  app.use('*', requestId());
  app.use('*', requestLogger(deps.logger));
  app.use('*', requestMetrics(metrics));
  app.use('*', closeAfterUnreadBody);
  // Outermost of the answer-shaping middleware: it compresses what every later one produced.
  app.use('*', compressResponses);
  app.use(
    '*',
    secureHeaders({
      // Pages carry their own policy (features/web/content-security-policy.ts for the web app,
      // features/docs for the API docs), each allowing what that page loads; JSON answers need none.
      contentSecurityPolicy: undefined,
      // No page sends its address elsewhere: the reset and manage pages' URLs hold single-use tokens
      // (docs/decisions/020).
      referrerPolicy: 'no-referrer',
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.use('*', noStorePersonal(QUEUE_MONITOR_PATH));
  app.use('/api/*', cachePublicReads);
  app.use('*', limitRequestBodies);
  // Every state-changing request that carries our session, on every path: the API and the queue
  // monitor's own API alike.
  app.use('*', csrfProtection(deps.config));
  app.use('/api/*', publicWriteLimit(deps, limiters));
  // The session is read only where it is used: public pages, assets and payment calls never
  // pay for a session lookup.
  const readSession = sessionMiddleware(deps.config, sessions);
  for (const path of ['/api/auth/*', '/api/admin/*', QUEUE_MONITOR_PATH, `${QUEUE_MONITOR_PATH}/*`]) {
    app.use(path, readSession);
  }
  app.use('/api/admin/*', requireSession);

  app.route('/', healthRoutes(deps));
  app.route('/', metricsRoutes(metrics, deps.config.METRICS_TOKEN));
  app.route('/api/auth', authRoutes(deps, sessions, limiters));
  app.route('/api/admin/media', mediaAdminRoutes({ db: deps.db, store: mediaStore }));
  app.route('/api/admin', adminApp(deps));
  app.route('/api/news', newsRoutes(deps));
  app.route('/api/events', eventsRoutes(deps));
  app.route('/api/donations', donationsRoutes(deps, limiters));
  app.route('/api', paymentsRoutes(deps, limiters));
  app.route('/api', membershipsRoutes(deps, limiters));
  app.route('/api', registrationsRoutes(deps, limiters));
  app.route('/api/webhooks', webhooksRoutes(deps));
  app.route('/api/manage', manageRoutes(deps, limiters));
  // Every /api route above is declared with its schemas; this publishes them (docs/decisions/013).
  app.route(
    '/api',
    docsRoutes(() =>
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Pillars API',
          version: '1.0.0',
          description:
            'The public site and back office. Errors answer `{ error, code, issues? }`; admin calls need the ' +
            'session cookie that POST /api/auth/login sets. Requests that create a record take an optional ' +
            'Idempotency-Key header: a retry with the same key answers the first response. Request bodies are ' +
            `JSON sent as \`application/json\` (otherwise 415), at most ${sizeText(BODY_LIMITS.default)} ` +
            `(${sizeText(BODY_LIMITS.editor)} for the news and event editors; otherwise 413) and ${MAX_JSON_DEPTH} ` +
            'levels deep.',
        },
      }),
    ),
  );

  // The operators' queue monitor: signed-out visitors are sent to sign in first.
  const signInFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!c.get('session')) return c.redirect('/login', 302);
    await next();
  };
  app.use(QUEUE_MONITOR_PATH, signInFirst);
  app.use(`${QUEUE_MONITOR_PATH}/*`, signInFirst);
  app.route(QUEUE_MONITOR_PATH, queueMonitor(deps.queues));

  // The API's documentation lives under /api; /docs is where people look for it first.
  app.get('/docs', (c) => c.redirect('/api/docs', 302));

  // Unknown API paths answer JSON, never the web app's HTML.
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', 'Not found');
  });

  // Uploaded images, served with or without the web app.
  app.route('/media', mediaFileRoutes(mediaStore));

  // Before the web app's catch-all, so crawlers never get its HTML for these (docs/decisions/040).
  app.route('/', crawlerRoutes(deps));
  if (deps.config.STATIC_DIR)
    app.route(
      '/',
      webRoutes(deps, deps.config.STATIC_DIR, async (request) => app.fetch(request)),
    );

  app.notFound((c) => c.json({ error: 'Not found', code: 'NOT_FOUND' }, 404));

  app.onError((error, c) => {
    const logger = c.get('logger') ?? deps.logger;
    if (error instanceof AppError) {
      if (error.status >= 500) logger.error({ err: error }, error.message);
      return c.json(
        { error: error.message, code: error.code, ...(error.issues ? { issues: error.issues } : {}) },
        error.status,
      );
    }
    // A database refusal of the request's own values (a NUL, an oversized index key) is the
    // client's error; the contracts should have refused it first, so it is logged.
    const refused = clientValueError(error);
    if (refused) {
      logger.warn({ err: error }, 'database refused a request value');
      return c.json({ error: refused.message, code: refused.code }, refused.status);
    }
    // A client that went away mid-body: its own doing, logged with the request's line only.
    const unreceived = bodyNotReceived(error, c);
    if (unreceived) return c.json({ error: unreceived.message, code: unreceived.code }, unreceived.status);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.message || 'Bad request', code: 'BAD_REQUEST' }, error.status);
    }
    // Details stay in the log; the client learns only that it was our fault.
    logger.error({ err: error }, 'unhandled error');
    return c.json({ error: 'Internal server error', code: 'INTERNAL' }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
