import { and, asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { preparedStatement } from '../db/statement';
import type { Logger } from '../logger';
import type { QueueBackend } from './backend';
import { JOB_OPTIONS, type JobName, type OutboxPayload, QUEUE_OF, type QueueName, jobIdOf } from './definitions';

/** A transaction handle or the database itself: both can insert. */
type Executor = Pick<Database, 'insert'>;

/** What publishing an outbox row needs: the row as its INSERT … RETURNING gave it, never re-read. */
export type OutboxRow = Pick<typeof outbox.$inferSelect, 'id' | 'queue' | 'jobName' | 'jobId' | 'payload'>;

/** The columns of an OutboxRow, for a RETURNING clause. */
export const outboxRowColumns = {
  id: outbox.id,
  queue: outbox.queue,
  jobName: outbox.jobName,
  jobId: outbox.jobId,
  payload: outbox.payload,
};

/** A job for the outbox: a payment's, a webhook event's or an e-mail's. The job id derives from the id. */
export type OutboxJob =
  | { job: JobName; paymentId: string; requestId?: string; declineSource?: string }
  | { job: JobName; eventId: string }
  | { job: JobName; emailId: string }
  | { job: JobName; refundId: string }
  | { job: JobName; runId: string };

function idOf(payload: OutboxPayload): string {
  if ('paymentId' in payload) return payload.paymentId;
  if ('eventId' in payload) return payload.eventId;
  if ('refundId' in payload) return payload.refundId;
  if ('runId' in payload) return payload.runId;
  return payload.emailId;
}

/** The outbox row of a job, as it is inserted (the id is the database's). */
export function outboxValuesOf({ job, ...payload }: OutboxJob): Omit<OutboxRow, 'id'> {
  return { queue: QUEUE_OF[job], jobName: job, jobId: jobIdOf(job, idOf(payload)), payload };
}

/**
 * Records jobs to publish, inside the caller's transaction: they exist exactly when the change
 * that caused them was committed (ADR 007). Returns the rows to publish now (`publishNow`).
 */
export async function addToOutboxRows(tx: Executor, jobs: OutboxJob[]): Promise<OutboxRow[]> {
  if (jobs.length === 0) return [];
  return tx.insert(outbox).values(jobs.map(outboxValuesOf)).returning(outboxRowColumns);
}

/** `addToOutboxRows`, returning only the ids, for `publishOutbox(…, ids)`. */
export async function addToOutbox(tx: Executor, jobs: OutboxJob[]): Promise<number[]> {
  return (await addToOutboxRows(tx, jobs)).map((row) => row.id);
}

/**
 * How old an unpublished row must be before the relay takes it: younger rows belong to the fast
 * path (`publishNow`) of the request that wrote them, so the two rarely publish one row at once
 * (when they do, the deterministic job id makes the second add a no-op).
 */
export const RELAY_GRACE_MS = 3000;
/** The fast path marks published rows in batches: after this many rows, or this long after the first. */
const MARK_BATCH = 200;
const MARK_AFTER_MS = 5;

/**
 * Marks rows published in batches, one UPDATE for many rows. A crash before the mark only means
 * the relay publishes the row again, which the deterministic job id turns into a no-op (or, for a
 * job already finished and removed, a job the worker skips because the payment is settled).
 */
class OutboxMarks {
  private pending: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  add(ids: number[]): void {
    this.pending.push(...ids);
    if (this.pending.length >= MARK_BATCH) this.flushSoon(0);
    else this.flushSoon(MARK_AFTER_MS);
  }

  private flushSoon(ms: number): void {
    if (this.timer && ms > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
    this.timer.unref();
  }

  /** Writes every pending mark; resolves when those and any earlier ones are written. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = this.pending;
    this.pending = [];
    if (ids.length > 0) {
      const write = MARK_PUBLISHED(this.db, { ids }).then(
        () => undefined,
        (error: unknown) =>
          this.logger.warn({ err: error, rows: ids.length }, 'outbox mark failed; the relay republishes'),
      );
      this.inFlight.add(write);
      void write.finally(() => this.inFlight.delete(write));
    }
    await Promise.all([...this.inFlight]);
  }
}

/** The marks' one statement, prepared: it runs for every payment, in the API and the worker. */
const MARK_PUBLISHED = preparedStatement(
  'outbox_mark_published',
  sql`UPDATE ${outbox} SET published_at = now()
    WHERE id = ANY(${sql.placeholder('ids')}::bigint[]) AND published_at IS NULL`,
);

const marksByDatabase = new WeakMap<Database, OutboxMarks>();

function marksOf(db: Database, logger: Logger): OutboxMarks {
  let marks = marksByDatabase.get(db);
  if (!marks) {
    marks = new OutboxMarks(db, logger);
    marksByDatabase.set(db, marks);
  }
  return marks;
}

/**
 * After commit: publish the rows just written, at once, from what their INSERT returned (no
 * SELECT), and mark them published in a batch (`flushOutboxMarks` on shutdown). A row whose add
 * fails stays unpublished for the relay; the caller's request succeeds anyway.
 */
export async function publishNow(
  db: Database,
  backend: QueueBackend,
  logger: Logger,
  rows: OutboxRow[],
): Promise<void> {
  if (rows.length === 0) return;
  // One round trip per queue (a payment's follow-ups share theirs); a queue whose add fails keeps
  // its rows unpublished for the relay, and the others are still marked.
  const byQueue = new Map<QueueName, OutboxRow[]>();
  for (const row of rows) {
    const queue = QUEUE_OF[row.jobName as JobName];
    const queued = byQueue.get(queue);
    if (queued) queued.push(row);
    else byQueue.set(queue, [row]);
  }
  const published: number[] = [];
  for (const [queue, queued] of byQueue) {
    try {
      const jobs = queued.map((row) => {
        const job = row.jobName as JobName;
        return { name: job, data: row.payload as OutboxPayload, opts: { ...JOB_OPTIONS[job], jobId: row.jobId } };
      });
      // A single job (an accepted payment's charge) as a plain add: addBulk builds a pipeline even
      // for one job, and ioredis makes each pipeline a copy of every BullMQ script command. Either
      // resolves only once the job is stored, so a row is marked only then.
      const [only] = jobs;
      if (jobs.length === 1 && only) await backend.queue(queue).add(only.name, only.data, only.opts);
      else await backend.queue(queue).addBulk(jobs);
      published.push(...queued.map((row) => row.id));
    } catch (error) {
      logger.warn(
        { err: error, outboxIds: queued.map((row) => row.id), queue },
        'publishing deferred to the outbox relay',
      );
    }
  }
  if (published.length > 0) marksOf(db, logger).add(published);
}

/**
 * Marks rows done without publishing them: their job's work was done by the process that wrote
 * them, after the commit (a payment's follow-ups, docs/decisions/007). Batched as publishNow's
 * marks; a crash before the mark only means the relay publishes a job that then changes nothing.
 */
export function markPublished(db: Database, logger: Logger, rows: OutboxRow[]): void {
  if (rows.length > 0) marksOf(db, logger).add(rows.map((row) => row.id));
}

/** Writes the pending published-marks of `publishNow` for this database (shutdown, tests). */
export async function flushOutboxMarks(db: Database): Promise<void> {
  await marksByDatabase.get(db)?.flush();
}

const BATCH = 100;

/**
 * Publishes unpublished outbox rows (the given ones, or the oldest batch of those older than
 * `minAgeMs`, RELAY_GRACE_MS by default) and marks them. Rows are locked with SKIP LOCKED so
 * several relays never publish the same row at once; a row whose publish fails stays unpublished
 * for the next pass. Returns how many were published.
 */
export async function publishOutbox(
  db: Database,
  backend: QueueBackend,
  logger: Logger,
  ids?: number[],
  options: { minAgeMs?: number } = {},
): Promise<number> {
  const minAgeMs = options.minAgeMs ?? RELAY_GRACE_MS;
  const oldEnough =
    ids || minAgeMs <= 0
      ? undefined
      : lt(outbox.createdAt, sql`now() - ${sql.param(minAgeMs)} * interval '1 millisecond'`);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.publishedAt), ids ? inArray(outbox.id, ids) : undefined, oldEnough))
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
  /** Leave rows younger than this to the fast path (RELAY_GRACE_MS by default). */
  minAgeMs?: number;
}): { stop(): Promise<void> } {
  const { db, backend, logger, intervalMs = 1000, minAgeMs = RELAY_GRACE_MS } = options;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      // Drain: a full batch means there may be more behind it.
      while (!stopped && (await publishOutbox(db, backend, logger, undefined, { minAgeMs })) === BATCH);
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
