import { describe, expect, it } from 'vitest';
import { chargedInBrowser, fakeSdk, stubApi } from '@/test/payment-api-stub';
import { IDEMPOTENCY_KEY, PAYMENT_ID, SUBMISSION, statusReplies, succeeded } from '@/test/payment-fixture';
import { paymentMessages } from '../payments-texts';
import { type EventPaymentInput, runEventPayment } from './run-event-payment';

const REGISTRATION_ID = '6d2f0c3e-8a2d-4c6b-9e7f-1a2b3c4d5e70';
const EVENT_ID = '7e3f0c3e-8a2d-4c6b-9e7f-1a2b3c4d5e71';
const PAYMENT_URL = `/api/event-registrations/${REGISTRATION_ID}/payment`;

const status = statusReplies('registration');
const queued = () => Response.json({ success: true, paymentId: PAYMENT_ID, status: 'queued' }, { status: 202 });

function run(sdk: EventPaymentInput['sdk']) {
  return runEventPayment({
    registrationId: REGISTRATION_ID,
    eventId: EVENT_ID,
    amountCents: 4500,
    values: { firstName: 'John', lastName: 'Adams', email: 'john@example.org', phone: '555-010-1776' },
    sdk,
    ...SUBMISSION,
  });
}

describe('runEventPayment: tokenized card', () => {
  it('sends only the token (the server computes the fee), then polls until paid', async () => {
    const calls = stubApi({
      [`POST ${PAYMENT_URL}`]: [queued],
      [`GET /api/payments/${PAYMENT_ID}`]: [status('succeeded')],
    });
    const { global, sdk } = fakeSdk({});

    await expect(run(sdk)).resolves.toEqual(succeeded('registration'));

    expect(global.tokenizePaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        metadata: { source: 'event', event_id: EVENT_ID, registration_id: REGISTRATION_ID },
      }),
    );
    const [post] = calls;
    expect(post?.body).toEqual({ paymentMethodToken: 'pm_123' });
    expect(post?.headers['Idempotency-Key']).toBe(IDEMPOTENCY_KEY);
    expect(global.transact).not.toHaveBeenCalled();
  });

  it('rejects with the decline reason, or "Payment failed" without one', async () => {
    stubApi({
      [`POST ${PAYMENT_URL}`]: [queued],
      [`GET /api/payments/${PAYMENT_ID}`]: [status('failed', { failureMessage: 'Card declined' }), status('failed')],
    });
    await expect(run(fakeSdk({}).sdk)).rejects.toThrow(/^Card declined$/);
    await expect(run(fakeSdk({}).sdk)).rejects.toThrow(/^Payment failed$/);
  });

  it('shows the server’s message when it refuses the payment', async () => {
    stubApi({
      [`POST ${PAYMENT_URL}`]: [
        () => Response.json({ error: 'This event does not require payment.', code: 'CONFLICT' }, { status: 409 }),
      ],
    });
    await expect(run(fakeSdk({}).sdk)).rejects.toThrow('This event does not require payment.');
  });

  it('refuses an invalid card without charging, and a missing SDK', async () => {
    stubApi({});
    const { global, sdk } = fakeSdk({ tokenize: () => Promise.resolve({ type: 'ERROR', error: 'NOT_VALID_CARD' }) });
    await expect(run(sdk)).rejects.toThrow(paymentMessages.invalidCard);
    expect(global.transact).not.toHaveBeenCalled();
    await expect(run(null)).rejects.toThrow(paymentMessages.fieldsNotReady);
  });
});

describe('runEventPayment: plain payment call fallback', () => {
  const tokenizeDown = () => Promise.resolve({ type: 'ERROR', error: 'SERVICE_UNAVAILABLE' });

  it('charges in the browser, then saves the receipt with the spec’s PATCH', async () => {
    const calls = stubApi({ [`PATCH ${PAYMENT_URL}`]: [queued] });
    const { global, sdk } = fakeSdk({ tokenize: tokenizeDown, transact: () => chargedInBrowser('rcpt_9', 4500) });

    await expect(run(sdk)).resolves.toEqual({ status: 'charged', receiptNumber: 'rcpt_9', saved: true });

    expect(global.transact).toHaveBeenCalledWith(
      expect.objectContaining({
        amount: 4500,
        metadata: {
          source: 'event',
          event_id: EVENT_ID,
          registration_id: REGISTRATION_ID,
          idempotency_key: IDEMPOTENCY_KEY,
        },
      }),
    );
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`PATCH ${PAYMENT_URL}`]);
    expect(calls[0]?.body).toEqual({
      payTheoryPaymentId: 'rcpt_9',
      paymentAmount: 4500,
      paymentDetails: { status: 'completed', provider: 'paytheory', paymentMethod: 'card' },
    });
  });

  it('still resolves when saving the details fails, as the spec says', async () => {
    const calls = stubApi({ [`PATCH ${PAYMENT_URL}`]: [() => new Response('', { status: 503 })] });
    const { sdk } = fakeSdk({ tokenize: tokenizeDown, transact: () => chargedInBrowser('rcpt_9', 4500) });

    await expect(run(sdk)).resolves.toMatchObject({ status: 'charged', saved: false });
    // Re-sent twice with the same key before giving up.
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.headers['Idempotency-Key']))).toEqual(new Set([IDEMPOTENCY_KEY]));
  });

  it('rejects when the browser charge is declined, saving nothing', async () => {
    const calls = stubApi({});
    const { sdk } = fakeSdk({
      tokenize: tokenizeDown,
      transact: () =>
        Promise.resolve({
          type: 'FAILED',
          body: { reason: { failure_code: 'GENERIC_DECLINE', failure_text: 'Declined' } },
        }),
    });
    await expect(run(sdk)).rejects.toThrow(/^Declined$/);
    expect(calls).toEqual([]);
  });
});
