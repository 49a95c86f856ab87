import { JOBS, QUEUES, jobIdOf } from '@pillars/platform/jobs';
import { transactions } from '@pillars/platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useChargeStack } from './test/charge-stack';
import { statementRecorder } from './test/statements';

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

  const statements = statementRecorder(120);

  it('charges a donation and records it in few statements, with no follow-up job', async () => {
    const payment = await stack.insertPayment();
    statements.start();
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
    const worker = statements.stop().filter((text) => !text.includes(POLL));
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
    // 1.93 is one of the sandbox's declining amounts.
    const payment = await stack.insertPayment({ amountCents: 193 });
    statements.start();
    await stack.queueJob(payment);
    await expect.poll(async () => (await stack.rowOf(payment.id))?.state, { timeout: 20_000 }).toBe('failed');
    // The poll's own reads are counted too: keep only the worker's statements.
    const worker = statements.stop().filter((text) => !text.startsWith('select'));
    expect(worker, worker.join('\n')).toHaveLength(2);
  });
});
