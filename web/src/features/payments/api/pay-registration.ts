import { type EventPaymentPatch, PaymentQueued } from '@pillars/contracts';
import { submitOnce } from '@/lib/submit-once';

type Options = { idempotencyKey: string; signal?: AbortSignal };

function registrationPaymentUrl(registrationId: string): string {
  return `/api/event-registrations/${encodeURIComponent(registrationId)}/payment`;
}

/**
 * POST /api/event-registrations/{id}/payment with a tokenized card: the server charges the fee it
 * computed for the registration (never an amount from the browser) and answers with the payment
 * to poll. A second request for the same registration returns the first payment.
 */
export function payRegistration(registrationId: string, paymentMethodToken: string, options: Options) {
  return submitOnce('POST', registrationPaymentUrl(registrationId), { paymentMethodToken }, PaymentQueued, options);
}

/**
 * PATCH /api/event-registrations/{id}/payment, the product's call: saves a charge the browser made
 * itself. The server treats the receipt as a claim and verifies it with the provider.
 */
export function saveRegistrationPayment(registrationId: string, patch: EventPaymentPatch, options: Options) {
  return submitOnce('PATCH', registrationPaymentUrl(registrationId), patch, PaymentQueued, options);
}
