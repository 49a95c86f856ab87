import { describe, expect, it } from 'vitest';
import { readSuccessHandoff, successHandoff } from './success-handoff';

describe('success handoff', () => {
  it('carries a monthly plan from a payment result to the success page', () => {
    const paid = { status: 'succeeded', paymentId: 'p1', kind: 'recurring_donation', nextPaymentDate: '2026-12-24' };
    const state = successHandoff(paid);
    expect(state).toEqual({ monthlyPlan: { kind: 'recurring_donation', nextPaymentDate: '2026-12-24' } });
    expect(readSuccessHandoff(state)).toEqual({
      monthlyPlan: { kind: 'recurring_donation', nextPaymentDate: '2026-12-24' },
      reference: null,
    });
  });

  it("carries the payment's reference: the provider's transaction id, else a plan's id", () => {
    const oneOff = {
      status: 'succeeded',
      kind: 'donation',
      nextPaymentDate: null,
      transactionId: 'tx_1',
      recurringId: null,
    };
    expect(successHandoff(oneOff)).toEqual({ reference: 'tx_1' });
    expect(readSuccessHandoff(successHandoff(oneOff))).toEqual({ monthlyPlan: null, reference: 'tx_1' });
    const plan = { kind: 'membership', nextPaymentDate: '2026-12-24', transactionId: null, recurringId: 'rec_1' };
    expect(readSuccessHandoff(successHandoff(plan))).toEqual({
      monthlyPlan: { kind: 'membership', nextPaymentDate: '2026-12-24' },
      reference: 'rec_1',
    });
  });

  it('carries nothing for a one-off payment without a reference or an unknown result', () => {
    for (const paid of [
      { status: 'succeeded', paymentId: 'p1', kind: 'donation', nextPaymentDate: null },
      { status: 'succeeded', paymentId: 'p1', kind: 'registration', nextPaymentDate: null },
      undefined,
      'ok',
    ]) {
      expect(successHandoff(paid)).toBeUndefined();
    }
  });

  it('reads nothing from another history state', () => {
    for (const state of [null, undefined, 'x', { payer: { email: '' } }, { monthlyPlan: { kind: 'donation' } }]) {
      expect(readSuccessHandoff(state)).toBeNull();
    }
  });
});
