import { randomUUID } from 'node:crypto';
import { recurringPolls, transactions } from '@pillars/platform/db';
import { JOBS, JOB_OPTIONS, QUEUES } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useChargeStack } from '../../test/charge-stack';
import type { RecurringPollResult } from '@pillars/money';
import { recurringPollProcessor } from './recurring-poll.processor';

// poll-recurring on real PostgreSQL, a real queue and the sandbox with NO webhook configured: the
// plans are started by the charges worker as the API would have queued them, later instalments are
// charged at the sandbox, and only this job can record them. The clock is the test's: each run is
// a minute later.
const stack = await useChargeStack('redis');
const { database, backend: queues, sandbox, provider, instalments } = stack;
const logger = createLogger({ level: 'silent' });

let clock = Date.now();
const settings = { batch: 10 };
const results = new Map<string, (result: RecurringPollResult) => void>();
const processor = () =>
  recurringPollProcessor({ db: database.db, provider, instalments, logger, now: () => new Date(clock), ...settings });
queues.createWorker(QUEUES.maintenance, async () => processor()(), {
  concurrency: 1,
  onCompleted: (job) => results.get(String(job.id))?.(job.returnvalue as RecurringPollResult),
});

/** One run of the job through the queue, a minute after the previous one. */
async function run(): Promise<RecurringPollResult> {
  clock += 60_000;
  const jobId = `poll-${randomUUID()}`;
  const done = new Promise<RecurringPollResult>((resolve) => results.set(jobId, resolve));
  await queues.queue(QUEUES.maintenance).add(JOBS.pollRecurring, {}, { ...JOB_OPTIONS[JOBS.pollRecurring], jobId });
  return done;
}

/** A monthly gift of $17.76 whose plan the charges worker started. */
async function startPlan(): Promise<{ paymentId: string; recurringId: string; firstTransactionId: string }> {
  const payment = await stack.insertPayment({ kind: 'recurring_donation', amountCents: 1776 });
  await stack.queueJob(payment);
  const row = await stack.settledRow(payment.id);
  if (!row.providerRecurringId || !row.providerTransactionId) throw new Error(`plan not started: ${row.state}`);
  return { paymentId: payment.id, recurringId: row.providerRecurringId, firstTransactionId: row.providerTransactionId };
}

const rowsOf = (ids: string[]) =>
  database.db.select().from(transactions).where(inArray(transactions.providerTransactionId, ids));
const pollOf = async (paymentId: string) =>
  (await database.db.select().from(recurringPolls).where(eq(recurringPolls.paymentId, paymentId)))[0];

const first = await startPlan();
const second = await startPlan();

describe('poll-recurring', () => {
  it('records a later instalment and a failed one with no webhook at all, each once', async () => {
    expect(sandbox.webhooks().webhooks).toEqual([]);
    const paid = await sandbox.chargeNextInstalment(first.recurringId);
    const declined = await sandbox.chargeNextInstalment(second.recurringId, { decline: true });
    const ids = [paid.transactionId, declined.transactionId];
    // New transactions reach provider queries after a delay: poll until both are recorded.
    await expect
      .poll(
        async () => {
          await run();
          return (await rowsOf(ids)).length;
        },
        { timeout: 20_000 },
      )
      .toBe(2);
    const rows = await rowsOf(ids);
    expect(rows.find((r) => r.providerTransactionId === paid.transactionId)).toMatchObject({
      amount: 1776,
      fees: 52,
      status: 'completed',
      cardLastFour: expect.stringMatching(/^\d{4}$/),
    });
    expect(rows.find((r) => r.providerTransactionId === declined.transactionId)).toMatchObject({
      amount: 1776,
      fees: 0,
      status: 'failed',
      cardLastFour: expect.stringMatching(/^\d{4}$/),
    });

    const again = await run();
    expect(again).toMatchObject({ polled: 2, recorded: 0, failedRecorded: 0, errors: 0 });
    expect(await rowsOf(ids)).toHaveLength(2);
    // The plans' first instalments are record-transaction's, never the poll's.
    expect(await rowsOf([first.firstTransactionId, second.firstTransactionId])).toEqual([]);
  });

  it("never records a partial void's replacement as a new instalment", async () => {
    // Not settled yet, so giving back part of it at Pay Theory is a partial void (docs/decisions/019).
    sandbox.setFaults({ autoSettle: false });
    try {
      const instalment = await sandbox.chargeNextInstalment(first.recurringId);
      await expect
        .poll(
          async () => {
            await run();
            return (await rowsOf([instalment.transactionId])).length;
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      const reversal = await provider.reverse(instalment.transactionId, 500);
      const replacementId = reversal.replacementTransactionId ?? '';
      expect(reversal).toMatchObject({ isVoid: true, replacementTransactionId: expect.stringMatching(/^pt_/) });
      await expect
        .poll(() => provider.getChargeDetails(replacementId))
        .toMatchObject({
          replaces: instalment.transactionId,
          recurringId: first.recurringId,
        });
      expect(await run()).toMatchObject({ recorded: 0, failedRecorded: 0, errors: 0 });
      expect(await rowsOf([replacementId])).toEqual([]);
      expect(await rowsOf([instalment.transactionId])).toEqual([
        expect.objectContaining({ amount: 1776, status: 'completed' }),
      ]);
    } finally {
      sandbox.setFaults({ autoSettle: true });
    }
  });

  it('gives every plan its turn when a run lists fewer plans than there are', async () => {
    settings.batch = 1;
    const before = [(await pollOf(first.paymentId))?.polledAt, (await pollOf(second.paymentId))?.polledAt];
    // Both were polled by the last run; the first plan's row was written first, so it goes first.
    await run();
    await run();
    const after = [(await pollOf(first.paymentId))?.polledAt, (await pollOf(second.paymentId))?.polledAt];
    expect(after[0]?.getTime()).toBe(clock - 60_000);
    expect(after[1]?.getTime()).toBe(clock);
    expect(after[0]?.getTime()).not.toBe(before[0]?.getTime());
    await run();
    expect((await pollOf(first.paymentId))?.polledAt.getTime()).toBe(clock);
    settings.batch = 10;
  });

  it('goes on with the other plans when the provider fails on one', async () => {
    // The second plan was polled longest ago, so it goes first and meets the provider's 503.
    const before = await pollOf(second.paymentId);
    sandbox.setFaults({ failNext: 1 });
    expect(await run()).toMatchObject({ polled: 2, errors: 1 });
    const failed = await pollOf(second.paymentId);
    expect(failed?.lastError).toBeTruthy();
    expect(failed?.polledAt.getTime()).toBe(clock);
    expect(failed?.syncedAt?.getTime()).toBe(before?.syncedAt?.getTime());
    expect(await pollOf(first.paymentId)).toMatchObject({ lastError: null, syncedAt: new Date(clock) });
    expect(await run()).toMatchObject({ polled: 2, errors: 0 });
    expect((await pollOf(second.paymentId))?.lastError).toBeNull();
  });

  it('lists a cancelled plan one last time and then leaves it alone', async () => {
    await provider.cancelRecurring(second.recurringId);
    expect(await run()).toMatchObject({ polled: 2 });
    expect((await pollOf(second.paymentId))?.endedAt?.getTime()).toBe(clock);
    expect(await run()).toMatchObject({ polled: 1 });
    expect((await pollOf(first.paymentId))?.endedAt).toBeNull();
  });
});
