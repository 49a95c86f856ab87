import { JOBS, QUEUES, flushOutboxMarks, jobIdOf } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { followUpsProcessor } from './jobs/follow-ups/follow-ups.processor';
import { useChargeStack } from './test/charge-stack';
import { useQueueWorker } from './test/queue-worker';

/**
 * What one payment costs the database on the worker's side: every SQL statement the charge and
 * its two follow-ups send, counted at the pg client (Redis queues, so nothing else of the worker
 * talks to PostgreSQL). Budget: a whole payment (API accept + worker + follow-ups + long-poll) in
 * 12 statements; this is the worker's share.
 */
describe('SQL statements of one charge and its follow-ups', async () => {
  const stack = await useChargeStack('redis');
  const logger = createLogger({ level: 'silent' });
  const { endOf } = useQueueWorker(
    stack.backend,
    QUEUES.followUps,
    followUpsProcessor({
      db: stack.database.db,
      ledger: stack.ledger,
      logger,
      providerName: 'paytheory',
      liveMode: false,
    }),
  );

  const seen: string[] = [];
  let counting = false;
  const query = Reflect.get(pg.Client.prototype, 'query') as (this: pg.Client, ...args: unknown[]) => unknown;
  // Every statement goes through a pooled client's query(): text, or a config object with `text`.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    if (counting) {
      const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
      seen.push((text ?? '?').replace(/\s+/g, ' ').slice(0, 120));
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  afterAll(() => {
    Reflect.set(pg.Client.prototype, 'query', query);
  });

  it('charges a donation and records it in few statements', async () => {
    const payment = await stack.insertPayment();
    const ended = [JOBS.updateStatus, JOBS.recordTransaction].map((job) => endOf(jobIdOf(job, payment.id)));
    counting = true;
    await stack.queueJob(payment);
    await expect(Promise.all(ended)).resolves.toEqual([
      expect.objectContaining({ ok: true }),
      expect.objectContaining({ ok: true }),
    ]);
    await flushOutboxMarks(stack.database.db);
    counting = false;
    expect((await stack.rowOf(payment.id))?.state).toBe('succeeded');
    // Claim with payor and send recorded (1); succeed with follow-ups and notification (1); the two
    // follow-ups published in one addBulk and marked in one batched UPDATE (1, shared with other
    // payments under load); update-status (1); record-transaction (2: the read of payment and
    // payor, the insert that also queues the receipt e-mail); the receipt's outbox row marked
    // published (1, batched likewise). It was 17.
    expect(seen, seen.join('\n')).toHaveLength(7);
  });

  it('declines a charge in two statements: the claim, and the failure with its record and notification', async () => {
    seen.length = 0;
    // 1.93 is one of the sandbox's declining amounts.
    const payment = await stack.insertPayment({ amountCents: 193 });
    counting = true;
    await stack.queueJob(payment);
    await expect.poll(async () => (await stack.rowOf(payment.id))?.state, { timeout: 20_000 }).toBe('failed');
    counting = false;
    // The poll's own reads are counted too: keep only the worker's statements.
    const worker = seen.filter((text) => !text.startsWith('select'));
    expect(worker, worker.join('\n')).toHaveLength(2);
  });
});
