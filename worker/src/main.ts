import { limitersOf } from '@pillars/shared/limits';
import { clusterMetrics, createMetricsRegistry } from '@pillars/shared/metrics';
import { bootstrap, onShutdown } from '@pillars/shared/runtime';
import { startEmailThread } from './email-thread-host';
import { type MonitorServer, startMonitorServer, workerHealth } from './monitor';
import { startWorkers } from './workers';

const { config, logger, database, provider, queues } = await bootstrap('worker');
// The email queue runs on a thread of its own, so rendering e-mails never delays a charge.
const emailThread = await startEmailThread(logger);
// Declines are counted in the api's limiter store, so the api refuses a payer who keeps declining.
const limiters = limitersOf(config, database.pool);
const metrics = createMetricsRegistry('worker', { processMetrics: true });
clusterMetrics(metrics, { pool: database.pool, queues });
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
  metrics,
});
// /healthz and /metrics on a port of their own (docs/decisions/029). A port already taken stops
// neither charges nor e-mails: the error is logged, and the missing /healthz shows the worker unhealthy.
const monitor: MonitorServer | null = await startMonitorServer({
  registry: metrics,
  token: config.METRICS_TOKEN,
  host: config.HOST,
  port: config.WORKER_METRICS_PORT,
  health: () => workerHealth({ running: () => runtime.running(), pool: database.pool, queues }),
  logger,
}).catch((error: unknown) => {
  logger.error({ err: error, port: config.WORKER_METRICS_PORT }, 'could not serve /healthz and /metrics');
  return null;
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
    monitorPort: monitor?.port,
  },
  'worker started',
);

// SIGTERM: take no new jobs, finish the active ones, then exit (a deploy never cuts a charge).
onShutdown(logger, async () => {
  await Promise.all([runtime.stop(), emailThread.stop()]);
  await monitor?.close();
  await queues.close();
  await limiters.close();
  await database.close();
});
