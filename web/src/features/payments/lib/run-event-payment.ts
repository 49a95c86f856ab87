import { CARD_PROVIDER, paymentMessages } from '../payments-texts';
import { payRegistration, saveRegistrationPayment } from '../api/pay-registration';
import * as steps from './payment-steps';

export type EventPaymentInput = steps.CardPaymentContext & {
  registrationId: string;
  eventId: string;
  /** The fee the server computed for the registration, in cents; shown and sent for the receipt. */
  amountCents: number;
  values: steps.PayorValues & { phone: string };
};

/**
 * Paid by the browser, then saved or not: the product sends the visitor to the success page
 * even when saving the payment details fails, since the card was charged.
 */
export type EventPaymentOutcome =
  steps.CardPaymentSucceeded | { status: 'charged'; receiptNumber: string; saved: boolean; saveError?: unknown };

const METADATA_SOURCE = 'event';

/**
 * Pays an event registration's fee. SDK tokenization → POST /api/event-registrations/{id}/payment
 * (the server charges its own fee) → poll until succeeded or failed. If tokenization fails for a
 * reason other than the card, the plain payment call: the SDK charges in the browser and the
 * receipt is saved with PATCH /api/event-registrations/{id}/payment for the server to verify.
 */
export async function runEventPayment(input: EventPaymentInput): Promise<EventPaymentOutcome> {
  const { values, amountCents, signal } = input;
  const sdk = steps.readySdk(input);
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw steps.paymentError(paymentMessages.processingFailed);

  const metadata = { source: METADATA_SOURCE, event_id: input.eventId, registration_id: input.registrationId };
  const payor = { payorInfo: steps.payorInfo(values), billingInfo: { name: `${values.firstName} ${values.lastName}` } };
  const tokenized = await steps.tokenizeCard(sdk, { ...payor, metadata }, signal);
  const options = { idempotencyKey: input.idempotencyKey, signal };

  if (tokenized.type === 'TOKENIZED') {
    const queued = await steps.submitPayment(
      () => payRegistration(input.registrationId, tokenized.paymentMethodId, options),
      input,
      paymentMessages.processingFailed,
    );
    return steps.settle(queued.paymentId, input, paymentMessages.paymentFailed);
  }
  if (steps.isCardValidationError(tokenized.error)) {
    throw steps.paymentError(paymentMessages.invalidCard, tokenized.error);
  }

  const receipt = await steps.chargeInBrowser(
    sdk,
    { ...payor, amountCents, metadata: { ...metadata, idempotency_key: input.idempotencyKey } },
    signal,
    tokenized.cause ?? tokenized.error,
  );
  const details = {
    payTheoryPaymentId: receipt.receiptNumber,
    paymentAmount: amountCents,
    paymentDetails: { status: 'completed', provider: CARD_PROVIDER, paymentMethod: 'card' },
  } as const;
  try {
    await steps.sendPaymentRequest(() => saveRegistrationPayment(input.registrationId, details, options), input);
    return { status: 'charged', receiptNumber: receipt.receiptNumber, saved: true };
  } catch (error) {
    steps.rethrowIfAborted(error, signal);
    return { status: 'charged', receiptNumber: receipt.receiptNumber, saved: false, saveError: error };
  }
}
