import { serve } from '@hono/node-server';
import { flushOutboxMarks } from '@pillars/shared/jobs';
import { createMetricsRegistry } from '@pillars/shared/metrics';
import { bootstrap, onShutdown } from '@pillars/shared/runtime';
import { createApp } from './app';
import { ensureFirstAdmin } from './features/auth/admin-accounts';
import { redisThrottle } from './features/auth/throttle';
import { PaymentEvents } from './lib/payment-events';

const { config, logger, databaseUrl, database, provider, queues } = await bootstrap('api');
const paymentEvents = new PaymentEvents(databaseUrl, logger);
await paymentEvents.start();

await ensureFirstAdmin(database.db, config, logger);
// Failed sign-ins are counted where every replica sees them: Redis, or PostgreSQL without it.
const throttle = config.REDIS_URL ? redisThrottle(config.REDIS_URL, `${config.QUEUE_PREFIX}:auth`) : undefined;

const app = createApp({
  config,
  logger,
  ...database,
  queues,
  provider,
  providerName: provider.name,
  paymentEvents,
  metrics: createMetricsRegistry('api', { processMetrics: true }),
  ...(throttle ? { throttle } : {}),
});
const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, (info) => {
  logger.info({ port: info.port, queues: queues.kind }, 'api listening');
});

// Stop accepting connections, release long-polls, let in-flight requests finish, then close.
onShutdown(logger, async () => {
  await paymentEvents.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await queues.close();
  await throttle?.close();
  // Published rows not yet marked would only be published again by the relay; mark them now.
  await flushOutboxMarks(database.db);
  await database.close();
});
