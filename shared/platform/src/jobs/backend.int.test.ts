import { randomUUID } from 'node:crypto';
import { useTestDatabase } from '@pillars/testing/test-database';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { QUEUE_POOL_MAX, createQueueBackend } from './backend';
import { QUEUES } from './definitions';

const database = await useTestDatabase();

/** This backend's connections as PostgreSQL counts them, and how many of them last ran a LISTEN (after BullMQ's comment lines). */
async function connectionsOf(applicationName: string): Promise<{ all: number; listening: number }> {
  const { rows } = await database.pool.query<{ all: number; listening: number }>(
    `SELECT count(*)::int AS all, count(*) FILTER (WHERE query ~ '^(--[^\\n]*\\n)*LISTEN ')::int AS listening
       FROM pg_stat_activity WHERE application_name = $1`,
    [applicationName],
  );
  return rows[0] ?? { all: 0, listening: 0 };
}

describe('the PostgreSQL queue backend', () => {
  it(
    'runs every queue and worker of a process on one pool and one LISTEN connection, and closes them',
    { timeout: 60_000 },
    async () => {
      const name = `conn_${randomUUID().slice(0, 8)}`;
      const backend = await createQueueBackend({
        redisUrl: undefined,
        databaseUrl: database.url,
        prefix: `test_${name}`,
        name,
        logger: createLogger({ level: 'silent' }),
      });
      const queueNames = Object.values(QUEUES);
      const done = new Map<string, number>();
      const allDone = new Promise<void>((resolve) => {
        for (const queue of queueNames) {
          backend.createWorker(queue, () => Promise.resolve('ok'), {
            concurrency: 5,
            onCompleted: () => {
              done.set(queue, (done.get(queue) ?? 0) + 1);
              if (queueNames.every((q) => done.get(q) === 20)) resolve();
            },
          });
        }
      });
      for (const queue of queueNames) {
        await backend.queue(queue).addBulk(
          Array.from({ length: 20 }, (_, i) => ({
            name: 'noop',
            data: { paymentId: randomUUID() },
            opts: { jobId: `${queue}-${i}` },
          })),
        );
      }

      // Sampled while every worker takes its jobs, and once they are done.
      const seen: number[] = [];
      let finished = false;
      void allDone.then(() => (finished = true));
      while (!finished) {
        seen.push((await connectionsOf(`${name}-queues`)).all);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(Object.fromEntries(done)).toEqual(Object.fromEntries(queueNames.map((q) => [q, 20])));
      expect(Math.max(...seen)).toBeLessThanOrEqual(QUEUE_POOL_MAX + 1);
      const after = await connectionsOf(`${name}-queues`);
      expect(after.listening).toBe(1);
      expect(after.all).toBeLessThanOrEqual(QUEUE_POOL_MAX + 1);

      await backend.close();
      // A closed client's server process leaves pg_stat_activity only once it has exited, a moment
      // after the socket closed: polled, not read once.
      await expect.poll(() => connectionsOf(`${name}-queues`), { timeout: 5_000 }).toEqual({ all: 0, listening: 0 });
    },
  );
});
