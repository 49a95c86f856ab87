import { MAX_PAYMENT_WAIT_MS, PaymentStatus } from '@pillars/contracts';
import { apiRequest } from '@/lib/api';
import { isTransientRequestError, sleep, timeoutSignal } from '../lib/request-retry';
import { paymentMessages } from '../payments-texts';
import { PAYMENT_DEADLINE_MS, PAYMENT_POLL_WAIT_MS, PAYMENT_RETRY_DELAY_MS } from '../payment-timing';

/** How much longer than `waitMs` a poll may take before it is abandoned and asked again. */
const POLL_SLACK_MS = 10_000;

/** GET /api/payments/{id}?waitMs=N: the server answers when the state is final or N ms have passed. */
export async function getPayment(paymentId: string, waitMs: number, signal?: AbortSignal): Promise<PaymentStatus> {
  const wait = Math.max(0, Math.round(waitMs));
  const url = `/api/payments/${encodeURIComponent(paymentId)}?waitMs=${wait}`;
  // A connection that hangs must not keep the form on "Processing..." past the deadline.
  const limit = timeoutSignal(wait + POLL_SLACK_MS, signal);
  try {
    const response = await apiRequest('GET', url, undefined, { signal: limit.signal });
    return PaymentStatus.parse(await response.json());
  } finally {
    limit.dispose();
  }
}

export type WaitForPaymentOptions = {
  pollWaitMs?: number;
  deadlineMs?: number;
  retryDelayMs?: number;
  signal?: AbortSignal;
};

/** Thrown when the payment has no final state by the deadline; it may still complete later. */
export class PaymentTimeoutError extends Error {
  constructor() {
    super(paymentMessages.confirmationTimeout);
    this.name = 'PaymentTimeoutError';
  }
}

function isFinal(status: PaymentStatus): boolean {
  return status.state === 'succeeded' || status.state === 'failed';
}

/**
 * Long-polls until the payment succeeded or failed. Network errors and 5xx answers are retried
 * until the deadline; a server that answers early with a non-final state is asked again no more
 * than once per `retryDelayMs`, so a missing long-poll never turns into a busy loop.
 */
export async function waitForPayment(
  paymentId: string,
  {
    pollWaitMs = PAYMENT_POLL_WAIT_MS,
    deadlineMs = PAYMENT_DEADLINE_MS,
    retryDelayMs = PAYMENT_RETRY_DELAY_MS,
    signal,
  }: WaitForPaymentOptions = {},
): Promise<PaymentStatus> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const startedAt = Date.now();
    const remaining = deadline - startedAt;
    if (remaining <= 0) throw new PaymentTimeoutError();
    try {
      const status = await getPayment(paymentId, Math.min(pollWaitMs, MAX_PAYMENT_WAIT_MS, remaining), signal);
      if (isFinal(status)) return status;
    } catch (error) {
      if (signal?.aborted || !isTransientRequestError(error)) throw error;
    }
    const pause = retryDelayMs - (Date.now() - startedAt);
    if (pause > 0) await sleep(Math.min(pause, Math.max(0, deadline - Date.now())), signal);
  }
}
