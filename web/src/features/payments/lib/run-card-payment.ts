import {
  type ContributionForm,
  type DonationRequest,
  MIN_CONTRIBUTION_DOLLARS,
  type PaymentStatus,
  contributionMessages,
  dollarsToCents,
  formatCents,
} from '@pillars/shared/contracts';
import { createDonation } from '../api/create-donation';
import { PaymentTimeoutError, waitForPayment } from '../api/get-payment';
import { processPayment } from '../api/process-payment';
import { CARD_PROVIDER, PAYMENT_REQUEST_RETRY_DELAYS_MS, paymentMessages } from '../payments-texts';
import type { BillingInfo, PayorInfo, ProviderSdk, TransactOutcome } from './provider-sdk';
import { apiErrorMessage, withRetries } from './request-retry';

/** The form values a card contribution uses (a ContributionForm fits). */
export type CardPaymentValues = Pick<
  ContributionForm,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'isRecurring'
  | 'billingAddress'
  | 'billingCity'
  | 'billingState'
  | 'billingZip'
>;

/** Waits and retry pauses; tests shorten them. */
export type CardPaymentTiming = {
  pollWaitMs?: number;
  deadlineMs?: number;
  retryDelayMs?: number;
  requestRetryDelaysMs?: readonly number[];
};

export type RunCardPaymentInput = {
  values: CardPaymentValues;
  /** Integer cents, at least MIN_CONTRIBUTION_DOLLARS. */
  amountCents: number;
  /** The loaded SDK with mounted fields; null when the card form is not ready. */
  sdk: Pick<ProviderSdk, 'tokenize' | 'transact'> | null;
  /** One per submission; sent with every request of it, retries included. */
  idempotencyKey: string;
  signal?: AbortSignal;
  timing?: CardPaymentTiming;
};

export type CardPaymentSucceeded = { status: 'succeeded'; paymentId: string };

const METADATA_SOURCE = 'contribution';

/** Card validation errors from the SDK start with NOT_VALID; the visitor has to fix the card. */
export function isCardValidationError(error: string): boolean {
  return error.startsWith('NOT_VALID');
}

/** An error whose message is what the payment toast shows; `cause` keeps the technical reason. */
function paymentError(message: string, cause?: unknown): Error {
  return new Error(message, cause === undefined ? undefined : { cause });
}

function rethrowIfAborted(error: unknown, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw error;
}

function payorInfo({ firstName, lastName, email, phone }: CardPaymentValues): PayorInfo {
  return { first_name: firstName, last_name: lastName, email, phone };
}

function billingInfo(values: CardPaymentValues): BillingInfo {
  const address = {
    ...(values.billingAddress ? { line1: values.billingAddress } : {}),
    ...(values.billingCity ? { city: values.billingCity } : {}),
    ...(values.billingState ? { region: values.billingState } : {}),
    ...(values.billingZip ? { postal_code: values.billingZip } : {}),
  };
  const name = `${values.firstName} ${values.lastName}`.trim();
  return Object.keys(address).length > 0 ? { name, address } : { name };
}

/** The donation fields of SPEC section 7, without the card token. */
function donationFields(values: CardPaymentValues, amountCents: number) {
  const billing = {
    billingAddress: values.billingAddress,
    billingCity: values.billingCity,
    billingState: values.billingState,
    billingZip: values.billingZip,
  };
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    amount: formatCents(amountCents),
    paymentMethod: 'card',
    isRecurring: values.isRecurring,
    // Empty optional fields are left out rather than sent as "".
    ...Object.fromEntries(Object.entries(billing).filter(([, value]) => value)),
  } satisfies Omit<DonationRequest, 'paymentMethodToken' | 'provider' | 'amountCents'>;
}

type TokenizeAttempt =
  { type: 'TOKENIZED'; paymentMethodId: string } | { type: 'ERROR'; error: string; cause?: unknown };

async function tokenizeCard(
  sdk: Pick<ProviderSdk, 'tokenize'>,
  values: CardPaymentValues,
  metadata: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<TokenizeAttempt> {
  try {
    return await sdk.tokenize({ payorInfo: payorInfo(values), billingInfo: billingInfo(values), metadata });
  } catch (error) {
    rethrowIfAborted(error, signal);
    return { type: 'ERROR', error: paymentMessages.sdkTokenizationFailed, cause: error };
  }
}

/**
 * Charges a card contribution and resolves once the server reports the payment succeeded.
 * Every rejection is an Error whose message is what the visitor should read (SPEC section 8).
 *
 * Order (SPEC section 4): SDK tokenization → POST /api/donations with the token (the server
 * queues the charge, or the monthly plan when recurring). If tokenization fails for a reason
 * other than card validation, the plain payment call: the SDK charges in the browser and
 * POST /api/process-payment reports the receipt for the server to verify. Either way the
 * payment is then polled until it succeeded or failed.
 */
export async function runCardPayment(input: RunCardPaymentInput): Promise<CardPaymentSucceeded> {
  const { values, amountCents, sdk, signal } = input;
  if (!sdk) throw paymentError(paymentMessages.fieldsNotReady);
  if (!Number.isInteger(amountCents) || amountCents < dollarsToCents(MIN_CONTRIBUTION_DOLLARS)) {
    throw paymentError(contributionMessages.invalidAmount);
  }

  const tokenized = await tokenizeCard(sdk, values, { source: METADATA_SOURCE }, signal);
  let paymentId: string;
  if (tokenized.type === 'TOKENIZED') {
    paymentId = await submitTokenizedCard(input, tokenized.paymentMethodId);
  } else if (isCardValidationError(tokenized.error)) {
    throw paymentError(paymentMessages.invalidCard, tokenized.error);
  } else {
    // SPEC section 4 puts "backend tokenization" (POST /api/create-payment-method with the raw
    // card) between SDK tokenization and the plain payment call. This page never has the card
    // number: it is typed into the provider's hosted fields (DESIGN.md rule 4), so that step
    // cannot run here and is skipped.
    // The key in the charge's metadata makes the provider return the first charge, not a second
    // one, if this very submission reaches it twice.
    const metadata = { source: METADATA_SOURCE, idempotency_key: input.idempotencyKey };
    paymentId = await chargeInBrowser(sdk, input, metadata, tokenized.cause ?? tokenized.error);
  }
  return settle(paymentId, input);
}

async function submitTokenizedCard(input: RunCardPaymentInput, paymentMethodToken: string): Promise<string> {
  const { values, amountCents, idempotencyKey, signal, timing } = input;
  const request: DonationRequest = {
    ...donationFields(values, amountCents),
    paymentMethodToken,
    provider: CARD_PROVIDER,
    amountCents: String(amountCents),
  };
  try {
    const accepted = await withRetries(
      () => createDonation({ request, idempotencyKey, signal }),
      timing?.requestRetryDelaysMs ?? PAYMENT_REQUEST_RETRY_DELAYS_MS,
      signal,
    );
    return accepted.paymentId;
  } catch (error) {
    rethrowIfAborted(error, signal);
    const fallback = values.isRecurring ? paymentMessages.recurringSetupFailed : paymentMessages.createDonationFailed;
    throw paymentError(apiErrorMessage(error) ?? fallback, error);
  }
}

function transactErrorMessage(error: string): string {
  if (isCardValidationError(error)) return paymentMessages.invalidCard;
  if (error === paymentMessages.unexpectedSuccessFormat) return error;
  return paymentMessages.validationFailed(error);
}

/** The plain payment call: the SDK charges the card, then the server is told the receipt. */
async function chargeInBrowser(
  sdk: Pick<ProviderSdk, 'transact'>,
  input: RunCardPaymentInput,
  metadata: Record<string, string>,
  tokenizeCause: unknown,
): Promise<string> {
  const { values, amountCents, idempotencyKey, signal, timing } = input;

  let outcome: TransactOutcome;
  try {
    outcome = await sdk.transact({
      amountCents,
      payorInfo: payorInfo(values),
      billingInfo: billingInfo(values),
      metadata,
    });
  } catch (error) {
    rethrowIfAborted(error, signal);
    throw paymentError(paymentMessages.processingFailed, { transact: error, tokenize: tokenizeCause });
  }
  if (outcome.type === 'ERROR') throw paymentError(transactErrorMessage(outcome.error), tokenizeCause);
  if (outcome.type === 'FAILED') {
    throw paymentError(outcome.failureText || paymentMessages.checkCardDetails, outcome.failureCode);
  }

  const receipt = outcome;
  try {
    const accepted = await withRetries(
      () =>
        processPayment({
          request: {
            amount: amountCents,
            buyer: payorInfo(values),
            donation: donationFields(values, amountCents),
            paymentMethod: 'card',
            ...(receipt.paymentMethodId ? { payment_method_id: receipt.paymentMethodId } : {}),
            provider: CARD_PROVIDER,
            tokenized: false,
            recurring: values.isRecurring,
            transactionId: receipt.receiptNumber,
          },
          idempotencyKey,
          signal,
        }),
      timing?.requestRetryDelaysMs ?? PAYMENT_REQUEST_RETRY_DELAYS_MS,
      signal,
    );
    return accepted.paymentId;
  } catch (error) {
    rethrowIfAborted(error, signal);
    throw paymentError(apiErrorMessage(error) ?? paymentMessages.donationProcessingFailed, error);
  }
}

/** Polls the payment; resolves when it succeeded, throws the server's failure message otherwise. */
async function settle(paymentId: string, input: RunCardPaymentInput): Promise<CardPaymentSucceeded> {
  const { values, signal, timing } = input;
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
  if (status.state === 'succeeded') return { status: 'succeeded', paymentId };
  const fallback = values.isRecurring ? paymentMessages.recurringSetupFailed : paymentMessages.processingFailed;
  throw paymentError(status.failureMessage || fallback, status.failureCode);
}
