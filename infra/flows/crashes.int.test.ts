import type { ChildProcess } from 'node:child_process';
import { payments } from '@pillars/platform/db';
import { type QueueBackendKind, createQueueBackend } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { inArray } from 'drizzle-orm';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { testApp } from '@pillars/api/test/test-app';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { redisOnDemand } from './redis-on-demand';
import { oneTimeDonation, postDonation } from './payment-stack';
import { contactOf } from './people';
import { exited, kill, startWorkerProcess } from './worker-process';
import { useWorkerProcessStack } from './worker-process-stack';

// No payment is lost to crashes (docs/decisions/010): the same charge jobs interrupted by worker
// SIGKILLs in a row, and a worker started before Redis. The short form runs in the suite; the
// long form (`npm run test:chaos`) sets CHAOS_PAYMENTS, CHAOS_KILLS and CHAOS_BACKENDS.

const PAYMENTS = Number(process.env.CHAOS_PAYMENTS ?? 6);
const KILLS = Number(process.env.CHAOS_KILLS ?? 3);
const BACKENDS = (process.env.CHAOS_BACKENDS ?? 'redis').split(',') as QueueBackendKind[];
// The provider's life-cycle is on, as at Pay Theory: a charge is PENDING before it is SUCCEEDED, and
// settlement batches take charges while workers die (CHAOS_PENDING_MS, CHAOS_SETTLE_EVERY_MS).
const LIFE_CYCLE = {
  pendingMs: Number(process.env.CHAOS_PENDING_MS ?? 500),
  settleEveryMs: Number(process.env.CHAOS_SETTLE_EVERY_MS ?? 2000),
};

const donation = (paymentMethodToken: string) =>
  oneTimeDonation({ ...contactOf('Crispus', 'Attucks', '555-010-1770'), amount: '30.00', paymentMethodToken });

describe.each(BACKENDS)('when workers die again and again (%s queues)', async (kind) => {
  const redisUrl = kind === 'redis' ? inject('redisUrl') : undefined;
  const { database, sandbox, tokenFor, app, startWorker } = await useWorkerProcessStack('crash', redisUrl, LIFE_CYCLE);
  // Every payment's job active at once in each worker, so each kill interrupts all of them.
  const worker = () =>
    startWorker({
      WORKER_CONCURRENCY: String(Math.max(8, PAYMENTS)),
      CHARGES_CONCURRENCY: String(Math.max(8, PAYMENTS)),
    });
  const rowsOf = (ids: string[]) => database.db.select().from(payments).where(inArray(payments.id, ids));
  const begun = async (ids: string[]) => (await rowsOf(ids)).reduce((sum, p) => sum + p.attempts, 0);

  it(
    `settles every payment, each charged at most once, after ${KILLS} SIGKILLs in a row during the same jobs`,
    { timeout: 60_000 + KILLS * 30_000 + 150_000 },
    async () => {
      const tokens = await Promise.all(Array.from({ length: PAYMENTS }, () => tokenFor()));
      // A slow provider keeps every charge job active (sending or looking up) when the kill lands.
      sandbox.setFaults({ latencyMs: 1500 });
      onTestFinished(() => sandbox.setFaults({ latencyMs: 0 }));
      const ids = await Promise.all(tokens.map(async (token) => (await postDonation(app, donation(token))).paymentId));

      let attemptsBefore = await begun(ids);
      for (let k = 0; k < KILLS; k += 1) {
        const child = worker();
        onTestFinished(() => kill(child, 'SIGKILL'));
        // Killed once it has begun (again) the jobs the previous worker held: the same jobs.
        await expect
          .poll(() => begun(ids), { timeout: 30_000, interval: 50 })
          .toBeGreaterThanOrEqual(attemptsBefore + Math.min(PAYMENTS, 4));
        await new Promise((resolve) => setTimeout(resolve, 300));
        await kill(child, 'SIGKILL');
        attemptsBefore = await begun(ids);
      }

      const last: ChildProcess = worker();
      onTestFinished(() => kill(last, 'SIGTERM'));
      // Two minutes from the last kill, every payment has settled.
      await expect
        .poll(async () => (await rowsOf(ids)).every((p) => p.state === 'succeeded' || p.state === 'failed'), {
          timeout: 120_000,
          interval: 500,
        })
        .toBe(true);
      const rows = await rowsOf(ids);
      expect(rows.filter((p) => p.state === 'processing')).toEqual([]);
      expect(rows.filter((p) => p.state === 'succeeded')).toHaveLength(PAYMENTS);
      for (const row of rows) {
        expect(
          sandbox.ledger().filter((e) => e.kind === 'charge' && e.idempotencyKey === row.idempotencyKey),
        ).toHaveLength(1);
      }
      // The kills landed on the same jobs: some payment was begun by every worker.
      expect(Math.max(...rows.map((p) => p.attempts))).toBeGreaterThanOrEqual(KILLS + 1);
      // Every charge the ledger holds is one the provider goes on to settle in a batch.
      const settled = () => new Set(sandbox.settlements().flatMap((batch) => batch.transaction_ids));
      await expect
        .poll(() => rows.filter((p) => !settled().has(p.providerTransactionId ?? '')).map((p) => p.id), {
          timeout: 30_000,
          interval: 500,
        })
        .toEqual([]);
    },
  );
});

describe('when a worker starts before Redis', async () => {
  const database = await useTestDatabase();
  const { sandbox, provider, tokenFor, visibilityWindowMs } = await useSandbox();

  it('waits for Redis instead of exiting, then charges', { timeout: 90_000 }, async () => {
    const redis = await redisOnDemand('late-redis');

    const child = startWorkerProcess({
      databaseUrl: database.url,
      redisUrl: redis.url,
      queuePrefix: 'late',
      graphqlUrl: sandbox.graphqlUrl,
      visibilityWindowMs,
    });
    onTestFinished(() => kill(child, 'SIGTERM'));
    // Give it time to fail the way it used to (ECONNREFUSED at start, exit 1): it must not.
    const early = await Promise.race([
      exited(child),
      new Promise((resolve) => setTimeout(() => resolve('running'), 3000)),
    ]);
    expect(early).toBe('running');

    await redis.start();

    const queues = await createQueueBackend({
      redisUrl: redis.url,
      databaseUrl: database.url,
      prefix: 'late',
      logger: createLogger({ level: 'silent' }),
    });
    onTestFinished(() => queues.close());
    const app = testApp(database, { queues, provider });
    const { paymentId } = await postDonation(app, donation(await tokenFor()));
    await expect
      .poll(async () => (await rowsOf(paymentId))?.state, { timeout: 60_000, interval: 250 })
      .toBe('succeeded');
    expect(child.exitCode).toBeNull();
    // Stopped while Redis still runs: its follow-ups (and the receipt they queue) finish first. The
    // hooks would stop Redis before the worker, whose jobs in hand could then never complete.
    await kill(child, 'SIGTERM');
    expect(child.exitCode).toBe(0);
  });

  const rowsOf = async (id: string) =>
    (
      await database.db
        .select()
        .from(payments)
        .where(inArray(payments.id, [id]))
    )[0];
});
