import type { ProcessPaymentAccepted } from '@pillars/contracts';
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '../payments-texts';
import { type ApiReply, fakeSdk, stubApi } from '@/test/payment-api-stub';
import { IDEMPOTENCY_KEY, PAYMENT_ID, SUBMISSION, statusReplies, succeeded } from '@/test/payment-fixture';
import { type CardPaymentValues, type RunCardPaymentInput, runCardPayment } from './run-card-payment';
import { PaymentDeclinedError } from './payment-steps';

const DONATION_ID = '7c2e1d4f-9b3a-4d5c-8e6f-2b3c4d5e6f70';

const values: CardPaymentValues = {
  firstName: 'Martha',
  lastName: 'Washington',
  email: 'martha@example.org',
  phone: '555-010-1776',
  isRecurring: false,
};

/** The donation as both endpoints receive it: the form's values, the amount in dollars, by card. */
const donationFields = { ...values, amount: '25.00', paymentMethod: 'card' };

const status = statusReplies('donation');

const accepted: ApiReply = () =>
  Response.json({ success: true, data: { id: DONATION_ID }, paymentId: PAYMENT_ID, status: 'queued' }, { status: 202 });
const processPaymentAccepted: ApiReply = () =>
  Response.json(
    {
      success: true,
      paymentId: PAYMENT_ID,
      donationId: DONATION_ID,
      transactionId: null,
      provider: 'paytheory',
      amount: 2500,
      status: 'queued',
    } satisfies ProcessPaymentAccepted,
    { status: 202 },
  );

function run(sdk: RunCardPaymentInput['sdk'], overrides: Partial<RunCardPaymentInput> = {}) {
  return runCardPayment({
    values,
    amountCents: 2500,
    sdk,
    ...SUBMISSION,
    ...overrides,
  });
}

describe('runCardPayment: tokenized card', () => {
  it('posts the donation with the Idempotency-Key, then polls until it succeeded', async () => {
    const calls = stubApi({
      'POST /api/donations': [accepted],
      [`GET /api/payments/${PAYMENT_ID}`]: [status('queued'), status('processing'), status('succeeded')],
    });
    const { global, sdk } = fakeSdk({});

    // The payment id comes back: the success page shows its reference.
    await expect(run(sdk)).resolves.toEqual(succeeded('donation'));

    expect(global.tokenizePaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        payorInfo: {
          first_name: 'Martha',
          last_name: 'Washington',
          email: 'martha@example.org',
          phone: '555-010-1776',
        },
        metadata: { source: 'contribution' },
      }),
    );
    const [post, ...polls] = calls;
    expect(post?.method).toBe('POST');
    expect(post?.url).toBe('/api/donations');
    expect(post?.headers['Idempotency-Key']).toBe(IDEMPOTENCY_KEY);
    expect(post?.body).toEqual({
      ...donationFields,
      paymentMethodToken: 'pm_123',
      provider: 'paytheory',
      amountCents: '2500',
    });
    expect(polls.map((call) => call.url)).toEqual(Array(3).fill(`/api/payments/${PAYMENT_ID}?waitMs=10000`));
    expect(global.transact).not.toHaveBeenCalled();
  });

  it('rejects with the server’s failure message when the payment failed', async () => {
    stubApi({
      'POST /api/donations': [accepted],
      [`GET /api/payments/${PAYMENT_ID}`]: [status('failed', { failureMessage: 'Insufficient funds' })],
    });
    const error = await run(fakeSdk({}).sdk).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Insufficient funds');
    // Not the provider's decline (declined: false): the form does not call it one.
    expect(error).not.toBeInstanceOf(PaymentDeclinedError);
  });

  it('rejects with a PaymentDeclinedError carrying the provider’s reason when the card was declined', async () => {
    stubApi({
      'POST /api/donations': [accepted],
      [`GET /api/payments/${PAYMENT_ID}`]: [status('failed', { failureMessage: 'Insufficient funds', declined: true })],
    });
    const error = await run(fakeSdk({}).sdk).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect((error as Error).message).toBe('Insufficient funds');
  });

  it('falls back to "Payment processing failed" when the failure has no message', async () => {
    stubApi({ 'POST /api/donations': [accepted], [`GET /api/payments/${PAYMENT_ID}`]: [status('failed')] });
    await expect(run(fakeSdk({}).sdk)).rejects.toThrow(/^Payment processing failed$/);
  });

  it('re-sends a request that failed transiently with the same Idempotency-Key', async () => {
    const calls = stubApi({
      'POST /api/donations': [() => new Response('', { status: 503 }), accepted],
      [`GET /api/payments/${PAYMENT_ID}`]: [status('succeeded')],
    });
    await expect(run(fakeSdk({}).sdk)).resolves.toMatchObject({ status: 'succeeded' });
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.headers['Idempotency-Key'])).toEqual([IDEMPOTENCY_KEY, IDEMPOTENCY_KEY]);
  });

  it('shows the server’s message for a rejected request, and the spec message otherwise', async () => {
    stubApi({
      'POST /api/donations': [
        () =>
          Response.json(
            {
              error: 'Invalid request',
              code: 'INVALID_DATA',
              issues: [{ path: ['phone'], message: 'Please enter a valid phone number' }],
            },
            { status: 400 },
          ),
      ],
    });
    await expect(run(fakeSdk({}).sdk)).rejects.toThrow('Please enter a valid phone number');

    stubApi({ 'POST /api/donations': [() => new Response('', { status: 500 })] });
    await expect(run(fakeSdk({}).sdk)).rejects.toThrow(/^Failed to create donation$/);
    await expect(run(fakeSdk({}).sdk, { values: { ...values, isRecurring: true } })).rejects.toThrow(
      /^Recurring donation setup failed$/,
    );
  });

  it('stops at the deadline with a message that warns against paying twice', async () => {
    stubApi({ 'POST /api/donations': [accepted], [`GET /api/payments/${PAYMENT_ID}`]: [status('processing')] });
    await expect(run(fakeSdk({}).sdk, { timing: { deadlineMs: 30, retryDelayMs: 5 } })).rejects.toThrow(
      paymentMessages.confirmationTimeout,
    );
  });
});

describe('runCardPayment: card validation', () => {
  it('gives the spec message for a NOT_VALID card and charges nothing', async () => {
    const calls = stubApi({});
    const { global, sdk } = fakeSdk({
      tokenize: () => Promise.resolve({ type: 'ERROR', error: 'NOT_VALID: card number failed the Luhn check' }),
    });
    await expect(run(sdk)).rejects.toThrow(
      'Unable to process payment information. Please verify your card details and try again.',
    );
    expect(global.transact).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('refuses to run without a ready SDK or with less than $1.00', async () => {
    await expect(run(null)).rejects.toThrow('Payment fields not ready. Please wait and try again.');
    await expect(run(fakeSdk({}).sdk, { amountCents: 99 })).rejects.toThrow(
      'Please select or enter a donation amount of at least $1.00.',
    );
  });
});

describe('runCardPayment: plain payment call fallback', () => {
  const charged = () =>
    Promise.resolve({
      type: 'SUCCESS',
      body: { receipt_number: 'rcpt_42', amount: 2500, state: 'SUCCEEDED', payment_method_id: 'pm_777' },
    });

  it('charges with transact when tokenization fails, then reports the receipt and polls', async () => {
    const calls = stubApi({
      'POST /api/process-payment': [processPaymentAccepted],
      [`GET /api/payments/${PAYMENT_ID}`]: [status('succeeded')],
    });
    const { global, sdk } = fakeSdk({
      tokenize: () => Promise.resolve({ type: 'ERROR', error: 'SESSION_EXPIRED: tokenization unavailable' }),
      transact: charged,
    });

    await expect(run(sdk)).resolves.toEqual(succeeded('donation'));

    expect(global.transact).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 2500, metadata: { source: 'contribution', idempotency_key: IDEMPOTENCY_KEY } }),
    );
    expect(calls.map((call) => call.url)).toEqual(['/api/process-payment', `/api/payments/${PAYMENT_ID}?waitMs=10000`]);
    const [post] = calls;
    expect(post?.headers['Idempotency-Key']).toBe(IDEMPOTENCY_KEY);
    expect(post?.body).toEqual({
      amount: 2500,
      buyer: { first_name: 'Martha', last_name: 'Washington', email: 'martha@example.org', phone: '555-010-1776' },
      donation: donationFields,
      paymentMethod: 'card',
      payment_method_id: 'pm_777',
      provider: 'paytheory',
      tokenized: false,
      recurring: false,
      transactionId: 'rcpt_42',
    });
  });

  it('falls back too when tokenize throws', async () => {
    stubApi({
      'POST /api/process-payment': [processPaymentAccepted],
      [`GET /api/payments/${PAYMENT_ID}`]: [status('succeeded')],
    });
    const { global, sdk } = fakeSdk({ tokenize: () => Promise.reject(new Error('iframe gone')), transact: charged });
    await expect(run(sdk)).resolves.toMatchObject({ status: 'succeeded' });
    expect(global.transact).toHaveBeenCalledTimes(1);
  });

  it('maps a declined, invalid or failed browser charge to its message', async () => {
    const tokenize = () => Promise.resolve({ type: 'ERROR', error: 'SERVICE_UNAVAILABLE' });
    stubApi({});

    const declined = fakeSdk({
      tokenize,
      transact: () =>
        Promise.resolve({
          type: 'FAILED',
          body: {
            receipt_number: 'r1',
            amount: 2500,
            state: 'FAILED',
            reason: { failure_code: 'GENERIC_DECLINE', failure_text: 'Card declined' },
          },
        }),
    });
    await expect(run(declined.sdk)).rejects.toThrow(/^Card declined$/);

    const noReason = fakeSdk({ tokenize, transact: () => Promise.resolve({ type: 'FAILED', body: {} }) });
    await expect(run(noReason.sdk)).rejects.toThrow('Payment processing failed - please check your card details');

    const errored = fakeSdk({
      tokenize,
      transact: () => Promise.resolve({ type: 'ERROR', error: 'FIELD_ERROR: expiry' }),
    });
    await expect(run(errored.sdk)).rejects.toThrow('Payment validation failed: FIELD_ERROR: expiry');

    const odd = fakeSdk({ tokenize, transact: () => Promise.resolve({ type: 'SUCCESS', body: {} }) });
    await expect(run(odd.sdk)).rejects.toThrow(/^Unexpected success response format$/);
  });

  it('says "Donation processing failed" when the server cannot record the browser charge', async () => {
    stubApi({ 'POST /api/process-payment': [() => new Response('', { status: 502 })] });
    const { sdk } = fakeSdk({
      tokenize: () => Promise.resolve({ type: 'ERROR', error: 'TIMEOUT' }),
      transact: charged,
    });
    await expect(run(sdk)).rejects.toThrow(/^Donation processing failed$/);
  });
});
