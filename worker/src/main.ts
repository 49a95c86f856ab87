import { limitersOf } from '@pillars/shared/limits';
import { bootstrap, onShutdown } from '@pillars/shared/runtime';
import { startEmailThread } from './email-thread-host';
import { startWorkers } from './workers';

const { config, logger, database, provider, queues } = await bootstrap('worker');
// The email queue runs on a thread of its own, so rendering e-mails never delays a charge.
const emailThread = await startEmailThread(logger);
// Declines are counted in the api's limiter store, so the api refuses a payer who keeps declining.
const limiters = limitersOf(config, database.pool);
const runtime = await startWorkers({
  db: database.db,
  backend: queues,
  provider,
  logger,
  concurrency: config.WORKER_CONCURRENCY,
  chargesConcurrency: config.CHARGES_CONCURRENCY,
  visibilityWindowMs: config.PAYMENT_PROVIDER_VISIBILITY_MS,
  dunningGraceDays: config.DUNNING_GRACE_DAYS,
  limiters,
});
logger.info(
  {
    queues: queues.kind,
    concurrency: config.WORKER_CONCURRENCY,
    chargesConcurrency: config.CHARGES_CONCURRENCY,
    visibilityWindowMs: config.PAYMENT_PROVIDER_VISIBILITY_MS,
    lockMs: config.WORKER_LOCK_MS,
    dunningGraceDays: config.DUNNING_GRACE_DAYS,
    liveMode: provider.liveMode,
    mail: emailThread.destination,
  },
  'worker started',
);

// SIGTERM: take no new jobs, finish the active ones, then exit (a deploy never cuts a charge).
onShutdown(logger, async () => {
  await Promise.all([runtime.stop(), emailThread.stop()]);
  await queues.close();
  await limiters.close();
  await database.close();
});
