import { PaymentAccepted } from '@pillars/contracts';
import { donations, payments, refunds, transactions } from '@pillars/platform/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '@pillars/api/test/admin-session';
import { SANDBOX_CREDENTIALS } from '@pillars/sandbox-provider/test-sandbox';
import { oneTimeDonation, usePaymentStack } from './payment-stack';
import { CREATE_REVERSAL_DIRECTLY, reconcileThroughAdmin, sandboxGraphql } from './reconciliation-runs';

// Reconciliation (docs/decisions/049-reconciliation.md) and the failed payment's second look
// (docs/decisions/010, amendment): money moved at the sandbox outside the app's sight (a charge made
// directly at its GraphQL API as a browser would, a refund made there) is found and acted on.
describe.each(['redis', 'postgres'] as const)('reconciliation with the provider (%s queues)', async (kind) => {
  // The sweep every 2 s rather than 30: its look after the visibility window comes sooner.
  const stack = await usePaymentStack(kind, { sweepEveryMs: 2_000 });
  const { database, app, sandbox, provider, tokenFor, post } = stack;
  const { db } = database;
  let cookie = '';

  beforeAll(async () => {
    cookie = await signIn(app, await createTestAdmin(db));
  });

  const graphql = <T>(query: string, variables: Record<string, unknown>) =>
    sandboxGraphql<T>(sandbox.graphqlUrl, query, variables);

  async function chargeDirectly(amountCents: number, metadata: Record<string, string>): Promise<string> {
    const data = await graphql<{ createTransaction: { transaction_id: string; status: string } }>(
      `
        mutation Charge($merchant_uid: String!, $amount: Int!, $payment_method_id: String!, $metadata: AWSJSON) {
          createTransaction(
            merchant_uid: $merchant_uid
            amount: $amount
            payment_method_id: $payment_method_id
            metadata: $metadata
          ) {
            transaction_id
            status
          }
        }
      `,
      {
        merchant_uid: SANDBOX_CREDENTIALS.merchantUid,
        amount: amountCents,
        payment_method_id: await tokenFor(),
        metadata: JSON.stringify(metadata),
      },
    );
    expect(data.createTransaction.status).toBe('SUCCEEDED');
    const id = data.createTransaction.transaction_id;
    // Listed once the provider shows it (its visibility delay, docs/decisions/010).
    await expect.poll(async () => (await provider.getCharge(id))?.status).toBe('succeeded');
    return id;
  }

  /** A donation the app holds as failed for a reason that is no decline: its card token is one the provider refuses. */
  async function failedDonation() {
    const token = await tokenFor();
    const res = await post('/api/donations', oneTimeDonation({ paymentMethodToken: `${token}0` }));
    const accepted = PaymentAccepted.parse(await res.json());
    const status = await stack.settled(accepted.paymentId);
    expect(status.state).toBe('failed');
    expect(status.failureCode).toBe('PROVIDER_REQUEST_ERROR');
    const [payment] = await db.select().from(payments).where(eq(payments.id, accepted.paymentId));
    if (!payment) throw new Error('no payment');
    return { payment, donationId: accepted.data.id };
  }

  const reconcile = () => reconcileThroughAdmin(app, cookie);

  it(
    'looks a payment failed for no decline up once more after the window, and settles it from the charge found',
    { timeout: 90_000 },
    async () => {
      const { payment, donationId } = await failedDonation();
      // The charge the failed request never made, made now at the provider with the payment's key.
      const transactionId = await chargeDirectly(payment.amountCents, {
        idempotency_key: payment.idempotencyKey,
        payment_id: payment.id,
      });
      await expect
        .poll(async () => (await db.select().from(payments).where(eq(payments.id, payment.id)))[0]?.state, {
          timeout: 75_000,
          interval: 500,
        })
        .toBe('succeeded');
      const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
      expect(after).toMatchObject({ providerTransactionId: transactionId, failureCode: null, recheckAfter: null });
      // The same success path: the record paid, its charge row (the receipt's) written.
      await expect
        .poll(async () => (await db.select().from(donations).where(eq(donations.id, donationId)))[0]?.status)
        .toBe('completed');
      await expect
        .poll(async () => db.select().from(transactions).where(eq(transactions.providerTransactionId, transactionId)))
        .toHaveLength(1);
    },
  );

  it(
    'adopts a charge made directly at the provider for a payment the app holds as failed, and reports one that matches nothing',
    { timeout: 120_000 },
    async () => {
      const { payment, donationId } = await failedDonation();
      // The sweep's one second look has passed and found nothing: only a reconciliation can find it now.
      await expect
        .poll(async () => (await db.select().from(payments).where(eq(payments.id, payment.id)))[0]?.recheckAfter, {
          timeout: 60_000,
          interval: 500,
        })
        .toBeNull();
      const adoptedId = await chargeDirectly(payment.amountCents, { idempotency_key: payment.idempotencyKey });
      const strayId = await chargeDirectly(4321, { idempotency_key: 'browser_matches_nothing' });

      const report = await reconcile();
      expect(report.differences).toContainEqual(
        expect.objectContaining({ kind: 'adopted', providerTransactionId: adoptedId, paymentId: payment.id }),
      );
      expect(report.differences).toContainEqual({
        recordId: null,
        recordName: null,
        kind: 'unmatched',
        providerTransactionId: strayId,
        paymentId: null,
        amountCents: 4321,
        detail: 'A charge of $43.21 (SUCCEEDED) that matches no payment of the app.',
      });
      expect(report.counts.adopted).toBe(1);
      expect(report.counts.unmatched).toBe(1);
      const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
      expect(after).toMatchObject({ state: 'succeeded', providerTransactionId: adoptedId });
      await expect
        .poll(async () => (await db.select().from(donations).where(eq(donations.id, donationId)))[0]?.status)
        .toBe('completed');
      // Nothing was given back: the charge was the payment's own.
      expect(sandbox.ledger().filter((e) => e.kind === 'refund')).toEqual([]);

      // The next run finds the same charges again in its overlapping window and changes nothing more.
      const again = await reconcile();
      expect(again.counts.adopted).toBeUndefined();
      expect(again.differences.filter((d) => d.providerTransactionId === strayId)).toHaveLength(1);
    },
  );

  it(
    'reports a refund made at the provider outside the app and records it on the ledger',
    { timeout: 120_000 },
    async () => {
      const res = await post('/api/donations', oneTimeDonation({ paymentMethodToken: await tokenFor() }));
      const accepted = PaymentAccepted.parse(await res.json());
      const status = await stack.settled(accepted.paymentId);
      const chargeId = status.transactionId ?? '';
      await expect
        .poll(async () => db.select().from(transactions).where(eq(transactions.providerTransactionId, chargeId)))
        .toHaveLength(1);
      const reversal = await graphql<{ createReversal: { transaction_id: string | null; is_void: boolean } }>(
        CREATE_REVERSAL_DIRECTLY,
        { transaction_id: chargeId, amount: 500, refund_reason: { reason_code: 'REQUESTED_BY_CUSTOMER' } },
      );
      const reversalId = reversal.createReversal.transaction_id ?? chargeId;
      await expect.poll(async () => (await provider.getChargeRefunds(chargeId))?.refundedCents).toBe(500);

      const report = await reconcile();
      expect(report.differences).toContainEqual({
        recordId: accepted.data.id,
        recordName: 'Martha Washington',
        kind: 'refund_outside',
        providerTransactionId: reversalId,
        paymentId: accepted.paymentId,
        amountCents: 500,
        detail: `A refund of $5.00 of charge ${chargeId} was made outside the app; recorded as a refund.`,
      });
      // Reflected as a refund: its row, and its transactions row counting against the ledger's total.
      const [refund] = await db.select().from(refunds).where(eq(refunds.paymentId, accepted.paymentId));
      expect(refund).toMatchObject({ state: 'succeeded', amountCents: 500, requestedBy: 'Pay Theory' });
      const refundRows = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.paymentId, accepted.paymentId), eq(transactions.status, 'refunded')));
      expect(refundRows.map((r) => r.amount)).toEqual([500]);
      // A partial refund leaves the contribution as it was.
      expect((await db.select().from(donations).where(eq(donations.id, accepted.data.id)))[0]?.status).toBe(
        'completed',
      );

      const again = await reconcile();
      expect(again.counts.refund_outside).toBeUndefined();
    },
  );
});
