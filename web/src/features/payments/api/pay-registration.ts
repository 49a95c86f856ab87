import { type EventPaymentPatch, IDEMPOTENCY_HEADER, PaymentQueued } from '@pillars/contracts';
import { apiRequest } from '@/lib/api';

type Options = { idempotencyKey: string; signal?: AbortSignal };

function registrationPaymentUrl(registrationId: string): string {
  return `/api/event-registrations/${encodeURIComponent(registrationId)}/payment`;
}

/**
 * POST /api/event-registrations/{id}/payment with a tokenized card: the server charges the fee it
 * computed for the registration (never an amount from the browser) and answers with the payment
 * to poll. A second request for the same registration returns the first payment.
 */
export async function payRegistration(registrationId: string, paymentMethodToken: string, options: Options) {
  const response = await apiRequest(
    'POST',
    registrationPaymentUrl(registrationId),
    { paymentMethodToken },
    {
      headers: { [IDEMPOTENCY_HEADER]: options.idempotencyKey },
      signal: options.signal,
    },
  );
  return PaymentQueued.parse(await response.json());
}

/**
 * PATCH /api/event-registrations/{id}/payment, the product's call: saves a charge the browser made
 * itself. The server treats the receipt as a claim and verifies it with the provider.
 */
export async function saveRegistrationPayment(registrationId: string, patch: EventPaymentPatch, options: Options) {
  const response = await apiRequest('PATCH', registrationPaymentUrl(registrationId), patch, {
    headers: { [IDEMPOTENCY_HEADER]: options.idempotencyKey },
    signal: options.signal,
  });
  return PaymentQueued.parse(await response.json());
}
