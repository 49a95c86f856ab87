import { flushOutboxMarks } from '@pillars/platform/jobs';
import { limitersOf } from '@pillars/platform/limits';
import { createMetricsRegistry } from '@pillars/platform/metrics';
import { createPayTheoryProvider } from '@pillars/money/provider';
import { bootstrap, onShutdown } from '@pillars/platform/runtime';
import { exitOnListenError, reportListening } from '@pillars/platform/service';
import { createApp } from './app';
import { ensureFirstAdmin } from './features/auth/admin-accounts';
import { listen } from './lib/http-server';
import { PaymentEvents } from './lib/payment-events';

const { config, logger, databaseUrl, database, providerConfig, queues } = await bootstrap('api');
const provider = createPayTheoryProvider(providerConfig);
const paymentEvents = new PaymentEvents(databaseUrl, logger);
await paymentEvents.start();

await ensureFirstAdmin(database.db, config, logger);
// Rate limits are counted where every replica and the worker see them: Redis, or PostgreSQL without it.
const limiters = limitersOf(config, database.pool);

const app = createApp({
  config,
  logger,
  ...database,
  queues,
  provider,
  providerName: provider.name,
  paymentEvents,
  limiters,
  metrics: createMetricsRegistry('api', { processMetrics: true }),
});
const server = listen(app, { hostname: config.HOST, port: config.PORT }, (info) => {
  logger.info({ port: info.port, queues: queues.kind }, 'api listening');
  reportListening(info.port);
});
server.once('error', (error) => exitOnListenError(logger, error, { setting: 'PORT', value: config.PORT }));

// Stop accepting connections, release long-polls, let in-flight requests finish, then close.
onShutdown(logger, async () => {
  await paymentEvents.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await queues.close();
  await limiters.close();
  // Published rows not yet marked would only be published again by the relay; mark them now.
  await flushOutboxMarks(database.db);
  await database.close();
});
