import { randomUUID } from 'node:crypto';
import { type Payor, TransientProviderError } from '@pillars/money/provider';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './test-sandbox';

// The adapter's reads behind webhooks and the recurring poll, against the sandbox over HTTP:
// a transaction re-fetched with its plan, and a plan's instalments listed by the plan's metadata.
const { sandbox, provider, tokenFor } = await useSandbox();
const payor: Payor = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };

async function startPlan(amountCents = 2500) {
  const idempotencyKey = `pay_${randomUUID().replace(/-/g, '')}`;
  const request = {
    amountCents,
    paymentMethodId: await tokenFor(),
    idempotencyKey,
    payor,
    interval: 'MONTHLY' as const,
  };
  // The first instalment is charged after the answer, as Pay Theory may do: until a query shows
  // it the plan is awaiting it, and the plan is then found by its key.
  let plan = await provider.createRecurring(request).catch((error: unknown) => {
    if (error instanceof TransientProviderError) return null;
    throw error;
  });
  for (let tries = 0; (!plan || plan.status === 'awaiting') && tries < 100; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    plan = await provider.findRecurringByIdempotencyKey(idempotencyKey).catch((error: unknown) => {
      if (error instanceof TransientProviderError) return null;
      throw error;
    });
  }
  if (plan?.status !== 'active') throw new Error('plan not started');
  return { ...plan, idempotencyKey };
}

// New transactions reach queries after a delay in the sandbox, as at Pay Theory: read until seen.
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

describe('listRecurringCharges', () => {
  it("lists a plan's instalments, paid and failed, oldest first, and no other plan's", async () => {
    const plan = await startPlan();
    const other = await startPlan(1776);
    const paid = await sandbox.chargeNextInstalment(plan.recurringId);
    const failed = await sandbox.chargeNextInstalment(plan.recurringId, { decline: true });
    await sandbox.chargeNextInstalment(other.recurringId);

    const list = () => provider.listRecurringCharges(plan);
    await eventually(async () => (await list()).length).toBe(3);
    const charges = await list();
    expect(charges.map((c) => c.transactionId)).toEqual([
      plan.firstCharge.transactionId,
      paid.transactionId,
      failed.transactionId,
    ]);
    expect(charges[1]).toMatchObject({
      recurringId: plan.recurringId,
      amountCents: 2500,
      outcome: { status: 'succeeded' },
    });
    expect(charges[2]).toMatchObject({ amountCents: 2500, outcome: { status: 'declined', code: 'GENERIC_DECLINE' } });
    expect(charges.every((c) => c.date !== null)).toBe(true);
  });

  it('lists only what was made at or after `since`', async () => {
    const plan = await startPlan();
    await eventually(async () => (await provider.listRecurringCharges(plan)).length).toBe(1);
    const later = new Date(Date.now() + 60_000);
    await expect(provider.listRecurringCharges(plan, { since: later })).resolves.toEqual([]);
    const earlier = new Date(Date.now() - 60_000);
    await expect(provider.listRecurringCharges(plan, { since: earlier })).resolves.toHaveLength(1);
  });
});

describe('getChargeDetails', () => {
  it('re-fetches a transaction with the plan it belongs to', async () => {
    const plan = await startPlan();
    const next = await sandbox.chargeNextInstalment(plan.recurringId);
    await eventually(() => provider.getChargeDetails(next.transactionId)).toMatchObject({
      transactionId: next.transactionId,
      recurringId: plan.recurringId,
      amountCents: 2500,
      outcome: { status: 'succeeded' },
    });
  });

  it('says a one-time charge belongs to no plan, and knows no unknown id or reversal', async () => {
    const charge = await provider.charge({
      amountCents: 1000,
      paymentMethodId: await tokenFor(),
      idempotencyKey: `pay_${randomUUID().replace(/-/g, '')}`,
      payor,
    });
    if (charge.status !== 'succeeded') throw new Error('charge declined');
    await eventually(() => provider.getChargeDetails(charge.transactionId)).toMatchObject({ recurringId: null });
    await expect(provider.getChargeDetails('pt_txn_unknown')).resolves.toBeNull();
    const { refundId } = await provider.refund(charge.transactionId);
    await expect(provider.getChargeDetails(refundId)).resolves.toBeNull();
  });
});
