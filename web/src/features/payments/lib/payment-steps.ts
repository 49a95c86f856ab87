import type { PaymentStatus } from '@pillars/contracts';
import { PaymentTimeoutError, waitForPayment } from '../api/get-payment';
import { paymentMessages } from '../payments-texts';
import { PAYMENT_REQUEST_RETRY_DELAYS_MS } from '../payment-timing';
import type { BillingInfo, PayorInfo, ProviderSdk, TransactOutcome } from './provider-sdk';
import { withRetries } from './request-retry';
import { apiErrorMessage } from '@/lib/api-error-message';

/**
 * The steps every card payment is made of (contribution, event fee, membership): tokenize in
 * the provider's hosted fields, hand the token or a receipt to our server, then wait for the
 * charge's outcome. Each runner composes them with its own endpoint and messages.
 */

/** Waits and retry pauses; tests shorten them. */
export type CardPaymentTiming = {
  pollWaitMs?: number;
  deadlineMs?: number;
  retryDelayMs?: number;
  requestRetryDelaysMs?: readonly number[];
};

/** What each runner is given by the card form: the mounted SDK and one key per submission. */
export type CardPaymentContext = {
  /** The loaded SDK with mounted fields; null when the card form is not ready. */
  sdk: Pick<ProviderSdk, 'tokenize' | 'transact'> | null;
  /** One per submission; sent with every request of it, retries included. */
  idempotencyKey: string;
  signal?: AbortSignal;
  timing?: CardPaymentTiming;
};

export type PayorValues = { firstName: string; lastName: string; email: string; phone?: string };

/**
 * A payment that succeeded, with what its confirmation shows: the kind of payment and, for a
 * monthly plan, the date of its next charge ('YYYY-MM-DD', null when the provider gave none).
 */
export type CardPaymentSucceeded = {
  status: 'succeeded';
  paymentId: string;
  kind: PaymentStatus['kind'];
  nextPaymentDate: string | null;
};

/** Card validation errors from the SDK start with NOT_VALID; the visitor has to fix the card. */
export function isCardValidationError(error: string): boolean {
  return error.startsWith('NOT_VALID');
}

/** An error whose message is what the payment toast shows; `cause` keeps the technical reason. */
export function paymentError(message: string, cause?: unknown): Error {
  return new Error(message, cause === undefined ? undefined : { cause });
}

/**
 * The provider declined the card: the message is its reason, in words for the payer. The payment
 * forms keep it beside the card fields until the visitor changes something (useCardPayment).
 */
export class PaymentDeclinedError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'PaymentDeclinedError';
  }
}

/** Leaving the page aborts a payment's requests; that is not a failure to report. */
export function rethrowIfAborted(error: unknown, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw error;
}

export function payorInfo({ firstName, lastName, email, phone }: PayorValues): PayorInfo {
  return { first_name: firstName, last_name: lastName, email, phone: phone ?? '' };
}

export type TokenizeAttempt =
  { type: 'TOKENIZED'; paymentMethodId: string } | { type: 'ERROR'; error: string; cause?: unknown };

/** SDK tokenization; a thrown error becomes an ERROR outcome so the caller can fall back. */
export async function tokenizeCard(
  sdk: Pick<ProviderSdk, 'tokenize'>,
  request: { payorInfo: PayorInfo; billingInfo?: BillingInfo; metadata: Record<string, string> },
  signal: AbortSignal | undefined,
): Promise<TokenizeAttempt> {
  try {
    return await sdk.tokenize(request);
  } catch (error) {
    rethrowIfAborted(error, signal);
    return { type: 'ERROR', error: paymentMessages.sdkTokenizationFailed, cause: error };
  }
}

function transactErrorMessage(error: string): string {
  if (isCardValidationError(error)) return paymentMessages.invalidCard;
  if (error === paymentMessages.unexpectedSuccessFormat) return error;
  return paymentMessages.validationFailed(error);
}

export type BrowserReceipt = Extract<TransactOutcome, { type: 'SUCCESS' }>;

/** The plain payment call: the SDK charges the card in the browser; resolves with the receipt. */
export async function chargeInBrowser(
  sdk: Pick<ProviderSdk, 'transact'>,
  request: {
    amountCents: number;
    payorInfo: PayorInfo;
    billingInfo?: BillingInfo;
    metadata: Record<string, string>;
  },
  signal: AbortSignal | undefined,
  tokenizeCause: unknown,
): Promise<BrowserReceipt> {
  let outcome: TransactOutcome;
  try {
    outcome = await sdk.transact(request);
  } catch (error) {
    rethrowIfAborted(error, signal);
    throw paymentError(paymentMessages.processingFailed, { transact: error, tokenize: tokenizeCause });
  }
  if (outcome.type === 'ERROR') throw paymentError(transactErrorMessage(outcome.error), tokenizeCause);
  if (outcome.type === 'FAILED') {
    throw new PaymentDeclinedError(outcome.failureText || paymentMessages.checkCardDetails, outcome.failureCode);
  }
  return outcome;
}

/** Sends a payment request, re-sending it (same Idempotency-Key) while it fails transiently. */
export function sendPaymentRequest<T>(send: () => Promise<T>, context: CardPaymentContext): Promise<T> {
  const delays = context.timing?.requestRetryDelaysMs ?? PAYMENT_REQUEST_RETRY_DELAYS_MS;
  return withRetries(send, delays, context.signal);
}

/**
 * Sends the request that hands the card or receipt to our server; a refusal rejects with the
 * server's message for the payer, or `fallback` when it gave none.
 */
export async function submitPayment<T>(
  send: () => Promise<T>,
  context: CardPaymentContext,
  fallback: string,
): Promise<T> {
  try {
    return await sendPaymentRequest(send, context);
  } catch (error) {
    rethrowIfAborted(error, context.signal);
    throw paymentError(apiErrorMessage(error) ?? fallback, error);
  }
}

/** The SDK with mounted fields; without it the payer is told the card form is not ready. */
export function readySdk(context: CardPaymentContext): NonNullable<CardPaymentContext['sdk']> {
  if (!context.sdk) throw paymentError(paymentMessages.fieldsNotReady);
  return context.sdk;
}

/**
 * Polls the payment until it succeeded or failed. Resolves on success; otherwise rejects with the
 * server's failure message, or `failedFallback` when it gave none.
 */
export async function settle(
  paymentId: string,
  context: CardPaymentContext,
  failedFallback: string,
): Promise<CardPaymentSucceeded> {
  const { signal, timing } = context;
  let status: PaymentStatus;
  try {
    status = await waitForPayment(paymentId, {
      pollWaitMs: timing?.pollWaitMs,
      deadlineMs: timing?.deadlineMs,
      retryDelayMs: timing?.retryDelayMs,
      signal,
    });
  } catch (error) {
    rethrowIfAborted(error, signal);
    const message = error instanceof PaymentTimeoutError ? error.message : paymentMessages.processingFailed;
    throw paymentError(message, error);
  }
  if (status.state === 'succeeded') {
    return {
      status: 'succeeded',
      paymentId,
      kind: status.kind,
      nextPaymentDate: status.nextPaymentDate,
    };
  }
  if (status.declined) throw new PaymentDeclinedError(status.failureMessage || failedFallback);
  throw paymentError(status.failureMessage || failedFallback);
}
