import { randomUUID } from 'node:crypto';
import { transactionFeeCents } from '@pillars/money/rules';
import { type PaymentState, donations, memberships, outbox, payments, transactions } from '@pillars/platform/db';
import { JOBS, JOB_OPTIONS, QUEUES, flushOutboxMarks, jobIdOf } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { PaymentLedger, followUps } from '@pillars/money';
import { donationValues } from '../../test/paid-donation';
import { useQueueWorker } from '../../test/queue-worker';
import { followUpsProcessor } from './follow-ups.processor';

/**
 * complete-payment (and the update-status and record-transaction of earlier releases) on real PostgreSQL and a real queue of this file's own:
 * payments are written as the charges worker leaves them, and each job is run through the queue.
 */
describe.each(['redis', 'postgres'] as const)('follow-ups (%s queues)', async (kind) => {
  const database = await useTestDatabase();
  const { db } = database;
  const backend = await useQueueBackend(kind, database.url);
  const logger = createLogger({ level: 'silent' });
  const ledger = new PaymentLedger(db, backend, logger);
  const { run, endOf } = useQueueWorker(
    backend,
    QUEUES.followUps,
    followUpsProcessor({ db, ledger, logger, providerName: 'paytheory', liveMode: false }),
  );

  async function insertDonation(amountCents: number) {
    const [donation] = await db.insert(donations).values(donationValues(amountCents)).returning();
    if (!donation) throw new Error('insert returned no donation');
    return donation;
  }

  async function insertPayment(seed: {
    recordId: string;
    kind?: 'donation' | 'membership';
    amountCents?: number;
    state?: PaymentState;
    providerTransactionId?: string | null;
  }) {
    const id = randomUUID();
    const [row] = await db
      .insert(payments)
      .values({
        id,
        kind: seed.kind ?? 'donation',
        recordId: seed.recordId,
        amountCents: seed.amountCents ?? 2500,
        idempotencyKey: `pay_${id.replace(/-/g, '')}`,
        state: seed.state ?? 'succeeded',
        providerTransactionId:
          seed.providerTransactionId === undefined ? `pt_txn_${randomUUID()}` : seed.providerTransactionId,
      })
      .returning();
    if (!row) throw new Error('insert returned no payment');
    return row;
  }

  /** A real database fault on one donation only: a trigger that refuses its update until dropped. */
  async function refuseUpdatesOf(donationId: string) {
    const trigger = `refuse_${donationId.replace(/-/g, '')}`;
    await database.pool.query(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'donations row is locked for maintenance'; END $$`);
    await database.pool.query(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE ON donations FOR EACH ROW
       WHEN (OLD.id = '${donationId}') EXECUTE FUNCTION ${trigger}()`,
    );
    return trigger;
  }

  const donationOf = async (id: string) => (await db.select().from(donations).where(eq(donations.id, id)))[0];
  const paymentOf = async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0];
  const transactionsOf = (providerTransactionId: string) =>
    db.select().from(transactions).where(eq(transactions.providerTransactionId, providerTransactionId));

  it('runs the follow-up a successful charge queues, through the outbox, once however often it runs', async () => {
    const donation = await insertDonation(1234);
    const payment = await insertPayment({ recordId: donation.id, amountCents: 1234, state: 'processing' });
    const ended = endOf(jobIdOf(JOBS.completePayment, payment.id));
    await ledger.succeed(payment, { transactionId: 'pt_txn_outbox_' + payment.id });
    await expect(ended).resolves.toMatchObject({ ok: true });
    const completed = await donationOf(donation.id);
    expect(completed).toMatchObject({ status: 'completed', payTheoryPaymentId: 'pt_txn_outbox_' + payment.id });
    expect(await transactionsOf('pt_txn_outbox_' + payment.id)).toHaveLength(1);

    // A replay (the relay republishing after a crash) changes nothing.
    await expect(run(JOBS.completePayment, { paymentId: payment.id })).resolves.toMatchObject({ ok: true });
    expect(await donationOf(donation.id)).toEqual(completed);
    expect(await transactionsOf('pt_txn_outbox_' + payment.id)).toHaveLength(1);
  });

  /** A ledger that does a success's follow-up at once, as the worker wires it. */
  function ledgerDoingFollowUps() {
    const atOnce: PaymentLedger = new PaymentLedger(db, backend, logger, undefined, {
      followUp: (paymentId, succeeded) => steps.complete(paymentId, succeeded),
    });
    const steps = followUps({ db, ledger: atOnce, logger, providerName: 'paytheory', liveMode: false });
    return atOnce;
  }

  it('does the follow-up at once when the ledger can, and queues no job for it', async () => {
    const donation = await insertDonation(2500);
    const payment = await insertPayment({ recordId: donation.id, state: 'processing' });
    const transactionId = 'pt_txn_at_once_' + payment.id;
    await ledgerDoingFollowUps().succeed(payment, { transactionId });
    // Done when succeed returns: the record is paid and its charge row written.
    expect(await donationOf(donation.id)).toMatchObject({ status: 'completed', payTheoryPaymentId: transactionId });
    expect(await transactionsOf(transactionId)).toEqual([
      expect.objectContaining({ amount: 2500, fees: transactionFeeCents(2500) }),
    ]);
    await flushOutboxMarks(db);
    const jobId = jobIdOf(JOBS.completePayment, payment.id);
    const [row] = await db.select().from(outbox).where(eq(outbox.jobId, jobId));
    expect(row?.publishedAt).toBeInstanceOf(Date);
    expect(await backend.queue(QUEUES.followUps).jobState(jobId)).toBe('unknown');
  });

  it('queues the follow-up when doing it at once fails, and the job completes it', async () => {
    const donation = await insertDonation(2500);
    const payment = await insertPayment({ recordId: donation.id, state: 'processing' });
    const transactionId = 'pt_txn_queued_' + payment.id;
    const trigger = await refuseUpdatesOf(donation.id);
    const ended = endOf(jobIdOf(JOBS.completePayment, payment.id));
    await ledgerDoingFollowUps().succeed(payment, { transactionId });
    expect(await donationOf(donation.id)).toMatchObject({ status: 'pending' });
    await database.pool.query(`DROP TRIGGER ${trigger} ON donations`);
    await expect(ended).resolves.toMatchObject({ ok: true });
    expect(await donationOf(donation.id)).toMatchObject({ status: 'completed', payTheoryPaymentId: transactionId });
    expect(await transactionsOf(transactionId)).toHaveLength(1);
    expect(await paymentOf(payment.id)).toMatchObject({ state: 'succeeded', providerTransactionId: transactionId });
  });

  it('update-status completes a pending donation once; a replay changes nothing', async () => {
    const donation = await insertDonation(2500);
    const payment = await insertPayment({ recordId: donation.id });
    await expect(run(JOBS.updateStatus, { paymentId: payment.id })).resolves.toMatchObject({ ok: true });
    const after = await donationOf(donation.id);
    expect(after).toMatchObject({ status: 'completed', payTheoryPaymentId: payment.providerTransactionId });

    await expect(run(JOBS.updateStatus, { paymentId: payment.id })).resolves.toMatchObject({ ok: true });
    expect(await donationOf(donation.id)).toEqual(after);
  });

  it('update-status makes a membership active, and leaves a record that is no longer pending as it is', async () => {
    const [membership] = await db
      .insert(memberships)
      .values({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', paymentMethod: 'card' })
      .returning();
    if (!membership) throw new Error('insert returned no membership');
    const paid = await insertPayment({ recordId: membership.id, kind: 'membership' });
    await expect(run(JOBS.updateStatus, { paymentId: paid.id })).resolves.toMatchObject({ ok: true });
    const [active] = await db.select().from(memberships).where(eq(memberships.id, membership.id));
    expect(active).toMatchObject({ status: 'active', payTheoryPaymentId: paid.providerTransactionId });

    // An admin already settled this donation by hand: the follow-up does not overrule them.
    const donation = await insertDonation(2500);
    await db.update(donations).set({ status: 'failed' }).where(eq(donations.id, donation.id));
    const late = await insertPayment({ recordId: donation.id });
    await expect(run(JOBS.updateStatus, { paymentId: late.id })).resolves.toMatchObject({ ok: true });
    expect(await donationOf(donation.id)).toMatchObject({ status: 'failed', payTheoryPaymentId: null });
  });

  it('moves no record and writes no transaction for a payment that has not succeeded, and does not retry', async () => {
    const before = (await db.select().from(transactions)).length;
    for (const state of ['queued', 'processing', 'failed'] as const) {
      const donation = await insertDonation(2500);
      const payment = await insertPayment({ recordId: donation.id, state, providerTransactionId: null });
      for (const job of [JOBS.completePayment, JOBS.updateStatus, JOBS.recordTransaction]) {
        const outcome = await run(job, { paymentId: payment.id }, { ...JOB_OPTIONS[job], attempts: 3 });
        expect(outcome).toMatchObject({ ok: false, failedAttempts: 1 });
        expect(outcome.error).toContain('not succeeded');
      }
      expect(await donationOf(donation.id)).toMatchObject({ status: 'pending', payTheoryPaymentId: null });
    }
    expect(await db.select().from(transactions)).toHaveLength(before);
  });

  it('fails a follow-up of an unknown payment at once, without retrying', async () => {
    for (const job of [JOBS.completePayment, JOBS.updateStatus, JOBS.recordTransaction]) {
      const outcome = await run(job, { paymentId: randomUUID() }, { ...JOB_OPTIONS[job], attempts: 3 });
      expect(outcome).toMatchObject({ ok: false, failedAttempts: 1 });
      expect(outcome.error).toContain('not found');
    }
  });

  it('record-transaction writes one row with the 2.9 % fee rounded, however often it runs', async () => {
    const donation = await insertDonation(1234);
    const payment = await insertPayment({ recordId: donation.id, amountCents: 1234 });
    const providerTransactionId = payment.providerTransactionId ?? '';
    for (let i = 0; i < 2; i += 1) {
      await expect(run(JOBS.recordTransaction, { paymentId: payment.id })).resolves.toMatchObject({ ok: true });
    }
    const rows = await transactionsOf(providerTransactionId);
    expect(rows).toEqual([
      expect.objectContaining({
        donationId: donation.id,
        amount: 1234,
        // 35.786 cents, rounded.
        fees: 36,
        status: 'completed',
        paymentMethod: 'card',
        paymentProvider: 'paytheory',
        buyerEmail: donation.email,
        buyerName: 'Ada Lovelace',
      }),
    ]);
    expect(transactionFeeCents(1234)).toBe(36);
    expect(JSON.parse(rows[0]?.metadata ?? '{}')).toEqual({
      source: 'contribution',
      paymentState: 'SUCCEEDED',
      liveMode: false,
    });
  });

  it('never writes a second row for a provider transaction id already recorded elsewhere', async () => {
    const donation = await insertDonation(2500);
    const payment = await insertPayment({ recordId: donation.id });
    const providerTransactionId = payment.providerTransactionId ?? '';
    // Another writer (the webhook path records instalments) got there first.
    const [first] = await db
      .insert(transactions)
      .values({
        donationId: donation.id,
        amount: 2500,
        fees: transactionFeeCents(2500),
        status: 'completed',
        paymentMethod: 'card',
        paymentProvider: 'paytheory',
        providerTransactionId,
        buyerName: 'Ada Lovelace',
      })
      .returning();
    await expect(run(JOBS.recordTransaction, { paymentId: payment.id })).resolves.toMatchObject({ ok: true });
    expect(await transactionsOf(providerTransactionId)).toEqual([first]);
  });

  it('retries a failing status update without touching the outcome the payment reports', async () => {
    const donation = await insertDonation(2500);
    const payment = await insertPayment({ recordId: donation.id });
    const trigger = await refuseUpdatesOf(donation.id);
    const reported: Array<Awaited<ReturnType<typeof paymentOf>>> = [];
    const outcome = await run(
      JOBS.updateStatus,
      { paymentId: payment.id },
      {
        ...JOB_OPTIONS[JOBS.updateStatus],
        onAttemptFailed: () => {
          void paymentOf(payment.id).then(async (row) => {
            reported.push(row);
            await database.pool.query(`DROP TRIGGER ${trigger} ON donations`);
          });
        },
      },
    );
    expect(outcome).toMatchObject({ ok: true, failedAttempts: 1 });
    // While the update failed, and after it succeeded, the payment row (what the poll reports) is unchanged.
    expect(reported).toEqual([payment]);
    expect(await paymentOf(payment.id)).toEqual(payment);
    expect(await donationOf(donation.id)).toMatchObject({ status: 'completed' });
  });
});
