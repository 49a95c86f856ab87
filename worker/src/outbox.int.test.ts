import { randomUUID } from 'node:crypto';
import { and, inArray, isNull } from 'drizzle-orm';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { freePort } from '@pillars/testing/provision';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { outbox } from '@pillars/platform/db';
import {
  JOBS,
  type OutboxJob,
  QUEUES,
  type QueueBackend,
  addToOutbox,
  addToOutboxRows,
  createQueueBackend,
  flushOutboxMarks,
  jobIdOf,
  publishNow,
  publishOutbox,
  startOutboxRelay,
} from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';

const logger = createLogger({ level: 'silent' });
/** These tests publish rows they just wrote, so the relay's grace for the fast path is off. */
const fresh = { minAgeMs: 0 };

/** The same backend, noting the job id of every add it is asked for (the queue dedupes them). */
function counting(backend: QueueBackend, adds: string[]): QueueBackend {
  return {
    ...backend,
    queue(name) {
      const queue = backend.queue(name);
      return {
        ...queue,
        add(jobName, data, options) {
          adds.push(String(options.jobId));
          return queue.add(jobName, data, options);
        },
        addBulk(jobs) {
          adds.push(...jobs.map((job) => String(job.opts.jobId)));
          return queue.addBulk(jobs);
        },
      };
    },
  };
}

/**
 * The outbox and its relay on real PostgreSQL and each real queue backend: what the API or the
 * worker commits as "to publish" reaches the queue once, under its deterministic job id, whatever
 * fails or runs twice on the way. (The code is @pillars/platform's; its test lives with the worker,
 * which runs the relay, because shared sits below the test harness: docs/decisions/014.)
 */
describe.each(['redis', 'postgres'] as const)('outbox relay (%s queues)', async (kind) => {
  const database = await useTestDatabase();
  const { db } = database;
  const backend = await useQueueBackend(kind, database.url);

  const charges = (count: number) =>
    Array.from({ length: count }, () => ({ job: JOBS.charge, paymentId: randomUUID() }) satisfies OutboxJob);
  const write = (jobs: OutboxJob[]) => db.transaction((tx) => addToOutbox(tx, jobs));
  const unpublished = async (ids: number[]) =>
    db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.id, ids), isNull(outbox.publishedAt)));
  const rowsOf = (ids: number[]) => db.select().from(outbox).where(inArray(outbox.id, ids));

  it('publishes each committed row once, under the job id derived from its payload', async () => {
    const paymentId = randomUUID();
    const emailId = randomUUID();
    const ids = await write([
      { job: JOBS.charge, paymentId },
      { job: JOBS.updateStatus, paymentId },
      { job: JOBS.sendEmail, emailId },
    ]);
    const adds: string[] = [];
    const relay = startOutboxRelay({ db, backend: counting(backend, adds), logger, intervalMs: 20, minAgeMs: 0 });
    await expect.poll(async () => (await unpublished(ids)).length).toBe(0);
    await relay.stop();

    const expected = [
      [QUEUES.charges, jobIdOf(JOBS.charge, paymentId)],
      [QUEUES.followUps, jobIdOf(JOBS.updateStatus, paymentId)],
      [QUEUES.email, jobIdOf(JOBS.sendEmail, emailId)],
    ] as const;
    expect(adds).toEqual(expected.map(([, jobId]) => jobId));
    for (const [queue, jobId] of expected) {
      expect(await backend.queue(queue).jobState(jobId)).toBe('waiting');
    }
    // Published rows are not published again.
    await expect(publishOutbox(db, backend, logger, undefined, fresh)).resolves.toBe(0);
  });

  it('adds a job once when it is published twice (by its writer, then by the relay)', async () => {
    const paymentId = randomUUID();
    const jobId = jobIdOf(JOBS.recordTransaction, paymentId);
    const [first] = await write([{ job: JOBS.recordTransaction, paymentId }]);
    await expect(publishOutbox(db, backend, logger, first === undefined ? [] : [first])).resolves.toBe(1);
    // A second row for the same job, as a writer that runs again writes it: the queue keeps one job.
    await write([{ job: JOBS.recordTransaction, paymentId }]);
    await expect(publishOutbox(db, backend, logger, undefined, fresh)).resolves.toBe(1);
    const jobs = await backend.bullQueue(QUEUES.followUps).getJobs(['waiting']);
    expect(jobs.filter((job) => job.id === jobId)).toHaveLength(1);
  });

  it('keeps a row whose publish failed for the next pass', async () => {
    const ids = await write(charges(3));
    // A relay whose queue store is gone: Redis closed under it, or a PostgreSQL nothing answers at.
    const deadUrl = new URL(database.url);
    deadUrl.port = String(await freePort());
    const gone = await createQueueBackend({
      redisUrl: kind === 'redis' ? inject('redisUrl') : undefined,
      databaseUrl: deadUrl.href,
      prefix: `gone_${randomUUID().replace(/-/g, '').slice(0, 8)}`,
      logger,
    });
    if (kind === 'redis') await gone.close();
    else onTestFinished(() => gone.close());
    await expect(publishOutbox(db, gone, logger, undefined, fresh)).resolves.toBe(0);
    const after = await rowsOf(ids);
    expect(after.map((row) => row.publishedAt)).toEqual([null, null, null]);
    // The first failure stops the pass (the queue is unreachable); its row notes why.
    expect(after.map((row) => row.attempts).sort()).toEqual([0, 0, 1]);
    expect(after.find((row) => row.attempts === 1)?.lastError).toBeTruthy();

    await expect(publishOutbox(db, backend, logger, undefined, fresh)).resolves.toBe(3);
    expect(await unpublished(ids)).toHaveLength(0);
  });

  it('skips rows another relay holds, and publishes them once it lets go', async () => {
    const ids = await write(charges(3));
    const [held, ...free] = ids;
    const other = await database.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT id FROM outbox WHERE id = $1 FOR UPDATE', [held]);
      await expect(publishOutbox(db, backend, logger, undefined, fresh)).resolves.toBe(free.length);
      expect((await unpublished(ids)).map((row) => row.id)).toEqual([held]);
      await other.query('ROLLBACK');
    } finally {
      other.release();
    }
    await expect(publishOutbox(db, backend, logger, undefined, fresh)).resolves.toBe(1);
    expect(await unpublished(ids)).toHaveLength(0);
  });

  it('publishNow adds the rows it is given and marks them published in one batch', async () => {
    const rows = await db.transaction((tx) => addToOutboxRows(tx, charges(5)));
    const adds: string[] = [];
    await publishNow(db, counting(backend, adds), logger, rows);
    await flushOutboxMarks(db);
    expect(adds).toEqual(rows.map((row) => row.jobId));
    expect(await unpublished(rows.map((row) => row.id))).toHaveLength(0);
    const marked = await rowsOf(rows.map((row) => row.id));
    expect(new Set(marked.map((row) => row.publishedAt?.getTime())).size).toBe(1);
  });

  it('the relay republishes a row published but never marked (a crash before the mark) exactly once', async () => {
    const [row] = await db.transaction((tx) => addToOutboxRows(tx, charges(1)));
    if (!row) throw new Error('insert returned no row');
    // Published as publishNow does, then the process died before its batch of marks was written.
    await backend.queue(QUEUES.charges).add(JOBS.charge, row.payload as { paymentId: string }, { jobId: row.jobId });
    const adds: string[] = [];
    const relay = counting(backend, adds);
    // Young rows are the fast path's: the relay leaves them alone at first.
    await expect(publishOutbox(db, relay, logger, undefined, { minAgeMs: 60_000 })).resolves.toBe(0);
    await publishOutbox(db, relay, logger, undefined, fresh);
    await publishOutbox(db, relay, logger, undefined, fresh);
    expect(adds.filter((id) => id === row.jobId)).toHaveLength(1);
    expect(await unpublished([row.id])).toHaveLength(0);
    expect(await backend.queue(QUEUES.charges).jobState(row.jobId)).toBe('waiting');
  });

  it('publishNow leaves a row it could not add to the relay', async () => {
    const rows = await db.transaction((tx) => addToOutboxRows(tx, charges(2)));
    const refusing: QueueBackend = {
      ...backend,
      queue: (name) => ({
        ...backend.queue(name),
        add: () => Promise.reject(new Error('queue unreachable')),
        addBulk: () => Promise.reject(new Error('queue unreachable')),
      }),
    };
    await publishNow(db, refusing, logger, rows);
    await flushOutboxMarks(db);
    expect(await unpublished(rows.map((row) => row.id))).toHaveLength(2);
    await expect(publishOutbox(db, backend, logger, undefined, fresh)).resolves.toBeGreaterThanOrEqual(2);
    expect(await unpublished(rows.map((row) => row.id))).toHaveLength(0);
  });

  it('two relays draining the same backlog never publish a row twice', async () => {
    const jobs = charges(250);
    const ids = await write(jobs);
    const adds: string[][] = [[], []];
    const relays = adds.map((list) =>
      startOutboxRelay({ db, backend: counting(backend, list), logger, intervalMs: 10, minAgeMs: 0 }),
    );
    await expect.poll(async () => (await unpublished(ids)).length, { timeout: 20_000 }).toBe(0);
    await Promise.all(relays.map((relay) => relay.stop()));

    const all = adds.flat();
    expect(all).toHaveLength(jobs.length);
    expect(new Set(all)).toEqual(new Set(jobs.map((job) => jobIdOf(job.job, job.paymentId))));
    const counts = await backend.queue(QUEUES.charges).counts();
    expect(counts.waiting).toBeGreaterThanOrEqual(jobs.length);
  });
});
