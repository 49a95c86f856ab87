import { limitersOf } from '@pillars/platform/limits';
import { clusterMetrics, createMetricsRegistry } from '@pillars/platform/metrics';
import { createPayTheoryProvider } from '@pillars/money/provider';
import { bootstrap, onShutdown } from '@pillars/platform/runtime';
import { exitOnListenError, reportListening } from '@pillars/platform/service';
import { startEmailThread } from './email-thread-host';
import { type MonitorServer, startMonitorServer, workerHealth } from './monitor';
import { startWorkers } from './workers';

const { config, logger, database, providerConfig, queues } = await bootstrap('worker');
const provider = createPayTheoryProvider(providerConfig);
const metrics = createMetricsRegistry('worker', { processMetrics: true });
clusterMetrics(metrics, { pool: database.pool, queues });
/** Whether the queues' workers take jobs; false until they are started. */
let running = (): boolean => false;
// /healthz and /metrics on a port of their own (docs/decisions/029), taken before any job is: a
// worker whose port is taken exits at once with a line naming the port, so the launcher, compose
// or an orchestrator sees it fail rather than a worker nobody can probe (docs/decisions/030).
// /healthz answers 503 until the queues' workers run.
const monitor: MonitorServer = await startMonitorServer({
  registry: metrics,
  token: config.METRICS_TOKEN,
  host: config.HOST,
  port: config.WORKER_METRICS_PORT,
  health: () => workerHealth({ running: () => running(), pool: database.pool, queues }),
  logger,
}).catch(async (error: unknown) => {
  await queues.close();
  await database.close();
  return exitOnListenError(logger, error, { setting: 'WORKER_METRICS_PORT', value: config.WORKER_METRICS_PORT });
});
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
  metrics,
  contactEmail: config.CONTACT_EMAIL,
});
running = () => runtime.running();
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
    monitorPort: monitor.port,
  },
  'worker started',
);
reportListening(monitor.port);

// SIGTERM: take no new jobs, finish the active ones, then exit (a deploy never cuts a charge).
onShutdown(logger, async () => {
  await Promise.all([runtime.stop(), emailThread.stop()]);
  await monitor.close();
  await queues.close();
  await limiters.close();
  await database.close();
});
