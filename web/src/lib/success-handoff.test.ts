import { describe, expect, it } from 'vitest';
import { readSuccessHandoff, successHandoff } from './success-handoff';

const PAYMENT_ID = '3f2a9c1b-04d5-4e6f-8a7b-9c0d1e2f3a4b';

describe('success handoff', () => {
  it('carries a monthly plan and the payment reference from a payment result to the success page', () => {
    const paid = {
      status: 'succeeded',
      paymentId: PAYMENT_ID,
      kind: 'recurring_donation',
      nextPaymentDate: '2026-12-24',
    };
    const state = successHandoff(paid);
    expect(state).toEqual({
      monthlyPlan: { kind: 'recurring_donation', nextPaymentDate: '2026-12-24' },
      reference: 'PAY-3F2A9C1B04',
    });
    expect(readSuccessHandoff(state)).toEqual({
      monthlyPlan: { kind: 'recurring_donation', nextPaymentDate: '2026-12-24' },
      reference: 'PAY-3F2A9C1B04',
    });
  });

  it("carries our payment's reference, never a provider id the result might hold", () => {
    const oneOff = {
      status: 'succeeded',
      paymentId: PAYMENT_ID,
      kind: 'donation',
      nextPaymentDate: null,
      transactionId: 'tx_1',
      recurringId: 'rec_1',
    };
    expect(successHandoff(oneOff)).toEqual({ reference: 'PAY-3F2A9C1B04' });
    expect(readSuccessHandoff(successHandoff(oneOff))).toEqual({ monthlyPlan: null, reference: 'PAY-3F2A9C1B04' });
  });

  it('carries nothing for a result without a payment id or an unknown result', () => {
    for (const paid of [
      { status: 'succeeded', kind: 'donation', nextPaymentDate: null, transactionId: 'tx_1' },
      { status: 'succeeded', kind: 'registration', nextPaymentDate: null },
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
