import { describe, expect, it } from 'vitest';
import { SandboxStore, type StoreTiming } from './store';

/** A store on a hand-moved clock, whose deferred work runs only when the test says so. */
function setup(
  visibilityDelayMs = 300,
  rules: { pendingMs?: number; autoSettle?: boolean; reviewThresholdCents?: number } = {},
) {
  let now = Date.UTC(2026, 0, 15, 12);
  const deferred: Array<{ at: number; work: () => void }> = [];
  const timing: StoreTiming = {
    visibilityDelayMs: () => visibilityDelayMs,
    pendingMs: () => rules.pendingMs ?? 0,
    autoSettle: () => rules.autoSettle ?? true,
    duplicateWindowMs: 60_000,
    reviewThresholdCents: rules.reviewThresholdCents ?? null,
    firstInstalmentDelayMs: 200,
    defer: (work, ms) => void deferred.push({ at: now + ms, work }),
  };
  const store = new SandboxStore(undefined, () => new Date(now), timing);
  const advance = (ms: number) => {
    now += ms;
    for (const due of deferred.filter((d) => d.at <= now)) {
      deferred.splice(deferred.indexOf(due), 1);
      due.work();
    }
  };
  const tokenized = store.tokenize({ number: '4111111111111111', expMonth: '12', expYear: '40', securityCode: '123' });
  if (!tokenized.ok) throw new Error('test card did not tokenize');
  return { store, advance, pm: tokenized.method.paymentMethodId };
}

const key = { idempotency_key: 'pay_1' };

describe('sandbox store, as strict as Pay Theory', () => {
  it('charges every time, whatever the metadata', () => {
    const { store, pm } = setup();
    const first = store.charge({ amountCents: 2500, paymentMethodId: pm, metadata: key, source: 'api' });
    const second = store.charge({ amountCents: 2500, paymentMethodId: pm, metadata: key, source: 'api' });
    expect(second.transaction.transactionId).not.toBe(first.transaction.transactionId);
    expect(store.ledger().filter((e) => e.kind === 'charge')).toHaveLength(2);
  });

  it('shows a new transaction to queries only after the visibility delay', () => {
    const { store, advance, pm } = setup(300);
    store.charge({ amountCents: 2500, paymentMethodId: pm, metadata: key, source: 'api' });
    expect(store.transactionsWhere(() => true)).toEqual([]);
    advance(299);
    expect(store.transactionsWhere(() => true)).toEqual([]);
    advance(1);
    expect(store.transactionsWhere(() => true)).toHaveLength(1);
  });

  it('creates every plan asked for, and charges its first instalment after answering', () => {
    const { store, advance, pm } = setup(300);
    const { plan } = store.createRecurring({ amountCents: 2500, paymentMethodId: pm, name: 'Monthly', metadata: key });
    store.createRecurring({ amountCents: 2500, paymentMethodId: pm, name: 'Monthly', metadata: key });
    expect(store.ledger().map((e) => e.kind)).toEqual(['recurring', 'recurring']);
    advance(300);
    expect(store.plansWhere(() => true)).toHaveLength(2);
    expect(store.transactionsWhere(() => true)).toEqual([]);
    advance(300);
    const [first] = store.transactionsWhere((t) => t.recurringId === plan.recurringId);
    expect(first).toMatchObject({ status: 'SUCCEEDED', amountCents: 2500 });
  });

  it('charges nothing for a plan cancelled before its first instalment', () => {
    const { store, advance, pm } = setup(0);
    const { plan } = store.createRecurring({ amountCents: 2500, paymentMethodId: pm, name: 'Monthly', metadata: key });
    store.cancelRecurring(plan.recurringId);
    advance(1000);
    expect(store.ledger().filter((e) => e.kind === 'charge')).toEqual([]);
  });
});

describe('sandbox store: capture, fees and settlement batches', () => {
  const charge = (store: SandboxStore, pm: string, amountCents: number) =>
    store.charge({ amountCents, paymentMethodId: pm, metadata: key, source: 'api' }).transaction;

  it('shows a charge PENDING and unsettled for pendingMs, then SUCCEEDED', () => {
    const { store, advance, pm } = setup(0, { pendingMs: 1000 });
    charge(store, pm, 2500);
    expect(store.transactionsWhere(() => true).map((t) => [t.status, t.isSettled])).toEqual([['PENDING', false]]);
    advance(999);
    expect(store.transactionsWhere(() => true)[0]?.status).toBe('PENDING');
    advance(1);
    expect(store.transactionsWhere(() => true).map((t) => [t.status, t.isSettled])).toEqual([['SUCCEEDED', true]]);
  });

  it('charges a fee of 2.9% plus 30 cents on a successful charge only', () => {
    const { store, pm } = setup(0);
    expect(charge(store, pm, 2500).feeCents).toBe(103);
    expect(charge(store, pm, 10).feeCents).toBe(10);
    expect(charge(store, pm, 102).feeCents).toBe(0);
  });

  it('with autoSettle off, settles captured charges and reversals into a batch whose totals are their sums', () => {
    const { store, advance, pm } = setup(0, { autoSettle: false, pendingMs: 1000 });
    const first = charge(store, pm, 2500);
    advance(1000);
    const pending = charge(store, pm, 4000);
    charge(store, pm, 193);
    expect(store.transactionsWhere((t) => t.type === 'DEBIT').map((t) => [t.status, t.isSettled])).toEqual([
      ['SUCCEEDED', false],
      ['PENDING', false],
    ]);

    const batch = store.settle();
    expect(batch).toMatchObject({
      settlementBatch: 1,
      grossCents: 2500,
      feesCents: 103,
      netCents: 2397,
      debitCount: 1,
      reversalCount: 0,
      transactionIds: [first.transactionId],
    });
    expect(store.transactionsWhere((t) => t.transactionId === first.transactionId)[0]).toMatchObject({
      status: 'SETTLED',
      isSettled: true,
      settlementBatch: 1,
    });
    expect(store.settle()).toBeNull();

    advance(1000);
    store.reverse(first.transactionId, 500);
    const second = store.settle();
    const held = store.transactionsWhere((t) => t.settlementBatch === second?.settlementBatch);
    expect(held.map((t) => t.transactionId).sort()).toEqual(second?.transactionIds.sort());
    expect(held.map((t) => t.type).sort()).toEqual(['DEBIT', 'REVERSAL']);
    expect(second).toMatchObject({
      grossCents: 4000 - 500,
      feesCents: pending.feeCents,
      debitCount: 1,
      reversalCount: 1,
    });
    expect(second?.netCents).toBe(4000 - 500 - pending.feeCents);
    expect(
      store
        .ledger()
        .filter((e) => e.kind === 'settlement')
        .map((e) => e.settlementBatch),
    ).toEqual([1, 2]);
  });
});

describe('sandbox store: createReversal voids what is not settled', () => {
  const charge = (store: SandboxStore, pm: string, amountCents: number) =>
    store.charge({ amountCents, paymentMethodId: pm, metadata: key, source: 'api' }).transaction;
  const shown = (store: SandboxStore, id: string | undefined) =>
    store.transactionsWhere((t) => t.transactionId === id).map((t) => [t.status, t.amountCents, t.feeCents])[0];

  it('voids all of an unsettled charge: VOIDED after the visibility delay, no fee, never settled', () => {
    const { store, advance, pm } = setup(300, { autoSettle: false });
    const original = charge(store, pm, 2500);
    advance(300);
    const done = store.reverse(original.transactionId, 2500);
    expect(done).toMatchObject({ kind: 'void', replacement: null });
    expect(shown(store, original.transactionId)).toEqual(['SUCCEEDED', 2500, 103]);
    advance(300);
    expect(shown(store, original.transactionId)).toEqual(['VOIDED', 2500, 0]);
    expect(store.settle()).toBeNull();
    expect(() => store.reverse(original.transactionId, 1)).toThrow('the transaction was voided');
    expect(store.ledger().at(-1)).toMatchObject({
      kind: 'void',
      transactionId: original.transactionId,
      amountCents: 2500,
      replacementId: null,
    });
  });

  it('voids a PENDING charge even while autoSettle is on', () => {
    const { store, pm } = setup(0, { pendingMs: 1000 });
    const original = charge(store, pm, 2500);
    expect(store.reverse(original.transactionId, 2500).kind).toBe('void');
  });

  it('replaces a partly voided charge by a new transaction for the rest, which is the one settled', () => {
    const { store, advance, pm } = setup(0, { autoSettle: false });
    const original = charge(store, pm, 2500);
    const done = store.reverse(original.transactionId, 1000);
    if (done.kind !== 'void' || !done.replacement) throw new Error('expected a partial void');
    const { replacement } = done;
    expect(replacement).toMatchObject({
      type: 'DEBIT',
      amountCents: 1500,
      parentId: original.transactionId,
      metadata: key,
      paymentMethodId: pm,
    });
    expect(shown(store, original.transactionId)).toEqual(['VOIDED', 2500, 0]);
    expect(shown(store, replacement.transactionId)).toEqual(['SUCCEEDED', 1500, 74]);
    const batch = store.settle();
    expect(batch).toMatchObject({ grossCents: 1500, feesCents: 74, transactionIds: [replacement.transactionId] });
    advance(1);
    // Settled now: the replacement is refunded, not voided.
    expect(store.reverse(replacement.transactionId, 500).kind).toBe('refund');
    expect(shown(store, replacement.transactionId)).toEqual(['PARTIALLY_REFUNDED', 1500, 74]);
  });
});

describe('sandbox store: disputes', () => {
  it('opens a chargeback for 888888 cents, withdraws it in the next batch and deposits it back once WON', () => {
    const { store, pm } = setup(0);
    const { transaction } = store.charge({ amountCents: 888888, paymentMethodId: pm, metadata: key, source: 'api' });
    const [dispute] = store.disputes();
    expect(dispute).toMatchObject({ transactionId: transaction.transactionId, status: 'PENDING', amountCents: 888888 });
    expect(store.transactionsWhere(() => true)[0]?.disputeStatus).toBe('PENDING');

    const first = store.settle();
    expect(first).toMatchObject({ grossCents: 888888, adjustmentsCents: -888888, disputeCount: 1 });
    expect(first?.netCents).toBe(888888 - transaction.feeCents - 888888);
    expect(store.disputes()[0]?.settlementWithdrawalBatch).toBe(first?.settlementBatch);

    store.updateDispute(transaction.transactionId, 'WON');
    const second = store.settle();
    expect(second).toMatchObject({ grossCents: 0, adjustmentsCents: 888888, netCents: 888888, disputeCount: 1 });
    expect(store.disputes()[0]).toMatchObject({ status: 'WON', settlementDepositBatch: second?.settlementBatch });
    expect(
      store
        .ledger()
        .filter((e) => e.kind === 'dispute')
        .map((e) => (e.kind === 'dispute' ? e.change : '')),
    ).toEqual(['opened', 'updated']);
    expect(() => store.updateDispute('pt_txn_none', 'LOST')).toThrow('No dispute for this transaction');
  });
});

describe('sandbox store: review flags', () => {
  const charge = (store: SandboxStore, pm: string, amountCents: number) =>
    store.charge({ amountCents, paymentMethodId: pm, metadata: key, source: 'api' }).transaction;

  it('flags the same card and amount within the window as POTENTIAL_DUPLICATE, holding it out of settlement until accepted', () => {
    const { store, advance, pm } = setup(0);
    const first = charge(store, pm, 2500);
    const twin = charge(store, pm, 2500);
    const other = charge(store, pm, 2600);
    advance(60_001);
    const later = charge(store, pm, 2500);
    expect([first, twin, other, later].map((t) => t.flagForReview)).toEqual([null, 'POTENTIAL_DUPLICATE', null, null]);
    expect(store.describe(twin).isSettled).toBe(false);
    expect(store.settle()?.transactionIds).toEqual([first, other, later].map((t) => t.transactionId));
    expect(store.reviewCharge(twin.transactionId, 'ACCEPT')).toMatchObject({ flagForReview: null, isSettled: true });
    expect(store.settle()?.transactionIds).toEqual([twin.transactionId]);
  });

  it('flags nothing as a duplicate when no window is configured', () => {
    const store = new SandboxStore();
    const tokenized = store.tokenize({
      number: '4111111111111111',
      expMonth: '12',
      expYear: '40',
      securityCode: '123',
    });
    if (!tokenized.ok) throw new Error('test card did not tokenize');
    const pm = tokenized.method.paymentMethodId;
    expect([charge(store, pm, 2500), charge(store, pm, 2500)].map((t) => t.flagForReview)).toEqual([null, null]);
  });

  it('flags a charge above the threshold as EXCEEDS_THRESHOLD; a rejected one is voided', () => {
    const { store, pm } = setup(0, { reviewThresholdCents: 100_000 });
    expect(charge(store, pm, 100_000).flagForReview).toBeNull();
    const big = charge(store, pm, 100_001);
    expect(big.flagForReview).toBe('EXCEEDS_THRESHOLD');
    expect(store.reviewCharge(big.transactionId, 'REJECT')).toMatchObject({ status: 'VOIDED', flagForReview: null });
    expect(() => store.reviewCharge(big.transactionId, 'ACCEPT')).toThrow('No transaction in review');
  });
});
