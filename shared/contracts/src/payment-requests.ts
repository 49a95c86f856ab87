import { z } from 'zod';
import { Email, FirstName, Id, LastName, Phone, TEXT_LIMITS, singleLineText, textMessages } from './common';
import { PaymentMethod } from './donations';
import { DollarString, MAX_PAYMENT_WAIT_MS } from './payments-api';

// The bodies and queries of the payment calls, which only the API parses. Apart from the answers
// (./payments-api.ts) because a page evaluates every schema of each contract module it imports:
// zod's calls cannot be left out of a bundle when unused, and constructing these on a payment
// page's load was part of its longest task (docs/decisions/038).

export const IdempotencyKey = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Idempotency-Key must be 8-128 letters, digits, - or _');

/** A card token the provider's hosted fields made. */
const PaymentMethodToken = singleLineText('Payment method token', TEXT_LIMITS.providerId).min(1);
/** The name of the card provider the browser used. */
const ProviderName = singleLineText('Provider', TEXT_LIMITS.shortCode);
/** A provider's transaction id the browser reports. */
const ProviderTransactionId = singleLineText('Transaction id', TEXT_LIMITS.providerId).min(1);
const centsMessage = 'Amount in cents must be a whole number in digits.';
/** A whole number of cents as a string. */
const Digits = z
  .string()
  .max(TEXT_LIMITS.amount, textMessages.tooLong('Amount in cents', TEXT_LIMITS.amount))
  .regex(/^\d+$/, centsMessage);

/**
 * POST /api/donations, a product call. With `paymentMethodToken` the server records the
 * donation and queues the charge (or the monthly plan when `isRecurring`); the amount charged
 * is computed from `amount`, and `amountCents`, when sent, must agree with it.
 */
export const DonationRequest = z
  .object({
    firstName: FirstName,
    lastName: LastName,
    email: Email,
    phone: Phone,
    amount: DollarString,
    paymentMethod: PaymentMethod,
    isRecurring: z.boolean().default(false),
    billingAddress: singleLineText('Billing address', TEXT_LIMITS.addressLine).optional(),
    billingCity: singleLineText('City', TEXT_LIMITS.city).optional(),
    billingState: singleLineText('State', TEXT_LIMITS.state).optional(),
    billingZip: singleLineText('ZIP code', TEXT_LIMITS.zip).optional(),
    paymentMethodToken: PaymentMethodToken.optional(),
    provider: ProviderName.optional(),
    amountCents: Digits.optional(),
  })
  .meta({ id: 'DonationRequest' });
export type DonationRequest = z.infer<typeof DonationRequest>;

export const Buyer = z.object({
  first_name: singleLineText('First name', TEXT_LIMITS.name, { trim: true }).min(1),
  last_name: singleLineText('Last name', TEXT_LIMITS.name, { trim: true }).min(1),
  email: Email,
  phone: singleLineText('Phone', TEXT_LIMITS.phone).optional(),
});
export type Buyer = z.infer<typeof Buyer>;

/** GET /api/payments/{id}?waitMs=: how long to hold the request for the payment to settle. */
export const WaitQuery = z.object({ waitMs: z.coerce.number().int().min(0).max(MAX_PAYMENT_WAIT_MS).default(0) });
export type WaitQuery = z.infer<typeof WaitQuery>;

/**
 * PATCH /api/donations/{id}/status: a charge the browser made, to verify. Once the donation has a
 * payment, a report must name it: by `paymentId`, or by repeating the charge id that created it
 * (docs/decisions/046).
 */
export const DonationStatusReport = z.object({
  status: singleLineText('Status', TEXT_LIMITS.shortCode),
  payTheoryPaymentId: singleLineText('Payment id', TEXT_LIMITS.providerId, { trim: true }).min(1),
  paymentId: Id.optional(),
});
export type DonationStatusReport = z.infer<typeof DonationStatusReport>;

/** POST /api/process-payment: the donation travels inside the request, the amount in cents beside it. */
export const ProcessPaymentRequest = z.object({
  amount: z.union([z.number().int().positive(), Digits.transform(Number)], { error: centsMessage }),
  buyer: Buyer,
  donation: DonationRequest.omit({ paymentMethodToken: true, provider: true, amountCents: true }),
  paymentMethod: z.enum(['card', 'bank']),
  payment_method_id: PaymentMethodToken.optional(),
  provider: ProviderName.optional(),
  tokenized: z.boolean().default(false),
  recurring: z.boolean().default(false),
  /** The provider's id of a charge the browser made itself (SDK `transact`). */
  transactionId: ProviderTransactionId.optional(),
  /** Raw card fields: only with RAW_CARD_FALLBACK_ENABLED; never stored, logged or queued. */
  formData: z.record(z.string(), z.unknown()).optional(),
});
export type ProcessPaymentRequest = z.infer<typeof ProcessPaymentRequest>;

/** POST /api/process-membership-payment. The amount is always ours (2500 cents); one sent must agree. */
export const MembershipPaymentRequest = z.object({
  amount: z.union([z.number(), singleLineText('Amount', TEXT_LIMITS.amount)]).optional(),
  buyer: Buyer,
  membership: z.record(z.string(), z.unknown()),
  paymentMethod: z.literal('card'),
  payment_method_id: PaymentMethodToken.optional(),
  provider: ProviderName.optional(),
  tokenized: z.boolean().default(false),
  recurring: z.boolean().default(true),
  formData: z.record(z.string(), z.unknown()).optional(),
});
export type MembershipPaymentRequest = z.infer<typeof MembershipPaymentRequest>;

/** POST /api/create-payment-method: raw card fields (only with the raw-card fallback enabled). */
export const CreatePaymentMethodRequest = z.object({
  card: z.record(z.string(), z.unknown()),
  payor: z.record(z.string(), z.unknown()).optional(),
});
export type CreatePaymentMethodRequest = z.infer<typeof CreatePaymentMethodRequest>;

/**
 * POST /api/transactions. Extra keys are accepted and ignored: older clients send the whole
 * transaction they saw. It answers only the caller's own payment, named by `paymentId` or by the
 * charge id the caller reported (docs/decisions/046).
 */
export const TransactionReport = z
  .object({ donationId: Id, providerTransactionId: ProviderTransactionId.optional(), paymentId: Id.optional() })
  .loose();
export type TransactionReport = z.infer<typeof TransactionReport>;

/** POST /api/event-registrations/{id}/payment: the registration's fee, charged with a card token. */
export const RegistrationChargeRequest = z.object({ paymentMethodToken: PaymentMethodToken });
export type RegistrationChargeRequest = z.infer<typeof RegistrationChargeRequest>;
