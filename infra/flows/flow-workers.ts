import type { Database } from '@pillars/platform/db';
import type { QueueBackend } from '@pillars/platform/jobs';
import { type WorkerDeps, startWorkers } from '@pillars/worker/workers';

/**
 * The worker as the flow tests run it on their database and queues: four jobs at a time and the
 * outbox relayed every 200 ms, so a flow's jobs start soon after the API queues them.
 */
export function startFlowWorkers(
  database: { db: Database },
  backend: QueueBackend,
  deps: Omit<WorkerDeps, 'db' | 'backend' | 'concurrency' | 'relayIntervalMs'>,
) {
  return startWorkers({ db: database.db, backend, concurrency: 4, relayIntervalMs: 200, ...deps });
}
