import { createMailer } from '@pillars/shared/mail';
import { bootstrap, onShutdown } from '@pillars/shared/runtime';
import { startWorkers } from './workers';

const { config, logger, database, provider, queues } = await bootstrap('worker');
const mailer = createMailer(config, logger);
const runtime = await startWorkers({
  db: database.db,
  backend: queues,
  provider,
  logger,
  concurrency: config.WORKER_CONCURRENCY,
  chargesConcurrency: config.CHARGES_CONCURRENCY,
  visibilityWindowMs: config.PAYMENT_PROVIDER_VISIBILITY_MS,
  dunningGraceDays: config.DUNNING_GRACE_DAYS,
  email: { mailer, site: config },
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
    mail: mailer.destination,
  },
  'worker started',
);

// SIGTERM: take no new jobs, finish the active ones, then exit (a deploy never cuts a charge).
onShutdown(logger, async () => {
  await runtime.stop();
  await queues.close();
  await database.close();
});
