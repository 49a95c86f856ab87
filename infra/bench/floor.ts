/**
 * The machine's floor for the payments benchmark, a process of its own (started by
 * payments-bench.ts with an IPC channel after the app's processes have stopped), on the same
 * PostgreSQL and queue backend:
 *  - N × (one-row INSERT into a scratch table, then queue.add) on C concurrent loops, with a pool
 *    the size of the API's: the least the accept path of a payment must do;
 *  - N no-op jobs added with addBulk, then processed by a Worker of the app's worker concurrency:
 *    the most jobs/s the queue backend delivers to one worker process.
 */
import { performance } from 'node:perf_hooks';
import { Queue, Worker, createPostgresBackend, withBackend } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { BenchFailure, errorOf, runPool } from './common';
import { type FloorReply, type FloorSetup, FloorCommand } from './protocol';

export const FLOOR_QUEUE = 'bench-floor';
export const NOOP_QUEUE = 'bench-noop';

interface FloorJob {
  i: number;
}

/** The same BullMQ settings the app's queue backend uses (shared/platform/src/jobs/backend.ts). */
function floorQueues(setup: FloorSetup) {
  const retention = { removeOnComplete: { age: 24 * 3600, count: 10_000 } };
  if (setup.redisUrl) {
    const url = setup.redisUrl;
    const producer = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
    producer.on('error', () => undefined);
    return {
      retention,
      queue: (name: string) => new Queue<FloorJob>(name, { connection: producer, prefix: setup.prefix }),
      worker: (name: string, concurrency: number) =>
        new Worker<FloorJob>(name, () => Promise.resolve(), {
          connection: new Redis(url, { maxRetriesPerRequest: null }),
          prefix: setup.prefix,
          concurrency,
          autorun: false,
        }),
    };
  }
  const PgBull = withBackend(createPostgresBackend);
  const connection = { connectionString: setup.databaseUrl, schema: setup.prefix, max: 5, migrate: true };
  return {
    retention,
    queue: (name: string) => new PgBull.Queue<FloorJob>(name, { connection }),
    worker: (name: string, concurrency: number) =>
      new PgBull.Worker<FloorJob>(name, () => Promise.resolve(), { connection, concurrency, autorun: false }),
  };
}

async function measureFloor(setup: FloorSetup): Promise<FloorReply> {
  const N = setup.operations;
  const signal = new AbortController().signal;
  const bull = floorQueues(setup);
  const pool = new pg.Pool({ connectionString: setup.databaseUrl, max: setup.poolMax });
  pool.on('error', () => undefined);
  await pool.query(
    `CREATE TABLE bench_scratch (id bigserial PRIMARY KEY, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
  );

  const floorQueue = bull.queue(FLOOR_QUEUE);
  await floorQueue.waitUntilReady();
  const insertStart = performance.now();
  await runPool(N, setup.concurrency, signal, async (i) => {
    await pool.query('INSERT INTO bench_scratch (payload) VALUES ($1)', [JSON.stringify({ i })]);
    await floorQueue.add('floor', { i }, bull.retention);
  });
  const insertAddMs = performance.now() - insertStart;

  const noopQueue = bull.queue(NOOP_QUEUE);
  await noopQueue.waitUntilReady();
  const addStart = performance.now();
  const BULK = 1000;
  for (let from = 0; from < N; from += BULK) {
    const jobs = Array.from({ length: Math.min(BULK, N - from) }, (_, k) => ({
      name: 'noop',
      data: { i: from + k },
      opts: bull.retention,
    }));
    await noopQueue.addBulk(jobs);
  }
  const noopAddMs = performance.now() - addStart;

  const worker = bull.worker(NOOP_QUEUE, setup.workerConcurrency);
  let completed = 0;
  let failed = 0;
  const allDone = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (completed + failed < N) return;
      if (failed > 0) reject(new BenchFailure(`${failed} no-op jobs failed`));
      else resolve();
    };
    worker.on('completed', () => {
      completed++;
      check();
    });
    worker.on('failed', () => {
      failed++;
      check();
    });
  });
  const processStart = performance.now();
  void worker.run().catch(() => undefined);
  await allDone;
  const noopProcessMs = performance.now() - processStart;
  // The orchestrator drops the database and the queue keys; this process only has to report.
  return { type: 'done', insertAddMs, noopAddMs, noopProcessMs };
}

if (!process.send) {
  process.stderr.write('floor.ts is started by payments-bench.ts with an IPC channel\n');
  process.exit(2);
}
process.once('message', (raw: unknown) => {
  const reply = (message: FloorReply) => process.send?.(message, () => process.exit(0));
  const command = FloorCommand.safeParse(raw);
  if (!command.success) {
    reply({ type: 'failed', message: `unknown command: ${command.error.message}` });
    return;
  }
  measureFloor(command.data.setup).then(reply, (error: unknown) =>
    reply({ type: 'failed', message: errorOf(error).message }),
  );
});
