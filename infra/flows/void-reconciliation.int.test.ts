import { PaymentAccepted } from '@pillars/contracts';
import { RefundAccepted } from '@pillars/contracts/admin';
import { DUPLICATE_REVERSED_ACTION, auditLog, payments, refunds, transactions } from '@pillars/platform/db';
import { createLogger } from '@pillars/platform/logger';
import { CHARGE_ROW_STATUS, PaymentLedger, providerLookup } from '@pillars/money';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asAdmin, createTestAdmin, signIn } from '@pillars/api/test/admin-session';
import { reconcilePaymentsProcessor } from '@pillars/worker/jobs/maintenance/reconcile-payments.processor';
import { oneTimeDonation, usePaymentStack } from './payment-stack';
import { CREATE_REVERSAL_DIRECTLY, reconcileThroughAdmin, sandboxGraphql } from './reconciliation-runs';

// A void (docs/decisions/019) leaves the payment's idempotency key on two debits at Pay Theory: the
// VOIDED charge and, after a partial void, its replacement. Neither is a second charge of the
// payment: the reconciliation run (docs/decisions/049), the sweep's duplicate re-check and the
// charge job's lookups (docs/decisions/010) must neither reverse one nor report a difference.
describe('voids and the duplicate checks', async () => {
  const stack = await usePaymentStack('redis');
  const { database, app, sandbox, provider, tokenFor, post, settled, queues } = stack;
  const { db } = database;
  const logger = createLogger({ level: 'silent' });
  const lookup = providerLookup({ db, provider, logger });
  const ledger = new PaymentLedger(db, queues, logger, stack.visibilityWindowMs);
  const sweep = reconcilePaymentsProcessor({
    db,
    ledger,
    lookup,
    backend: queues,
    logger,
    visibilityWindowMs: stack.visibilityWindowMs,
  });
  let cookie = '';

  beforeAll(async () => {
    cookie = await signIn(app, await createTestAdmin(db));
  });
  // New charges stay unsettled (PENDING/SUCCEEDED) until POST /__sandbox/settle: a refund of one is a void.
  beforeEach(() => sandbox.setFaults({ autoSettle: false }));

  const paymentOf = async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0];

  /** A $25.00 gift paid by card, with its charge row. */
  async function paidDonation() {
    const res = await post('/api/donations', oneTimeDonation({ paymentMethodToken: await tokenFor() }));
    const accepted = PaymentAccepted.parse(await res.json());
    const status = await settled(accepted.paymentId);
    expect(status.state).toBe('succeeded');
    const transactionId = status.transactionId ?? '';
    await expect
      .poll(async () =>
        db
          .select()
          .from(transactions)
          .where(and(eq(transactions.paymentId, accepted.paymentId), eq(transactions.status, CHARGE_ROW_STATUS))),
      )
      .toHaveLength(1);
    const [chargeRow] = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.paymentId, accepted.paymentId), eq(transactions.status, CHARGE_ROW_STATUS)));
    if (!chargeRow) throw new Error('no charge row');
    return { paymentId: accepted.paymentId, chargeRowId: chargeRow.id, transactionId };
  }

  /** An admin's refund through the API, waited for until the refund job has recorded it. */
  async function refundAsAdmin(chargeRowId: string, amountCents: number) {
    const res = await app.request('/api/admin/refunds', {
      method: 'POST',
      headers: asAdmin(cookie),
      body: JSON.stringify({ chargeRowId, amountCents }),
    });
    expect(res.status).toBe(202);
    const { id } = RefundAccepted.parse(await res.json()).data;
    await expect
      .poll(async () => (await db.select().from(refunds).where(eq(refunds.id, id)))[0]?.state, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('succeeded');
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, id));
    if (!refund) throw new Error('no refund');
    return refund;
  }

  /** A $25.00 gift paid by card, then partly voided by an admin: the void charged a replacement for the rest. */
  async function partlyVoided(amountCents: number) {
    const paid = await paidDonation();
    const refund = await refundAsAdmin(paid.chargeRowId, amountCents);
    const replacementId = refund.replacementTransactionId ?? '';
    expect(replacementId).toMatch(/^pt_txn/);
    return { ...paid, refund, replacementId };
  }

  /** The sandbox's own record of every void and refund of these charges. */
  const reversalsAt = (ids: string[]) =>
    sandbox.ledger().filter((e) => (e.kind === 'void' || e.kind === 'refund') && ids.includes(e.transactionId));
  /** What the worker reported as a reversed duplicate of these charges. */
  const duplicatesReversed = (ids: string[]) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, DUPLICATE_REVERSED_ACTION), inArray(auditLog.entityId, ids)));
  const voidsAt = (transactionId: string) =>
    sandbox.ledger().filter((e) => e.kind === 'void' && e.transactionId === transactionId);

  /** The payment's duplicate re-check made due, and the sweep run (as its schedule runs it). */
  async function recheckNow(paymentId: string) {
    await db
      .update(payments)
      .set({ recheckAfter: new Date(Date.now() - 1000) })
      .where(eq(payments.id, paymentId));
    return sweep();
  }

  /** A run's differences about a payment or any of its debits. */
  const differencesAbout = (
    report: Awaited<ReturnType<typeof reconcileThroughAdmin>>,
    paymentId: string,
    ids: string[],
  ) => report.differences.filter((d) => d.paymentId === paymentId || ids.includes(d.providerTransactionId ?? ''));

  /** The payment is still paid by the charge it names, and the provider agrees that charge is live. */
  async function expectPaidBy(paymentId: string, transactionId: string) {
    expect(await paymentOf(paymentId)).toMatchObject({ state: 'succeeded', providerTransactionId: transactionId });
    expect(await provider.getCharge(transactionId)).toMatchObject({ status: 'succeeded', transactionId });
  }

  /**
   * The payment's lookups by its idempotency key (the charge job's and the sweep's): the charge found
   * is the live one, and keeping the payment's charge reverses nothing.
   */
  async function expectLookupsKeep(paymentId: string, transactionId: string) {
    const payment = await paymentOf(paymentId);
    if (!payment) throw new Error('no payment');
    expect(await provider.findChargeByIdempotencyKey(payment.idempotencyKey)).toMatchObject({
      status: 'succeeded',
      transactionId,
    });
    expect(await lookup.find(payment, payment.providerTransactionId)).toMatchObject({
      status: 'succeeded',
      transactionId,
    });
  }

  it(
    "partial void by an admin: the run reverses nothing and reports nothing about the payment's two debits",
    { timeout: 120_000 },
    async () => {
      const { paymentId, transactionId, refund, replacementId } = await partlyVoided(1000);
      expect(refund).toMatchObject({ isVoid: true, providerRefundId: transactionId });
      expect(voidsAt(transactionId)).toEqual([
        expect.objectContaining({ amountCents: 1000, replacementId, replacementAmountCents: 1500 }),
      ]);
      // Both debits are listed by the time the run reads them.
      await expect.poll(async () => (await provider.getCharge(transactionId))?.status).toBe('declined');
      await expectPaidBy(paymentId, replacementId);

      for (const run of [1, 2]) {
        const report = await reconcileThroughAdmin(app, cookie);
        const about = differencesAbout(report, paymentId, [transactionId, replacementId]);
        expect({ run, about }).toEqual({ run, about: [] });
      }
      expect(reversalsAt([transactionId, replacementId])).toEqual([
        expect.objectContaining({ kind: 'void', transactionId, amountCents: 1000, replacementId }),
      ]);
      expect(await duplicatesReversed([transactionId, replacementId])).toEqual([]);
      await expectPaidBy(paymentId, replacementId);
      await expectLookupsKeep(paymentId, replacementId);
      // One refund, the admin's: the run recorded no refund of its own.
      expect((await db.select().from(refunds).where(eq(refunds.paymentId, paymentId))).map((r) => r.id)).toEqual([
        refund.id,
      ]);
    },
  );

  it(
    "partial void by an admin: the sweep's duplicate re-check keeps the replacement and reverses nothing",
    { timeout: 60_000 },
    async () => {
      const { paymentId, transactionId, replacementId } = await partlyVoided(700);
      await expect.poll(async () => (await provider.getCharge(transactionId))?.status).toBe('declined');

      // The payment's re-check is due: the sweep looks at its key once more for a late duplicate.
      const swept = await recheckNow(paymentId);
      expect(swept.rechecked).toBeGreaterThanOrEqual(1);
      expect((await paymentOf(paymentId))?.recheckAfter).toBeNull();
      expect(reversalsAt([transactionId, replacementId])).toEqual([
        expect.objectContaining({ kind: 'void', transactionId, amountCents: 700, replacementId }),
      ]);
      expect(await duplicatesReversed([transactionId, replacementId])).toEqual([]);
      await expectPaidBy(paymentId, replacementId);
      await expectLookupsKeep(paymentId, replacementId);
    },
  );

  it('full void by an admin: the run reports nothing false and reverses nothing', { timeout: 120_000 }, async () => {
    const { paymentId, chargeRowId, transactionId } = await paidDonation();
    const refund = await refundAsAdmin(chargeRowId, 2500);
    expect(refund).toMatchObject({ isVoid: true, replacementTransactionId: null });
    await expect.poll(async () => (await provider.getCharge(transactionId))?.status).toBe('declined');

    const report = await reconcileThroughAdmin(app, cookie);
    expect(differencesAbout(report, paymentId, [transactionId])).toEqual([]);
    await recheckNow(paymentId);
    expect(reversalsAt([transactionId])).toEqual([
      expect.objectContaining({ kind: 'void', transactionId, amountCents: 2500, replacementId: null }),
    ]);
    expect(await duplicatesReversed([transactionId])).toEqual([]);
    // The payment keeps the charge it voided: nothing else was charged with its key.
    expect(await paymentOf(paymentId)).toMatchObject({ providerTransactionId: transactionId });
    const payment = await paymentOf(paymentId);
    expect(await provider.listChargesByIdempotencyKey(payment?.idempotencyKey ?? '')).toEqual([
      expect.objectContaining({ status: 'declined', code: 'VOIDED', transactionId }),
    ]);
  });

  it(
    'partial void made at the provider outside the app: neither the sweep nor the run reverses the replacement, the run records the void with it, and a later admin refund goes to it',
    { timeout: 120_000 },
    async () => {
      const { paymentId, chargeRowId, transactionId } = await paidDonation();
      const answer = await sandboxGraphql<{ createReversal: { transaction_id: string | null; is_void: boolean } }>(
        sandbox.graphqlUrl,
        CREATE_REVERSAL_DIRECTLY,
        { transaction_id: transactionId, amount: 600, refund_reason: { reason_code: 'REQUESTED_BY_CUSTOMER' } },
      );
      expect(answer.createReversal.is_void).toBe(true);
      const replacementId = answer.createReversal.transaction_id ?? '';
      expect(replacementId).toMatch(/^pt_txn/);
      await expect.poll(async () => (await provider.getCharge(replacementId))?.status).toBe('succeeded');

      // Before any run, the payment still names the voided charge, and its key now finds the
      // replacement too: the sweep's re-check must take it for the same charge, not a second one.
      await recheckNow(paymentId);
      expect(await duplicatesReversed([transactionId, replacementId])).toEqual([]);
      expect(reversalsAt([transactionId, replacementId])).toHaveLength(1);

      const report = await reconcileThroughAdmin(app, cookie);
      const about = differencesAbout(report, paymentId, [transactionId, replacementId]);
      expect(about).toEqual([
        expect.objectContaining({
          kind: 'refund_outside',
          paymentId,
          amountCents: 600,
          providerTransactionId: transactionId,
        }),
      ]);
      const [outside] = await db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
      expect(outside).toMatchObject({
        state: 'succeeded',
        amountCents: 600,
        isVoid: true,
        providerRefundId: transactionId,
        replacementTransactionId: replacementId,
        requestedBy: 'Pay Theory',
      });
      await expectPaidBy(paymentId, replacementId);
      expect((await db.select().from(transactions).where(eq(transactions.id, chargeRowId)))[0]).toMatchObject({
        providerTransactionId: replacementId,
        amount: 2500,
      });
      expect(reversalsAt([transactionId, replacementId])).toHaveLength(1);
      expect(await duplicatesReversed([transactionId, replacementId])).toEqual([]);

      // The next run finds the same debits again and changes nothing.
      const again = await reconcileThroughAdmin(app, cookie);
      expect(differencesAbout(again, paymentId, [transactionId, replacementId])).toEqual([]);

      // An admin's later refund is of the replacement: settled now, so a refund by reversal.
      const settle = await fetch(`${sandbox.url}/__sandbox/settle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(settle.status).toBe(200);
      const later = await refundAsAdmin(chargeRowId, 400);
      expect(later).toMatchObject({ providerTransactionId: replacementId, isVoid: false });
      expect(reversalsAt([transactionId, replacementId])).toEqual([
        expect.objectContaining({ kind: 'void', transactionId, amountCents: 600, replacementId }),
        expect.objectContaining({ kind: 'refund', transactionId: replacementId, amountCents: 400 }),
      ]);
    },
  );

  it(
    "refund made at the provider of a partial void's replacement: the run records it against the replacement",
    { timeout: 120_000 },
    async () => {
      const { paymentId, transactionId, replacementId } = await partlyVoided(1000);
      const settle = await fetch(`${sandbox.url}/__sandbox/settle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(settle.status).toBe(200);
      // The replacement's own figures start at nothing refunded: the earlier void is the voided charge's.
      await sandboxGraphql(sandbox.graphqlUrl, CREATE_REVERSAL_DIRECTLY, {
        transaction_id: replacementId,
        amount: 300,
        refund_reason: { reason_code: 'REQUESTED_BY_CUSTOMER' },
      });
      await expect.poll(async () => (await provider.getChargeRefunds(replacementId))?.refundedCents).toBe(300);

      const report = await reconcileThroughAdmin(app, cookie);
      expect(differencesAbout(report, paymentId, [transactionId, replacementId])).toEqual([
        expect.objectContaining({ kind: 'refund_outside', paymentId, amountCents: 300 }),
      ]);
      const recorded = await db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
      expect(recorded.map((r) => [r.providerTransactionId, r.amountCents, r.isVoid, r.state])).toEqual(
        expect.arrayContaining([
          [transactionId, 1000, true, 'succeeded'],
          [replacementId, 300, false, 'succeeded'],
        ]),
      );
      expect(recorded).toHaveLength(2);
    },
  );
});
