import { PaymentAccepted } from '@pillars/contracts';
import { AdminPaymentDetail, ContributorsResponse, RefundAccepted } from '@pillars/contracts/admin';
import { auditLog, donations, outboundEmails, refunds, transactions } from '@pillars/platform/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeDonation, usePaymentStack } from './payment-stack';
import { useAdminClient } from './admin-client';

// Refunds end to end (docs/decisions/019): a contribution paid through the API and the worker, then
// refunded by an admin through the API, the refund job and the sandbox provider over HTTP.
describe('refunds from the admin API to the provider', async () => {
  const { database, app, sandbox, tokenFor, post, settled } = await usePaymentStack('redis');
  const { db } = database;

  const admin = useAdminClient(app, db);

  /** A one-time contribution of $25.00 paid by card, with its charge row recorded. */
  async function paidContribution() {
    const res = await post('/api/donations', oneTimeDonation({ paymentMethodToken: await tokenFor() }));
    const accepted = PaymentAccepted.parse(await res.json());
    const status = await settled(accepted.paymentId);
    await expect
      .poll(async () => db.select().from(transactions).where(eq(transactions.donationId, accepted.data.id)))
      .toHaveLength(1);
    const detail = AdminPaymentDetail.parse(await (await admin('GET', `/payments/${accepted.paymentId}`)).json());
    const [charge] = detail.charges;
    if (!charge) throw new Error('no charge listed');
    return { donationId: accepted.data.id, paymentId: accepted.paymentId, charge, transactionId: status.transactionId };
  }

  const refundOf = async (id: string) => (await db.select().from(refunds).where(eq(refunds.id, id)))[0];
  const ask = async (chargeRowId: string, amountCents: number) => {
    const res = await admin('POST', '/refunds', { chargeRowId, amountCents });
    expect(res.status).toBe(202);
    return RefundAccepted.parse(await res.json()).data;
  };
  const succeeded = (id: string) =>
    expect.poll(async () => (await refundOf(id))?.state, { timeout: 30_000, interval: 100 }).toBe('succeeded');
  const reversalsOf = (transactionId: string | null) =>
    sandbox.ledger().filter((e) => e.kind === 'refund' && e.transactionId === transactionId);
  const totalAmount = async () =>
    ContributorsResponse.parse(await (await admin('GET', '/contributors')).json()).summary.totalAmount;

  it('refunds part, then the rest: one reversal each, refunded rows, receipts, Total Amount and status', async () => {
    const { donationId, paymentId, charge, transactionId } = await paidContribution();
    expect(charge).toMatchObject({ amountCents: 2500, refundableCents: 2500, refunds: [] });
    const before = await totalAmount();

    const first = await ask(charge.id, 1000);
    await succeeded(first.id);
    const status = async () => (await db.select().from(donations).where(eq(donations.id, donationId)))[0]?.status;
    expect(await status()).toBe('completed');
    expect(await totalAmount()).toBeCloseTo(before - 10, 2);

    const over = await admin('POST', '/refunds', { chargeRowId: charge.id, amountCents: 1501 });
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      error: 'Refund amount must be between $0.01 and $15.00.',
      code: 'BAD_REQUEST',
    });

    const rest = await ask(charge.id, 1500);
    await succeeded(rest.id);
    expect(await status()).toBe('cancelled');
    expect(await totalAmount()).toBeCloseTo(before - 25, 2);

    expect(reversalsOf(transactionId).map((e) => e.kind === 'refund' && e.amountCents)).toEqual([1000, 1500]);
    const rows = await db.select().from(transactions).where(eq(transactions.refundOf, charge.id));
    expect(rows.map((row) => [row.status, row.amount]).sort()).toEqual([
      ['refunded', 1000],
      ['refunded', 1500],
    ]);
    for (const id of [first.id, rest.id]) {
      const receipts = await db
        .select()
        .from(outboundEmails)
        .where(and(eq(outboundEmails.kind, 'refund-receipt'), eq(outboundEmails.subjectId, id)));
      expect(receipts).toHaveLength(1);
    }
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, paymentId));
    expect(audit.map((row) => row.action)).toEqual(['payment.refund-requested', 'payment.refund-requested']);
    const detail = AdminPaymentDetail.parse(await (await admin('GET', `/payments/${paymentId}`)).json());
    expect(detail.charges[0]).toMatchObject({ refundableCents: 0 });
    expect(detail.charges[0]?.refunds.map((r) => r.state)).toEqual(['succeeded', 'succeeded']);
  });

  it('refuses a second refund while one is in flight, and refunds once when the answer is lost', async () => {
    const { charge, transactionId } = await paidContribution();
    // The provider makes the refund but its answer never arrives: the job must find it, not send again.
    sandbox.setFaults({ dropNextCharges: 1 });
    const refund = await ask(charge.id, 700);
    const second = await admin('POST', '/refunds', { chargeRowId: charge.id, amountCents: 100 });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: 'A refund of this payment is already in progress.',
      code: 'CONFLICT',
    });
    await succeeded(refund.id);
    expect(reversalsOf(transactionId)).toHaveLength(1);
    const row = await refundOf(refund.id);
    expect(row?.attempts).toBeGreaterThan(1);
    const [reversal] = reversalsOf(transactionId);
    expect(row?.providerRefundId).toBe(reversal?.kind === 'refund' ? reversal.refundId : null);
  });
});
