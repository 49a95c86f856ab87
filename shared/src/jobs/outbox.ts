import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import type { Logger } from '../logger';
import type { QueueBackend } from './backend';
import { JOB_OPTIONS, type JobName, type OutboxPayload, QUEUE_OF, jobIdOf } from './definitions';

/** A transaction handle or the database itself: both can insert. */
type Executor = Pick<Database, 'insert'>;

/** A job for the outbox: a payment's, a webhook event's or an e-mail's. The job id derives from the id. */
export type OutboxJob =
  { job: JobName; paymentId: string } | { job: JobName; eventId: string } | { job: JobName; emailId: string };

function idOf(payload: OutboxPayload): string {
  if ('paymentId' in payload) return payload.paymentId;
  if ('eventId' in payload) return payload.eventId;
  return payload.emailId;
}

/**
 * Records jobs to publish, inside the caller's transaction: they exist exactly when the change
 * that caused them was committed (ADR 007). Returns the outbox ids to publish now.
 */
export async function addToOutbox(tx: Executor, jobs: OutboxJob[]): Promise<number[]> {
  if (jobs.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      jobs.map(({ job, ...payload }) => ({
        queue: QUEUE_OF[job],
        jobName: job,
        jobId: jobIdOf(job, idOf(payload)),
        payload,
      })),
    )
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

const BATCH = 100;

/**
 * Publishes unpublished outbox rows (the given ones, or the oldest batch) and marks them.
 * Rows are locked with SKIP LOCKED so several relays never publish the same row at once; a row
 * whose publish fails stays unpublished for the next pass. Returns how many were published.
 */
export async function publishOutbox(
  db: Database,
  backend: QueueBackend,
  logger: Logger,
  ids?: number[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.publishedAt), ids ? inArray(outbox.id, ids) : undefined))
      .orderBy(asc(outbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const published: number[] = [];
    for (const row of rows) {
      const job = row.jobName as JobName;
      try {
        await backend.queue(QUEUE_OF[job]).add(job, row.payload as OutboxPayload, {
          ...JOB_OPTIONS[job],
          jobId: row.jobId,
        });
        published.push(row.id);
      } catch (error) {
        // The queue is unreachable: keep the row for the relay and stop hammering it this pass.
        await tx
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1`, lastError: String(error).slice(0, 500) })
          .where(inArray(outbox.id, [row.id]));
        logger.warn({ err: error, outboxId: row.id, job }, 'publish failed; the relay will retry');
        break;
      }
    }
    if (published.length > 0) {
      await tx.update(outbox).set({ publishedAt: new Date() }).where(inArray(outbox.id, published));
    }
    return published.length;
  });
}

/** The relay: keeps publishing whatever the API could not, until stopped. */
export function startOutboxRelay(options: {
  db: Database;
  backend: QueueBackend;
  logger: Logger;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const { db, backend, logger, intervalMs = 1000 } = options;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      // Drain: a full batch means there may be more behind it.
      while (!stopped && (await publishOutbox(db, backend, logger)) === BATCH);
    } catch (error) {
      logger.warn({ err: error }, 'outbox relay pass failed');
    }
  };
  const timer = setInterval(() => {
    running = running.then(tick);
  }, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
