import { donations, payments, refunds, transactions } from '@pillars/platform/db';
import { createLogger } from '@pillars/platform/logger';
import { recordChargeState, refundAttempts } from '@pillars/money';
import { TransientProviderError } from '@pillars/money/provider';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { paidDonations } from '../../test/paid-donation';

/**
 * Refunds of charges not settled yet, against the sandbox with `autoSettle: false` (docs/decisions/019):
 * Pay Theory voids them, in full or in part, and a partial void replaces the charge by a new
 * transaction for the rest. After each, the app's ledger and the sandbox's agree: the money each
 * holds for the charge, and the transaction the charge now is.
 */
describe('refunds of unsettled charges are voids', async () => {
  const database = await useTestDatabase();
  const { db } = database;
  const backend = await useQueueBackend('redis', database.url);
  // Charges above $500 are held for review (flag_for_review EXCEEDS_THRESHOLD), as a merchant's threshold does.
  const { sandbox, provider, tokenFor } = await useSandbox({ reviewThresholdCents: 50_000 });
  const logger = createLogger({ level: 'silent' });
  const visibilityWindowMs = 1500;
  const attempt = refundAttempts({ db, backend, provider, logger, visibilityWindowMs });
  const { paidDonation, ask } = paidDonations(db, provider, tokenFor);

  beforeEach(() => sandbox.setFaults({ autoSettle: false }));

  /** `POST /__sandbox/settle`: a settlement batch of every captured charge, as Pay Theory makes one daily. */
  const settleAtSandbox = () =>
    fetch(`${sandbox.url}/__sandbox/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  const rowOf = async (id: string) => (await db.select().from(transactions).where(eq(transactions.id, id)))[0];
  const refundOf = async (id: string) => (await db.select().from(refunds).where(eq(refunds.id, id)))[0];
  const entriesAbout = (transactionId: string) =>
    sandbox.ledger().filter((e) => (e.kind === 'void' || e.kind === 'refund') && e.transactionId === transactionId);

  /** Until an unclear attempt is resolved: transient errors are retried a moment later, as the job's backoff does. */
  async function settleRefund(refundId: string) {
    for (;;) {
      const result = await attempt(refundId).catch((error: unknown) => {
        if (error instanceof TransientProviderError) return null;
        throw error;
      });
      if (result) return result;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * The app's ledger and the sandbox's agree on a charge: the provider transaction the charge row
   * names holds at the provider what the app's rows say is left (the charge less its refund rows),
   * and, read again, the provider's status is the one the row keeps.
   */
  async function expectLedgersAgree(chargeRowId: string) {
    const charge = await rowOf(chargeRowId);
    if (!charge?.providerTransactionId) throw new Error('no charge row');
    const given = await db.select().from(transactions).where(eq(transactions.refundOf, chargeRowId));
    const appNet = charge.amount - given.reduce((sum, row) => sum + row.amount, 0);
    const id = charge.providerTransactionId;
    await expect
      .poll(async () => {
        const read = await provider.getChargeRefunds(id);
        return read ? read.grossCents - read.refundedCents : null;
      })
      .toBe(appNet);
    const read = await provider.getChargeRefunds(id);
    if (!read) throw new Error(`provider does not show ${id}`);
    await recordChargeState(db, id, read.state, new Date());
    expect((await rowOf(chargeRowId))?.providerStatus).toBe(read.state.status);
  }

  it("voids all of a new charge: the charge row is VOIDED and keeps its id, the refund's row carries none", async () => {
    const { chargeRow, transactionId, donation } = await paidDonation(2500);
    const refund = await ask(chargeRow.id, 2500);
    await expect(attempt(refund.id)).resolves.toEqual({ state: 'succeeded' });

    expect(entriesAbout(transactionId)).toEqual([
      expect.objectContaining({ kind: 'void', amountCents: 2500, replacementId: null }),
    ]);
    expect(await refundOf(refund.id)).toMatchObject({
      state: 'succeeded',
      isVoid: true,
      providerRefundId: transactionId,
      replacementTransactionId: null,
    });
    expect(await rowOf(chargeRow.id)).toMatchObject({
      providerTransactionId: transactionId,
      providerStatus: 'VOIDED',
      providerSettled: false,
    });
    const settled = await refundOf(refund.id);
    expect(await rowOf(settled?.refundRowId ?? '')).toMatchObject({
      status: 'refunded',
      amount: 2500,
      providerTransactionId: null,
      providerStatus: 'VOIDED',
    });
    expect((await db.select().from(donations).where(eq(donations.id, donation.id)))[0]?.status).toBe('cancelled');
    await expectLedgersAgree(chargeRow.id);
  });

  it('voids a part of a new charge: the replacement becomes the charge, later refunded once settled', async () => {
    const { chargeRow, transactionId, payment, donation } = await paidDonation(2500);
    const first = await ask(chargeRow.id, 1000);
    await expect(attempt(first.id)).resolves.toEqual({ state: 'succeeded' });

    const [voided] = entriesAbout(transactionId);
    if (voided?.kind !== 'void' || !voided.replacementId) throw new Error('the sandbox made no partial void');
    expect(voided).toMatchObject({ amountCents: 1000, replacementAmountCents: 1500 });
    const replacementId = voided.replacementId;
    expect(await refundOf(first.id)).toMatchObject({
      state: 'succeeded',
      isVoid: true,
      providerRefundId: transactionId,
      replacementTransactionId: replacementId,
    });
    // The charge is now the replacement: its row, its payment and its donation name it; the voided
    // id stays on the refund's row, marked VOIDED.
    expect(await rowOf(chargeRow.id)).toMatchObject({ providerTransactionId: replacementId, amount: 2500 });
    expect((await db.select().from(payments).where(eq(payments.id, payment.id)))[0]?.providerTransactionId).toBe(
      replacementId,
    );
    expect((await db.select().from(donations).where(eq(donations.id, donation.id)))[0]).toMatchObject({
      payTheoryPaymentId: replacementId,
      status: 'completed',
    });
    expect(await rowOf((await refundOf(first.id))?.refundRowId ?? '')).toMatchObject({
      amount: 1000,
      providerTransactionId: transactionId,
      providerStatus: 'VOIDED',
    });
    await expectLedgersAgree(chargeRow.id);

    // Settled: what is left of the replacement is refunded, not voided.
    expect((await settleAtSandbox()).status).toBe(200);
    const second = await ask(chargeRow.id, 500);
    expect(await refundOf(second.id)).toMatchObject({ providerTransactionId: replacementId });
    await expect(attempt(second.id)).resolves.toEqual({ state: 'succeeded' });
    expect(entriesAbout(replacementId)).toEqual([
      expect.objectContaining({ kind: 'refund', amountCents: 500, transactionId: replacementId }),
    ]);
    const refunded = await refundOf(second.id);
    expect(refunded).toMatchObject({ state: 'succeeded', isVoid: false, providerRefundedBeforeCents: 0 });
    expect(await rowOf(chargeRow.id)).toMatchObject({ providerStatus: 'PARTIALLY_REFUNDED', providerSettled: true });
    expect((await rowOf(refunded?.refundRowId ?? ''))?.providerTransactionId).toBe(refunded?.providerRefundId);
    await expectLedgersAgree(chargeRow.id);
  });

  it('refunds, not voids, a charge once settled', async () => {
    const { chargeRow, transactionId } = await paidDonation(2500);
    expect((await settleAtSandbox()).status).toBe(200);
    const refund = await ask(chargeRow.id, 2500);
    await expect(attempt(refund.id)).resolves.toEqual({ state: 'succeeded' });
    expect(entriesAbout(transactionId)).toEqual([expect.objectContaining({ kind: 'refund', amountCents: 2500 })]);
    expect(await refundOf(refund.id)).toMatchObject({ isVoid: false, replacementTransactionId: null });
    expect(await rowOf(chargeRow.id)).toMatchObject({ providerStatus: 'REFUNDED', providerSettled: true });
    await expectLedgersAgree(chargeRow.id);
  });

  it('records a review flag with the state it reads, and keeps it on the charge it voids', async () => {
    const { chargeRow, transactionId } = await paidDonation(60_000);
    const refund = await ask(chargeRow.id, 60_000);
    await expect(attempt(refund.id)).resolves.toEqual({ state: 'succeeded' });
    expect(entriesAbout(transactionId)).toEqual([expect.objectContaining({ kind: 'void', amountCents: 60_000 })]);
    expect(await rowOf(chargeRow.id)).toMatchObject({ providerStatus: 'VOIDED', reviewFlag: 'EXCEEDS_THRESHOLD' });
    await expectLedgersAgree(chargeRow.id);
  });

  it("never voids twice when a partial void's answer is lost, and finds its replacement", async () => {
    const { chargeRow, transactionId } = await paidDonation(2500);
    const refund = await ask(chargeRow.id, 700);
    sandbox.setFaults({ dropNextCharges: 1 });
    await expect(attempt(refund.id)).rejects.toBeInstanceOf(TransientProviderError);
    await expect(settleRefund(refund.id)).resolves.toEqual({ state: 'succeeded' });

    const entries = entriesAbout(transactionId);
    expect(entries).toHaveLength(1);
    const [voided] = entries;
    if (voided?.kind !== 'void' || !voided.replacementId) throw new Error('the sandbox made no partial void');
    expect(await refundOf(refund.id)).toMatchObject({
      isVoid: true,
      providerRefundedBeforeCents: 0,
      replacementTransactionId: voided.replacementId,
    });
    expect((await rowOf(chargeRow.id))?.providerTransactionId).toBe(voided.replacementId);
    await expectLedgersAgree(chargeRow.id);
  });
});
