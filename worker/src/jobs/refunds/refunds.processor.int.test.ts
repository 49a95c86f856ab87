import { donations, outbox, outboundEmails, refunds, transactions } from '@pillars/platform/db';
import { JOBS, JOB_OPTIONS, QUEUES, jobIdOf } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { PaymentLedger, providerLookup, refundAttempts, refundFailureMessages } from '@pillars/money';
import { TransientProviderError } from '@pillars/money/provider';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { paidDonations } from '../../test/paid-donation';
import { useQueueWorker } from '../../test/queue-worker';
import { reconcilePaymentsProcessor } from '../maintenance/reconcile-payments.processor';
import { refundsProcessor } from './refunds.processor';

/**
 * The refund job on real PostgreSQL, a real queue and the sandbox provider over HTTP
 * (docs/decisions/019): refunds in parts, a refusal, and a lost answer that must not refund twice.
 */
describe('refund job', async () => {
  const database = await useTestDatabase();
  const { db } = database;
  const backend = await useQueueBackend('redis', database.url);
  const { sandbox, provider, tokenFor } = await useSandbox();
  const logger = createLogger({ level: 'silent' });
  // Short, so the lost-answer test waits it out; still longer than the sandbox's 300 ms delay.
  const visibilityWindowMs = 1500;
  const deps = { db, backend, provider, logger, visibilityWindowMs };
  const attempt = refundAttempts(deps);
  const { run } = useQueueWorker(backend, QUEUES.charges, refundsProcessor(deps));

  const { paidDonation, ask } = paidDonations(db, provider, tokenFor);

  const refundOf = async (id: string) => (await db.select().from(refunds).where(eq(refunds.id, id)))[0];
  const statusOf = async (donationId: string) =>
    (await db.select().from(donations).where(eq(donations.id, donationId)))[0]?.status;
  const reversalsAt = (transactionId: string) =>
    sandbox.ledger().filter((e) => e.kind === 'refund' && e.transactionId === transactionId);

  it('refunds a part and then the rest, each with a refunded row, a receipt, and the donation cancelled at the end', async () => {
    const { donation, chargeRow, transactionId } = await paidDonation();
    const first = await ask(chargeRow.id, 1000);
    await expect(attempt(first.id)).resolves.toEqual({ state: 'succeeded' });
    expect(await statusOf(donation.id)).toBe('completed');

    // The provider may not show the first refund yet; the ledger's own sum counts it.
    const second = await ask(chargeRow.id, 1500);
    await expect(attempt(second.id)).resolves.toEqual({ state: 'succeeded' });
    await expect(attempt(second.id)).resolves.toEqual({ skipped: 'already settled' });
    expect(await statusOf(donation.id)).toBe('cancelled');

    const rows = await db.select().from(transactions).where(eq(transactions.refundOf, chargeRow.id));
    expect(rows.map((r) => [r.status, r.amount, r.fees, r.donationId, r.paymentId]).sort()).toEqual([
      ['refunded', 1000, 0, donation.id, chargeRow.paymentId],
      ['refunded', 1500, 0, donation.id, chargeRow.paymentId],
    ]);
    const reversals = reversalsAt(transactionId);
    expect(reversals.map((r) => r.kind === 'refund' && r.amountCents)).toEqual([1000, 1500]);
    const settled = await refundOf(second.id);
    expect(settled).toMatchObject({ state: 'succeeded', attempts: 1, providerRefundedBeforeCents: 1000 });
    expect(rows.find((r) => r.id === settled?.refundRowId)?.providerTransactionId).toBe(settled?.providerRefundId);
    const receipts = await db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.kind, 'refund-receipt'), eq(outboundEmails.subjectId, second.id)));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.recipient).toBe(donation.email);
  });

  it('never refunds twice when the answer is lost, and records the reversal it made', async () => {
    const { chargeRow, transactionId, donation } = await paidDonation();
    const refund = await ask(chargeRow.id, 700);
    sandbox.setFaults({ dropNextCharges: 1 });
    await expect(attempt(refund.id)).rejects.toBeInstanceOf(TransientProviderError);
    // Retried at once: the refund is not visible yet, so nothing is sent until the window has passed.
    for (;;) {
      const result = await attempt(refund.id).catch((error: unknown) => {
        if (error instanceof TransientProviderError) return null;
        throw error;
      });
      if (result) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const reversals = reversalsAt(transactionId);
    expect(reversals).toHaveLength(1);
    const settled = await refundOf(refund.id);
    expect(settled).toMatchObject({ state: 'succeeded', providerRefundedBeforeCents: 0 });
    expect(settled?.providerRefundId).toBe(reversals[0]?.kind === 'refund' ? reversals[0].refundId : 'none');
    expect(await statusOf(donation.id)).toBe('completed');
  });

  it('sends again only after the visibility window when the provider shows no refund', async () => {
    const { chargeRow, transactionId } = await paidDonation();
    const refund = await ask(chargeRow.id, 800);
    // The send is recorded, then the worker dies (or the request never arrives) before the provider
    // acts: as unclear to the next attempt as a lost answer.
    const dying = refundAttempts({
      ...deps,
      provider: {
        ...provider,
        reverse: () => Promise.reject(new TransientProviderError('worker died before the request left')),
      },
    });
    await expect(dying(refund.id)).rejects.toBeInstanceOf(TransientProviderError);
    expect(reversalsAt(transactionId)).toHaveLength(0);
    // Within the window, "not shown" is not "not made": nothing is sent.
    await expect(attempt(refund.id)).rejects.toThrow(/not visible at the provider yet/);
    expect(reversalsAt(transactionId)).toHaveLength(0);
    // The window runs from the send the attempt recorded, not from when the test began.
    const sentAt = (await refundOf(refund.id))?.lastSentAt?.getTime() ?? Date.now();
    await new Promise((resolve) => setTimeout(resolve, sentAt + visibilityWindowMs - Date.now() + 100));
    await expect(attempt(refund.id)).resolves.toEqual({ state: 'succeeded' });
    expect(reversalsAt(transactionId)).toHaveLength(1);
    expect(await refundOf(refund.id)).toMatchObject({ state: 'succeeded', attempts: 3 });
  });

  it('fails a refund with a message when the provider has less left than asked', async () => {
    const { chargeRow, transactionId } = await paidDonation();
    const refund = await ask(chargeRow.id, 2000);
    // Someone refunded at the provider's portal meanwhile.
    await provider.reverse(transactionId, 1000);
    await expect.poll(async () => (await provider.getChargeRefunds(transactionId))?.refundedCents).toBe(1000);
    await expect(attempt(refund.id)).resolves.toEqual({ state: 'failed' });
    expect(await refundOf(refund.id)).toMatchObject({
      state: 'failed',
      failureMessage: refundFailureMessages.notEnoughLeft(1500),
      lastSentAt: null,
    });
    expect(reversalsAt(transactionId)).toHaveLength(1);
  });

  it('runs as the refund job on the charges queue under the id derived from the refund', async () => {
    const { chargeRow } = await paidDonation();
    const refund = await ask(chargeRow.id, 2500);
    const [row] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.jobId, jobIdOf(JOBS.refund, refund.id)));
    expect(row).toMatchObject({ queue: QUEUES.charges, jobName: JOBS.refund, payload: { refundId: refund.id } });
    const jobId = jobIdOf(JOBS.refund, refund.id);
    const outcome = await run(JOBS.refund, { refundId: refund.id }, { ...JOB_OPTIONS[JOBS.refund], jobId });
    expect(outcome).toMatchObject({ ok: true, result: { state: 'succeeded' } });
    expect(await refundOf(refund.id)).toMatchObject({ state: 'succeeded' });
  });

  it('is re-queued by the sweep when its job is gone, and made once', async () => {
    const sweep = reconcilePaymentsProcessor({
      db,
      ledger: new PaymentLedger(db, backend, logger),
      lookup: providerLookup({ db, provider, logger }),
      backend,
      logger,
      visibilityWindowMs,
    });
    const { chargeRow, transactionId } = await paidDonation();
    const refund = await ask(chargeRow.id, 900);
    // A worker took it and died; its job ran out of retries and is gone.
    await db
      .update(refunds)
      .set({ state: 'processing', attempts: 1, updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(refunds.id, refund.id));
    await expect(sweep()).resolves.toMatchObject({ refundsRequeued: 1 });
    await expect.poll(async () => (await refundOf(refund.id))?.state, { timeout: 20_000 }).toBe('succeeded');
    expect(reversalsAt(transactionId)).toHaveLength(1);
    await expect(sweep()).resolves.toMatchObject({ refundsRequeued: 0 });
  });
});
