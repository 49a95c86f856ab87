import type { MembershipForm, MembershipPaymentAccepted } from '@pillars/contracts';
import { describe, expect, it } from 'vitest';
import { fakeSdk, stubApi } from '@/test/payment-api-stub';
import { IDEMPOTENCY_KEY, PAYMENT_ID, SUBMISSION, statusReplies, succeeded } from '@/test/payment-fixture';
import { paymentMessages } from '../payments-texts';
import { type MembershipPaymentInput, runMembershipPayment } from './run-membership-payment';

const MEMBERSHIP_ID = '8f4f0c3e-8a2d-4c6b-9e7f-1a2b3c4d5e72';

const values: MembershipForm = {
  firstName: 'Abigail',
  lastName: 'Adams',
  email: 'abigail@example.org',
  phone: '',
  message: 'To serve',
  paymentMethod: 'card',
  waiverAccepted: true,
};

const status = statusReplies('membership');
const accepted = () =>
  Response.json(
    {
      success: true,
      paymentId: PAYMENT_ID,
      membershipId: MEMBERSHIP_ID,
      data: { id: MEMBERSHIP_ID },
      transactionId: null,
      status: 'queued',
    } satisfies MembershipPaymentAccepted,
    { status: 202 },
  );

function run(sdk: MembershipPaymentInput['sdk'], overrides: Partial<MembershipForm> = {}) {
  return runMembershipPayment({
    values: { ...values, ...overrides },
    sdk,
    ...SUBMISSION,
  });
}

describe('runMembershipPayment', () => {
  it('posts the tokenized card with the membership and waiver, then polls until the plan is set up', async () => {
    const calls = stubApi({
      'POST /api/process-membership-payment': [accepted],
      [`GET /api/payments/${PAYMENT_ID}`]: [
        status('processing'),
        status('succeeded', { nextPaymentDate: '2026-12-24' }),
      ],
    });
    const { global, sdk } = fakeSdk({});

    await expect(run(sdk)).resolves.toEqual(succeeded('membership', '2026-12-24'));

    expect(global.tokenizePaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({ metadata: { source: 'membership' } }),
    );
    const [post] = calls;
    expect(post?.headers['Idempotency-Key']).toBe(IDEMPOTENCY_KEY);
    expect(post?.body).toEqual({
      amount: 2500,
      buyer: { first_name: 'Abigail', last_name: 'Adams', email: 'abigail@example.org', phone: '' },
      membership: values,
      paymentMethod: 'card',
      payment_method_id: 'pm_123',
      provider: 'paytheory',
      tokenized: true,
      recurring: true,
    });
  });

  it('rejects with the failure reason, or "Membership subscription setup failed"', async () => {
    stubApi({
      'POST /api/process-membership-payment': [accepted],
      [`GET /api/payments/${PAYMENT_ID}`]: [
        status('failed', { failureMessage: 'Insufficient funds' }),
        status('failed'),
      ],
    });
    await expect(run(fakeSdk({}).sdk)).rejects.toThrow(/^Insufficient funds$/);
    await expect(run(fakeSdk({}).sdk)).rejects.toThrow(/^Membership subscription setup failed$/);
  });

  it('shows the server’s message when it refuses, and the spec’s otherwise', async () => {
    stubApi({
      'POST /api/process-membership-payment': [
        () =>
          Response.json(
            { error: 'You must read and accept the liability waiver to proceed', code: 'INVALID_DATA' },
            { status: 400 },
          ),
        () => new Response('', { status: 500 }),
      ],
    });
    await expect(run(fakeSdk({}).sdk)).rejects.toThrow('You must read and accept the liability waiver to proceed');
    await expect(run(fakeSdk({}).sdk)).rejects.toThrow(/^Failed to set up membership subscription. Please try again.$/);
  });

  it('never charges in the browser: a tokenization outage is a setup failure', async () => {
    const calls = stubApi({});
    const { global, sdk } = fakeSdk({ tokenize: () => Promise.reject(new Error('iframe gone')) });
    await expect(run(sdk)).rejects.toThrow(paymentMessages.membershipSetupRetry);
    expect(global.transact).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('refuses without the waiver, an invalid card or a ready SDK, sending nothing', async () => {
    const calls = stubApi({});
    await expect(run(fakeSdk({}).sdk, { waiverAccepted: false })).rejects.toThrow(
      'You must read and accept the liability waiver to proceed',
    );
    const invalid = fakeSdk({ tokenize: () => Promise.resolve({ type: 'ERROR', error: 'NOT_VALID_EXPIRY' }) });
    await expect(run(invalid.sdk)).rejects.toThrow(paymentMessages.invalidCard);
    await expect(run(null)).rejects.toThrow(paymentMessages.fieldsNotReady);
    expect(calls).toEqual([]);
  });
});
