import { randomUUID } from 'node:crypto';
import type { OutboxPayload, QueueBackend, QueueName } from '@pillars/platform/jobs';
import type { Job, JobsOptions, Processor } from 'bullmq';
import { afterAll } from 'vitest';

export interface JobOutcome {
  ok: boolean;
  /** The processor's return value (completed jobs). */
  result?: unknown;
  /** The last attempt's error message (failed jobs). */
  error?: string;
  /** Attempts that failed before the end (retries used). */
  failedAttempts: number;
}

/**
 * A real worker on one queue of a test's own backend, and a way to await the end of a job on it:
 * its completion, or its final failure (a failed attempt that BullMQ will retry is not an end).
 * `onAttemptFailed` lets a test repair a fault between attempts, as an operator would.
 */
export function useQueueWorker(backend: QueueBackend, queue: QueueName, processor: Processor) {
  const ends = new Map<string, (outcome: JobOutcome) => void>();
  const attemptHooks = new Map<string, (error: Error) => void>();
  const failures = new Map<string, number>();

  const worker = backend.createWorker(queue, processor, {
    concurrency: 2,
    onCompleted: (job: Job) => {
      const id = String(job.id);
      ends.get(id)?.({ ok: true, result: job.returnvalue, failedAttempts: failures.get(id) ?? 0 });
    },
    onFailed: (job: Job | undefined, error: Error) => {
      if (!job) return;
      const id = String(job.id);
      failures.set(id, (failures.get(id) ?? 0) + 1);
      attemptHooks.get(id)?.(error);
      // 'failed' is emitted for every failed attempt; only a job left in the failed set has ended.
      void backend
        .queue(queue)
        .jobState(id)
        .then((state) => {
          if (state === 'failed')
            ends.get(id)?.({ ok: false, error: error.message, failedAttempts: failures.get(id) ?? 0 });
        });
    },
  });
  afterAll(() => worker.close());

  /** Resolves when the job of this id ends; call before the job can run. */
  function endOf(jobId: string): Promise<JobOutcome> {
    return new Promise((resolve) => ends.set(jobId, resolve));
  }

  /** Adds a job under a fresh id (or the given one) and resolves when it has ended. */
  async function run(
    jobName: string,
    /** A payment's, refund's, … ids; `{}` for a scheduled job, which carries none. */
    data: OutboxPayload | Record<string, never>,
    options: JobsOptions & { onAttemptFailed?: (error: Error) => void } = {},
  ): Promise<JobOutcome> {
    const { onAttemptFailed, ...jobOptions } = options;
    const jobId = jobOptions.jobId ?? `test-${randomUUID()}`;
    if (onAttemptFailed) attemptHooks.set(jobId, onAttemptFailed);
    const ended = endOf(jobId);
    await backend.queue(queue).add(jobName, data, { attempts: 1, ...jobOptions, jobId });
    return ended;
  }

  return { run, endOf };
}
