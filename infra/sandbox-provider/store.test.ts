import { describe, expect, it } from 'vitest';
import { SandboxStore, type StoreTiming } from './store';

/** A store on a hand-moved clock, whose deferred work runs only when the test says so. */
function setup(visibilityDelayMs = 300) {
  let now = Date.UTC(2026, 0, 15, 12);
  const deferred: Array<{ at: number; work: () => void }> = [];
  const timing: StoreTiming = {
    visibilityDelayMs: () => visibilityDelayMs,
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
