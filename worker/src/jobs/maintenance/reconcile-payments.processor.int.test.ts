import { createLogger } from '@pillars/platform/logger';
import { describe, expect, it } from 'vitest';
import { useChargeStack } from '../../test/charge-stack';
import { reconcilePaymentsProcessor } from './reconcile-payments.processor';

const payor = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * The sweep, run as the maintenance queue runs it, over payments left behind in each way a
 * crash or an exhausted job leaves them; a real charges worker picks up what it re-queues.
 */
describe.each(['redis', 'postgres'] as const)('reconcile sweep (%s queues)', async (kind) => {
  const stack = await useChargeStack(kind);
  const { insertPayment, rowOf, ledgerFor, provider } = stack;
  const sweep = reconcilePaymentsProcessor({
    db: stack.database.db,
    ledger: stack.ledger,
    lookup: stack.lookup,
    backend: stack.backend,
    logger: createLogger({ level: 'silent' }),
    visibilityWindowMs: stack.visibilityWindowMs,
  });
  const stateOf = (id: string) => async () => (await rowOf(id))?.state;
  const slowly = { timeout: 30_000, interval: 200 };

  it('re-queues a payment never sent whose job is gone, and it is charged once', async () => {
    const payment = await insertPayment({ state: 'processing', updatedAt: minutesAgo(2) });
    await expect(sweep()).resolves.toMatchObject({ requeued: 1 });
    await expect.poll(stateOf(payment.id), slowly).toBe('succeeded');
    expect(ledgerFor(payment.idempotencyKey)).toHaveLength(1);
  });

  it('settles a sent payment from the charge the provider shows, without charging again', async () => {
    const payment = await insertPayment({ state: 'processing', lastSentAt: minutesAgo(2), updatedAt: minutesAgo(2) });
    const charge = await provider.charge({
      amountCents: 2500,
      paymentMethodId: payment.paymentMethodToken ?? '',
      idempotencyKey: payment.idempotencyKey,
      payor,
    });
    await expect.poll(() => provider.findChargeByIdempotencyKey(payment.idempotencyKey)).toEqual(charge);
    await expect(sweep()).resolves.toMatchObject({ settled: 1 });
    expect(await rowOf(payment.id)).toMatchObject({
      state: 'succeeded',
      providerTransactionId: charge.status === 'succeeded' ? charge.transactionId : null,
    });
    expect(ledgerFor(payment.idempotencyKey)).toHaveLength(1);
  });

  it('waits while a sent charge may still show, then re-queues once the window has passed', async () => {
    const recent = await insertPayment({ state: 'processing', lastSentAt: new Date(), updatedAt: minutesAgo(2) });
    await expect(sweep()).resolves.toMatchObject({ waiting: 1, requeued: 0 });
    expect((await rowOf(recent.id))?.state).toBe('processing');

    const old = await insertPayment({ state: 'processing', lastSentAt: minutesAgo(2), updatedAt: minutesAgo(2) });
    await sweep();
    await expect.poll(stateOf(old.id), slowly).toBe('succeeded');
    expect(ledgerFor(old.idempotencyKey)).toHaveLength(1);
  });

  it('fails, without charging, a payment the provider never charged after an hour', async () => {
    const payment = await insertPayment({
      state: 'processing',
      lastSentAt: minutesAgo(61),
      updatedAt: minutesAgo(61),
      createdAt: minutesAgo(61),
    });
    await sweep();
    expect(await rowOf(payment.id)).toMatchObject({ state: 'failed', failureCode: 'PROVIDER_UNAVAILABLE' });
    expect(ledgerFor(payment.idempotencyKey)).toHaveLength(0);
  });

  it('reverses a duplicate charge the provider showed only after the payment settled', async () => {
    const payment = await insertPayment({ state: 'processing' });
    const charges = [];
    for (let i = 0; i < 2; i += 1) {
      const charge = await provider.charge({
        amountCents: 2500,
        paymentMethodId: payment.paymentMethodToken ?? '',
        idempotencyKey: payment.idempotencyKey,
        payor,
      });
      if (charge.status !== 'succeeded') throw new Error('test charge declined');
      charges.push(charge.transactionId);
    }
    const [kept, duplicate] = charges;
    await stack.ledger.succeed(payment, { transactionId: kept ?? '' });
    await stack.database.pool.query('UPDATE payments SET recheck_after = $1 WHERE id = $2', [
      minutesAgo(1),
      payment.id,
    ]);
    await expect.poll(async () => (await provider.listChargesByIdempotencyKey(payment.idempotencyKey)).length).toBe(2);
    await expect(sweep()).resolves.toMatchObject({ rechecked: 1 });
    const refunds = stack.sandbox.ledger().filter((e) => e.kind === 'refund' && e.transactionId === duplicate);
    expect(refunds).toHaveLength(1);
    expect((await rowOf(payment.id))?.recheckAfter).toBeNull();
    // Looked at once: the next sweep leaves it alone.
    await expect(sweep()).resolves.toMatchObject({ rechecked: 0 });
  });

  it('measures every age against its clock: stuck, the visibility window and giving up', async () => {
    const start = Date.now();
    const sweepAt = (aheadMs: number) =>
      reconcilePaymentsProcessor({
        db: stack.database.db,
        ledger: stack.ledger,
        lookup: stack.lookup,
        backend: stack.backend,
        logger: createLogger({ level: 'silent' }),
        visibilityWindowMs: 5 * 60_000,
        now: () => new Date(start + aheadMs),
      })();
    // Sent just now and never charged: only the clock, not the row, says how old it is.
    const payment = await insertPayment({ state: 'processing', lastSentAt: new Date(start) });
    const untouched = await rowOf(payment.id);

    await sweepAt(0);
    expect(await rowOf(payment.id)).toEqual(untouched);
    // Stuck for two minutes, but a charge may still show within the five-minute window: wait.
    await sweepAt(2 * 60_000);
    expect(await rowOf(payment.id)).toEqual(untouched);
    // An hour on, the provider still shows nothing: failed, and never charged.
    await sweepAt(61 * 60_000);
    expect(await rowOf(payment.id)).toMatchObject({ state: 'failed', failureCode: 'PROVIDER_UNAVAILABLE' });
    expect(ledgerFor(payment.idempotencyKey)).toHaveLength(0);

    // Another, sent a moment ago (just past the charges worker's own window, which reads the real
    // time): two minutes on by the sweep's clock it waits, six minutes on it is sent again, once.
    const next = await insertPayment({ state: 'processing', lastSentAt: new Date(start - stack.visibilityWindowMs) });
    await expect(sweepAt(2 * 60_000)).resolves.toMatchObject({ requeued: 0 });
    expect((await rowOf(next.id))?.state).toBe('processing');
    await expect(sweepAt(6 * 60_000)).resolves.toMatchObject({ requeued: 1 });
    await expect.poll(stateOf(next.id), slowly).toBe('succeeded');
    expect(ledgerFor(next.idempotencyKey)).toHaveLength(1);
  });
});
