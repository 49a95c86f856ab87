import { auditLog } from '@pillars/platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DUPLICATE_REVERSED } from '@pillars/money';
import { useChargeStack } from '../../test/charge-stack';

/**
 * The charges queue against a provider without idempotency (docs/decisions/010): a real queue,
 * real PostgreSQL, the real adapter over HTTP to the strict sandbox.
 */
describe.each(['redis', 'postgres'] as const)('charges processor (%s queues)', async (kind) => {
  const stack = await useChargeStack(kind);
  const { sandbox, insertPayment, queueJob, rowOf, ledgerFor } = stack;
  const settledState = (id: string) => async () => (await rowOf(id))?.state;
  const slowly = { timeout: 45_000, interval: 200 };
  const withFaults = (faults: Parameters<typeof sandbox.setFaults>[0]) => {
    sandbox.setFaults(faults);
    onTestFinished(() => sandbox.setFaults({ latencyMs: 0, dropNextCharges: 0, failNext: 0, visibilityDelayMs: 300 }));
  };

  it('charges once, recording when it sent the request', async () => {
    const payment = await insertPayment();
    await queueJob(payment);
    await expect.poll(settledState(payment.id), slowly).toBe('succeeded');
    const row = await rowOf(payment.id);
    expect(row?.lastSentAt).toBeInstanceOf(Date);
    expect(row?.recheckAfter).toBeNull();
    // The card's last four digits, as the provider showed them, kept for the receipt.
    expect(row?.cardLastFour).toMatch(/^\d{4}$/);
    expect(ledgerFor(payment.idempotencyKey)).toHaveLength(1);
  });

  it('after a dropped answer, waits for the charge to show instead of charging again', async () => {
    // The charge is made, its answer lost, and lookups see it only 4 s later.
    const payment = await insertPayment();
    withFaults({ dropNextCharges: 1, visibilityDelayMs: 4000 });
    await queueJob(payment);
    await expect.poll(settledState(payment.id), slowly).toBe('succeeded');
    const [charge] = ledgerFor(payment.idempotencyKey);
    expect(ledgerFor(payment.idempotencyKey)).toHaveLength(1);
    expect((await rowOf(payment.id))?.providerTransactionId).toBe(charge?.kind === 'charge' && charge.transactionId);
  });

  it('after an answer slower than the client waits, settles from the lookup with one charge', async () => {
    const payment = await insertPayment();
    withFaults({ latencyMs: 2500, visibilityDelayMs: 3000 });
    await queueJob(payment);
    // The first answers are too slow for the adapter's 2 s timeout; lookups then find the charge.
    await expect.poll(() => ledgerFor(payment.idempotencyKey).length, slowly).toBe(1);
    sandbox.setFaults({ latencyMs: 0 });
    await expect.poll(settledState(payment.id), slowly).toBe('succeeded');
    expect(ledgerFor(payment.idempotencyKey)).toHaveLength(1);
  });

  it('after a 503, sends again only once a lookup after the window finds nothing', async () => {
    const payment = await insertPayment();
    withFaults({ failNext: 1 });
    await queueJob(payment);
    await expect.poll(settledState(payment.id), slowly).toBe('succeeded');
    const row = await rowOf(payment.id);
    expect(ledgerFor(payment.idempotencyKey)).toHaveLength(1);
    // Sent twice (the 503, then the charge): the sweep will look for a late duplicate.
    expect(row?.recheckAfter).toBeInstanceOf(Date);
  });

  it('keeps one charge and refunds a duplicate it finds, raising it to the operators', async () => {
    const payment = await insertPayment({ state: 'processing', lastSentAt: new Date(Date.now() - 60_000) });
    // Two charges with the payment's key already at the provider (what two sends would leave).
    for (let i = 0; i < 2; i += 1) {
      await stack.provider.charge({
        amountCents: 2500,
        paymentMethodId: payment.paymentMethodToken ?? '',
        idempotencyKey: payment.idempotencyKey,
        payor: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
      });
    }
    // The earlier sends were a minute ago: by now the provider shows both.
    await expect
      .poll(async () => (await stack.provider.listChargesByIdempotencyKey(payment.idempotencyKey)).length)
      .toBe(2);
    await queueJob(payment);
    await expect.poll(settledState(payment.id), slowly).toBe('succeeded');
    const charges = ledgerFor(payment.idempotencyKey);
    expect(charges).toHaveLength(2);
    const refunds = sandbox.ledger().filter((e) => e.kind === 'refund');
    const [first, second] = charges.map((c) => (c.kind === 'charge' ? c.transactionId : ''));
    expect((await rowOf(payment.id))?.providerTransactionId).toBe(first);
    expect(refunds).toEqual([expect.objectContaining({ transactionId: second, amountCents: 2500 })]);
    const audit = await stack.database.db.select().from(auditLog).where(eq(auditLog.action, DUPLICATE_REVERSED));
    expect(audit).toEqual([
      expect.objectContaining({ entityType: 'provider_transaction', entityId: second, actorLabel: 'worker' }),
    ]);
  });

  it('declines finally, without retrying', async () => {
    const payment = await insertPayment({ amountCents: 193 });
    await queueJob(payment);
    await expect.poll(settledState(payment.id), slowly).toBe('failed');
    expect(await rowOf(payment.id)).toMatchObject({ failureCode: 'INSUFFICIENT_FUNDS' });
    expect(ledgerFor(payment.idempotencyKey)).toHaveLength(1);
  });

  it('starts one recurring plan whose first instalment comes after the answer', async () => {
    const payment = await insertPayment({ kind: 'recurring_donation' });
    await queueJob(payment);
    await expect.poll(settledState(payment.id), slowly).toBe('succeeded');
    const row = await rowOf(payment.id);
    expect(row?.providerRecurringId).toMatch(/^pt_rec_/);
    const entries = ledgerFor(payment.idempotencyKey);
    expect(entries.map((e) => e.kind)).toEqual(['recurring', 'charge']);
  });

  it('cancels a duplicate plan and refunds its first instalment', async () => {
    const payment = await insertPayment({
      kind: 'recurring_donation',
      state: 'processing',
      lastSentAt: new Date(Date.now() - 60_000),
    });
    for (let i = 0; i < 2; i += 1) {
      await stack.provider
        .createRecurring({
          amountCents: 2500,
          paymentMethodId: payment.paymentMethodToken ?? '',
          idempotencyKey: payment.idempotencyKey,
          payor: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
          interval: 'MONTHLY',
        })
        .catch(() => undefined);
    }
    await expect
      .poll(
        async () =>
          (await stack.provider.listRecurringByIdempotencyKey(payment.idempotencyKey).catch(() => [])).filter(
            (plan) => plan.status === 'active',
          ).length,
      )
      .toBe(2);
    await queueJob(payment);
    await expect.poll(settledState(payment.id), slowly).toBe('succeeded');
    const plans = ledgerFor(payment.idempotencyKey).filter((e) => e.kind === 'recurring');
    expect(plans).toHaveLength(2);
    const kept = (await rowOf(payment.id))?.providerRecurringId;
    const other = plans.map((p) => (p.kind === 'recurring' ? p.recurringId : '')).find((id) => id !== kept);
    expect(sandbox.ledger()).toContainEqual(
      expect.objectContaining({ kind: 'recurring_cancelled', recurringId: other }),
    );
    const otherFirst = sandbox.ledger().find((e) => e.kind === 'charge' && e.recurringId === other);
    const refunds = sandbox.ledger().filter((e) => e.kind === 'refund');
    expect(
      refunds.filter((r) => otherFirst?.kind === 'charge' && r.transactionId === otherFirst.transactionId),
    ).toHaveLength(1);
  });

  describe('a charge the browser reports', () => {
    const browserCharge = async (amountCents: number, key: string) => {
      const charge = await stack.provider.charge({
        amountCents,
        paymentMethodId: await stack.tokenFor(),
        idempotencyKey: key,
        payor: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
      });
      if (charge.status !== 'succeeded') throw new Error('test charge declined');
      return charge;
    };

    it('is verified by its transaction id', async () => {
      const charge = await browserCharge(2500, `browser-${crypto.randomUUID()}`);
      const payment = await insertPayment({ claimedTransactionId: charge.transactionId });
      await queueJob(payment);
      await expect.poll(settledState(payment.id), slowly).toBe('succeeded');
      expect((await rowOf(payment.id))?.providerTransactionId).toBe(charge.transactionId);
    });

    it('is found by the idempotency_key in its metadata when the reported id is not a transaction id', async () => {
      const key = crypto.randomUUID();
      const charge = await browserCharge(2500, key);
      const payment = await insertPayment({ claimedTransactionId: 'receipt-123', claimedIdempotencyKey: key });
      await queueJob(payment);
      await expect.poll(settledState(payment.id), slowly).toBe('succeeded');
      expect((await rowOf(payment.id))?.providerTransactionId).toBe(charge.transactionId);
    });

    it('fails when the amount differs', async () => {
      const charge = await browserCharge(1000, `browser-${crypto.randomUUID()}`);
      const payment = await insertPayment({ claimedTransactionId: charge.transactionId });
      await queueJob(payment);
      await expect.poll(settledState(payment.id), slowly).toBe('failed');
      expect(await rowOf(payment.id)).toMatchObject({ failureCode: 'AMOUNT_MISMATCH' });
    });
  });
});
