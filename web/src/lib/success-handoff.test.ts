import { describe, expect, it } from 'vitest';
import { readSuccessHandoff, successHandoff } from './success-handoff';

describe('success handoff', () => {
  it('carries a monthly plan from a payment result to the success page', () => {
    const paid = { status: 'succeeded', paymentId: 'p1', kind: 'recurring_donation', nextPaymentDate: '2026-12-24' };
    const state = successHandoff(paid);
    expect(state).toEqual({ monthlyPlan: { kind: 'recurring_donation', nextPaymentDate: '2026-12-24' } });
    expect(readSuccessHandoff(state)).toEqual({ kind: 'recurring_donation', nextPaymentDate: '2026-12-24' });
  });

  it('carries nothing for a one-off payment or an unknown result', () => {
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
