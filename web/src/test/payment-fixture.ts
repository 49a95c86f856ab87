import type { PaymentStatus } from '@pillars/contracts';
import { paymentStatusReply } from './payment-api-stub';

/** The payment a runner's tests follow, and the Idempotency-Key of its submission. */
export const PAYMENT_ID = '5b1f0c3e-8a2d-4c6b-9e7f-1a2b3c4d5e6f';
export const IDEMPOTENCY_KEY = 'key_0123456789abcdef';

/** A runner's timing without waits: polls and re-sends come at once. */
export const NO_WAITS = { retryDelayMs: 0, requestRetryDelaysMs: [0, 0] };

/** A runner's submission in tests: its Idempotency-Key, and no waits. */
export const SUBMISSION = { idempotencyKey: IDEMPOTENCY_KEY, timing: NO_WAITS };

/** GET /api/payments/{PAYMENT_ID} replies for a payment of `kind`. */
export const statusReplies =
  (kind: PaymentStatus['kind']) =>
  (state: PaymentStatus['state'], extra: Partial<PaymentStatus> = {}) =>
    paymentStatusReply({ id: PAYMENT_ID, kind }, state, extra);

/** What a runner resolves with once PAYMENT_ID succeeded. */
export const succeeded = (kind: PaymentStatus['kind'], nextPaymentDate: string | null = null) => ({
  status: 'succeeded',
  paymentId: PAYMENT_ID,
  kind,
  nextPaymentDate,
});
