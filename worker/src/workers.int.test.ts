import { randomUUID } from 'node:crypto';
import { JOBS, JOB_OPTIONS, QUEUES } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { startWorkers } from './workers';

/**
 * The maintenance queue carries its scheduled jobs on one worker: startWorkers routes each by
 * name. Each job's result shows which processor ran (the sweep's verdicts, the poll's counts, the
 * dunning sweep's requests).
 */
describe.each(['redis', 'postgres'] as const)('maintenance queue routing (%s queues)', async (kind) => {
  const database = await useTestDatabase();
  const backend = await useQueueBackend(kind, database.url);
  const { provider, visibilityWindowMs } = await useSandbox();
  const runtime = await startWorkers({
    db: database.db,
    backend,
    provider,
    logger: createLogger({ level: 'silent' }),
    concurrency: 1,
    visibilityWindowMs,
  });
  afterAll(() => runtime.stop());

  async function finished(jobName: string) {
    const jobId = `test-${randomUUID()}`;
    await backend.queue(QUEUES.maintenance).add(jobName, {}, { ...JOB_OPTIONS[JOBS.reconcilePayments], jobId });
    const queue = backend.bullQueue(QUEUES.maintenance);
    await expect
      .poll(async () => (await queue.getJob(jobId))?.finishedOn, { timeout: 10_000 })
      .toEqual(expect.any(Number));
    return queue.getJob(jobId);
  }

  async function resultOf(jobName: string): Promise<unknown> {
    const job = await finished(jobName);
    expect(job?.failedReason).toBeUndefined();
    return job?.returnvalue;
  }

  it('runs the reconcile sweep for reconcile-payments', async () => {
    const result = await resultOf(JOBS.reconcilePayments);
    expect(result).toEqual(expect.objectContaining({ examined: 0, requeued: 0, rechecked: 0 }));
    expect(result).not.toHaveProperty('polled');
  });

  it('fails a job it does not know instead of running the sweep', async () => {
    const job = await finished('reconcile-everything');
    expect(job?.failedReason).toBe('unknown maintenance job reconcile-everything');
    expect(job?.returnvalue).toBeNull();
  });

  it('runs the recurring poll for poll-recurring', async () => {
    const result = await resultOf(JOBS.pollRecurring);
    expect(result).toEqual({ polled: 0, recorded: 0, failedRecorded: 0, errors: 0 });
  });

  it('runs the dunning sweep for end-lapsed-plans', async () => {
    expect(await resultOf(JOBS.endLapsedPlans)).toEqual({ requested: 0, skipped: 0, requeued: 0 });
  });

  it('releases ended place holds for release-expired-holds', async () => {
    expect(await resultOf(JOBS.releaseExpiredHolds)).toEqual({ released: 0 });
  });

  it('copies the settlement batches for sync-settlements', async () => {
    expect(await resultOf(JOBS.syncSettlements)).toEqual({ batches: 0, transactions: 0, unmatched: 0 });
  });
});
