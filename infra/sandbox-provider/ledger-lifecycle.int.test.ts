import { describe, expect, it } from 'vitest';
import { useSandbox } from './test-sandbox';

/**
 * The sandbox's transaction life-cycle over HTTP, as the app meets it: a charge PENDING until
 * captured, then SUCCEEDED, then SETTLED in a settlement batch made by `POST /__sandbox/settle`
 * or by the settle timer; the `autoSettle` fault deciding whether a charge counts as settled
 * before a batch takes it.
 */
const payor = { firstName: 'Test', lastName: 'Donor', email: 'donor@example.org' };
const held = await useSandbox({ visibilityDelayMs: 0, pendingMs: 400, duplicateWindowMs: 60_000 });
const timed = await useSandbox({ visibilityDelayMs: 0, settleEveryMs: 100 });

const post = (sandbox: typeof held.sandbox, path: string, body: unknown = {}) =>
  fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A transaction's life-cycle fields, straight from the sandbox's GraphQL API. */
async function lifecycleOf(sandbox: typeof held.sandbox, transactionId: string) {
  const res = await fetch(sandbox.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'test-merchant;test-secret' },
    body: JSON.stringify({
      query: `query($q: SqlQuery) { transactions(query: $q) { items { status is_settled settlement_batch fees net_amount } } }`,
      variables: { q: { query_list: [{ key: 'transaction_id', value: transactionId, operator: 'EQUAL' }] } },
    }),
  });
  const body = (await res.json()) as { data: { transactions: { items: Record<string, unknown>[] } } };
  return body.data.transactions.items[0] ?? null;
}

async function charge(sandbox: typeof held, amountCents = 2500) {
  const outcome = await sandbox.provider.charge({
    amountCents,
    paymentMethodId: await sandbox.tokenFor(),
    idempotencyKey: `life_${Date.now()}_${Math.random()}`,
    payor,
  });
  if (outcome.status !== 'succeeded') throw new Error(`charge did not succeed: ${outcome.status}`);
  return outcome.transactionId;
}

describe('sandbox settlement life-cycle', () => {
  it('keeps a charge PENDING for pendingMs, then SUCCEEDED; with autoSettle off unsettled until POST /__sandbox/settle', async () => {
    expect((await post(held.sandbox, '/__sandbox/faults', { autoSettle: false })).status).toBe(200);
    const id = await charge(held);
    expect(await lifecycleOf(held.sandbox, id)).toEqual({
      status: 'PENDING',
      is_settled: false,
      settlement_batch: null,
      fees: 103,
      net_amount: 2397,
    });
    // Not captured yet: a batch now takes nothing.
    const early = await post(held.sandbox, '/__sandbox/settle');
    expect([early.status, await early.json()]).toEqual([
      409,
      { error: 'nothing to settle', code: 'NOTHING_TO_SETTLE' },
    ]);

    await expect.poll(async () => (await lifecycleOf(held.sandbox, id))?.status).toBe('SUCCEEDED');
    expect((await lifecycleOf(held.sandbox, id))?.is_settled).toBe(false);

    const res = await post(held.sandbox, '/__sandbox/settle');
    expect(res.status).toBe(200);
    const settlement = (await res.json()) as Record<string, unknown>;
    expect(settlement).toMatchObject({
      settlement_batch: expect.any(Number),
      status: 'SUCCEEDED',
      gross_amount: 2500,
      gross_amount_64bit: '2500',
      total_fees: 103,
      net_amount: 2397,
      transaction_debit_count: 1,
      transaction_reversal_count: 0,
      transaction_ids: [id],
    });
    expect(await lifecycleOf(held.sandbox, id)).toMatchObject({
      status: 'SETTLED',
      is_settled: true,
      settlement_batch: settlement.settlement_batch,
    });
    const listed = (await (await fetch(`${held.sandbox.url}/__sandbox/settlements`)).json()) as unknown[];
    expect(listed).toEqual([settlement]);
    expect((await post(held.sandbox, '/__sandbox/faults', { autoSettle: 'no' })).status).toBe(400);
  });

  it('counts a charge as settled once captured while autoSettle is on (the default), before any batch', async () => {
    held.sandbox.reset();
    const id = await charge(held);
    await expect.poll(async () => (await lifecycleOf(held.sandbox, id))?.status).toBe('SUCCEEDED');
    expect(await lifecycleOf(held.sandbox, id)).toMatchObject({ is_settled: true, settlement_batch: null });
  });

  it('voids a reversal of an unsettled charge, even when its answer is lost, and refunds once settled', async () => {
    held.sandbox.reset();
    held.sandbox.setFaults({ autoSettle: false, visibilityDelayMs: 0 });
    const id = await charge(held);
    const reverse = (transactionId: string, amount: number) =>
      fetch(held.sandbox.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'test-merchant;test-secret' },
        body: JSON.stringify({
          query: `mutation($t: String!, $a: Int!) { createReversal(transaction_id: $t, amount: $a, refund_reason: { reason_code: REQUESTED_BY_CUSTOMER }) { is_void transaction_id } }`,
          variables: { t: transactionId, a: amount },
        }),
      });
    held.sandbox.setFaults({ failNextAfterCharge: 1 });
    expect((await reverse(id, 1000)).status).toBe(503);
    const [voided] = held.sandbox.ledger().filter((e) => e.kind === 'void');
    expect(voided).toMatchObject({ transactionId: id, amountCents: 1000, replacementAmountCents: 1500 });
    const replacementId = voided?.kind === 'void' ? (voided.replacementId ?? '') : '';
    expect((await lifecycleOf(held.sandbox, id))?.status).toBe('VOIDED');

    await expect.poll(async () => (await lifecycleOf(held.sandbox, replacementId))?.status).toBe('SUCCEEDED');
    const settlement = (await (await post(held.sandbox, '/__sandbox/settle')).json()) as Record<string, unknown>;
    expect(settlement).toMatchObject({ gross_amount: 1500, transaction_ids: [replacementId] });
    const refund = (await (await reverse(replacementId, 500)).json()) as { data: { createReversal: unknown } };
    expect(refund.data.createReversal).toEqual({ is_void: false, transaction_id: expect.stringMatching(/^pt_txn_/) });
  });

  it('shows flag_for_review POTENTIAL_DUPLICATE on a second charge of one card and amount, and resolves it by POST /__sandbox/review', async () => {
    held.sandbox.reset();
    const paymentMethodId = await held.tokenFor();
    const again = () =>
      held.provider.charge({ amountCents: 1234, paymentMethodId, idempotencyKey: `dup_${Math.random()}`, payor });
    await again();
    const twin = await again();
    if (twin.status !== 'succeeded') throw new Error('charge did not succeed');
    const flagOf = async () => {
      const res = await fetch(held.sandbox.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'test-merchant;test-secret' },
        body: JSON.stringify({ query: '{ transactions { items { transaction_id flag_for_review } } }' }),
      });
      const body = (await res.json()) as { data: { transactions: { items: Record<string, unknown>[] } } };
      return body.data.transactions.items.find((t) => t.transaction_id === twin.transactionId)?.flag_for_review;
    };
    expect(await flagOf()).toBe('POTENTIAL_DUPLICATE');
    expect((await post(held.sandbox, `/__sandbox/review/${twin.transactionId}`, { action: 'MAYBE' })).status).toBe(400);
    const res = await post(held.sandbox, `/__sandbox/review/${twin.transactionId}`, { action: 'ACCEPT' });
    expect(await res.json()).toMatchObject({ transaction_id: twin.transactionId, flag_for_review: null });
    expect(await flagOf()).toBeNull();
  });

  it('makes a batch on the settle timer', async () => {
    const id = await charge(timed);
    await expect
      .poll(() => timed.sandbox.settlements().flatMap((s) => s.transaction_ids), { timeout: 5000 })
      .toContain(id);
    expect((await lifecycleOf(timed.sandbox, id))?.status).toBe('SETTLED');
  });
});
