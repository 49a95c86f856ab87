import { JOBS, QUEUES, jobIdOf } from '@pillars/platform/jobs';
import { transactions } from '@pillars/platform/db';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { useChargeStack } from './test/charge-stack';

/**
 * What one payment costs the database on the worker's side: every SQL statement the charge and
 * its follow-up send, counted at the pg client (Redis queues, so nothing else of the worker talks
 * to PostgreSQL). The follow-up is done by the charging job at once, as the worker wires it.
 * Budget: a whole payment (API accept + worker + long-poll) in 12 statements; this is the
 * worker's share.
 */
describe('SQL statements of one charge and its follow-up', async () => {
  const stack = await useChargeStack('redis', { followUpAtOnce: true });
  /** The test's own reads while it waits, told apart from the worker's by this comment. */
  const POLL = '/* test poll */';

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

  it('charges a donation and records it in few statements, with no follow-up job', async () => {
    const payment = await stack.insertPayment();
    counting = true;
    await stack.queueJob(payment);
    // Done when the follow-up's outbox row is marked done: the charging job marks it last, once
    // the record, the charge row and the receipt's queueing are done, and never queues it.
    const followUpId = jobIdOf(JOBS.completePayment, payment.id);
    await expect
      .poll(
        async () =>
          (
            await stack.database.pool.query<{ published_at: Date | null }>(
              `SELECT published_at ${POLL} FROM outbox WHERE job_id = $1`,
              [followUpId],
            )
          ).rows[0]?.published_at,
        { timeout: 20_000 },
      )
      .toBeInstanceOf(Date);
    counting = false;
    const worker = seen.filter((text) => !text.includes(POLL));
    expect((await stack.rowOf(payment.id))?.state).toBe('succeeded');
    const [charge] = await stack.database.db.select().from(transactions).where(eq(transactions.paymentId, payment.id));
    expect(charge).toMatchObject({ amount: payment.amountCents, status: 'completed' });
    expect(await stack.backend.queue(QUEUES.followUps).counts()).toMatchObject({ waiting: 0, active: 0, completed: 0 });
    // Claim with payor and send recorded (1); succeed with its follow-up's outbox row and the
    // notification, returning the payment and payor (1); the record's status (1); the charge row
    // that also queues the receipt e-mail (1); the follow-up's and the receipt's outbox rows marked
    // in one batched UPDATE (1, shared with other payments under load). It was 7 with the
    // follow-ups as two jobs, 17 before.
    expect(worker, worker.join('\n')).toHaveLength(5);
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
