import { CARD_PROVIDER, paymentMessages } from '../payments-texts';
import { payRegistration, saveRegistrationPayment } from '../api/pay-registration';
import {
  type CardPaymentContext,
  type CardPaymentSucceeded,
  type PayorValues,
  chargeInBrowser,
  isCardValidationError,
  payorInfo,
  paymentError,
  rethrowIfAborted,
  sendPaymentRequest,
  settle,
  tokenizeCard,
} from './payment-steps';
import { apiErrorMessage } from '@/lib/api-error-message';

export type EventPaymentInput = CardPaymentContext & {
  registrationId: string;
  eventId: string;
  /** The fee the server computed for the registration, in cents; shown and sent for the receipt. */
  amountCents: number;
  values: PayorValues & { phone: string };
};

/**
 * Paid by the browser, then saved or not: the product sends the visitor to the success page
 * even when saving the payment details fails, since the card was charged.
 */
export type EventPaymentOutcome =
  CardPaymentSucceeded | { status: 'charged'; receiptNumber: string; saved: boolean; saveError?: unknown };

const METADATA_SOURCE = 'event';

/**
 * Pays an event registration's fee. SDK tokenization → POST /api/event-registrations/{id}/payment
 * (the server charges its own fee) → poll until succeeded or failed. If tokenization fails for a
 * reason other than the card, the plain payment call: the SDK charges in the browser and the
 * receipt is saved with PATCH /api/event-registrations/{id}/payment for the server to verify.
 */
export async function runEventPayment(input: EventPaymentInput): Promise<EventPaymentOutcome> {
  const { sdk, values, amountCents, signal } = input;
  if (!sdk) throw paymentError(paymentMessages.fieldsNotReady);
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw paymentError(paymentMessages.processingFailed);

  const metadata = { source: METADATA_SOURCE, event_id: input.eventId, registration_id: input.registrationId };
  const payor = { payorInfo: payorInfo(values), billingInfo: { name: `${values.firstName} ${values.lastName}` } };
  const tokenized = await tokenizeCard(sdk, { ...payor, metadata }, signal);

  if (tokenized.type === 'TOKENIZED') {
    let paymentId: string;
    try {
      const queued = await sendPaymentRequest(
        () =>
          payRegistration(input.registrationId, tokenized.paymentMethodId, {
            idempotencyKey: input.idempotencyKey,
            signal,
          }),
        input,
      );
      paymentId = queued.paymentId;
    } catch (error) {
      rethrowIfAborted(error, signal);
      throw paymentError(apiErrorMessage(error) ?? paymentMessages.processingFailed, error);
    }
    return settle(paymentId, input, paymentMessages.paymentFailed);
  }
  if (isCardValidationError(tokenized.error)) throw paymentError(paymentMessages.invalidCard, tokenized.error);

  const receipt = await chargeInBrowser(
    sdk,
    { ...payor, amountCents, metadata: { ...metadata, idempotency_key: input.idempotencyKey } },
    signal,
    tokenized.cause ?? tokenized.error,
  );
  try {
    await sendPaymentRequest(
      () =>
        saveRegistrationPayment(
          input.registrationId,
          {
            payTheoryPaymentId: receipt.receiptNumber,
            paymentAmount: amountCents,
            paymentDetails: { status: 'completed', provider: CARD_PROVIDER, paymentMethod: 'card' },
          },
          { idempotencyKey: input.idempotencyKey, signal },
        ),
      input,
    );
    return { status: 'charged', receiptNumber: receipt.receiptNumber, saved: true };
  } catch (error) {
    rethrowIfAborted(error, signal);
    return { status: 'charged', receiptNumber: receipt.receiptNumber, saved: false, saveError: error };
  }
}
