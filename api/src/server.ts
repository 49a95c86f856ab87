import { serve } from '@hono/node-server';
import { bootstrap, onShutdown } from '@pillars/shared/runtime';
import { createApp } from './app';
import { PaymentEvents } from './lib/payment-events';

const { config, logger, databaseUrl, database, provider, queues } = await bootstrap('api');
const paymentEvents = new PaymentEvents(databaseUrl, logger);
await paymentEvents.start();

const app = createApp({ config, logger, ...database, queues, provider, providerName: provider.name, paymentEvents });
const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, (info) => {
  logger.info({ port: info.port, queues: queues.kind }, 'api listening');
});

// Stop accepting connections, release long-polls, let in-flight requests finish, then close.
onShutdown(logger, async () => {
  await paymentEvents.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await queues.close();
  await database.close();
});
