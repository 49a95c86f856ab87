import { z } from 'zod';
import { Email, FirstName, Id, LastName, Phone, TEXT_LIMITS, singleLineText, textMessages } from './common';
import { MIN_CONTRIBUTION_DOLLARS, PaymentMethod, contributionMessages } from './donations';

/** The largest single contribution we accept online; larger gifts go through the office. */
export const MAX_CONTRIBUTION_DOLLARS = 100_000;

/** Header a client sends once per form submission so a retried request is not a second gift. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
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
/** A whole number of cents as a string. */
const Digits = z.string().max(TEXT_LIMITS.amount, textMessages.tooLong('Amount', TEXT_LIMITS.amount)).regex(/^\d+$/);

/**
 * A whole number with US thousands separators: 100000 → '100,000'. Not `toLocaleString`: this
 * runs where the schema is defined, as a payment page's code loads, and a page's first `Intl`
 * call loads the locale's data, a task of 80–260 ms on a phone (docs/decisions/043).
 */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A dollar amount as the forms send it: a decimal string with at most two decimals. */
export const DollarString = z
  .string()
  .trim()
  .max(TEXT_LIMITS.amount, contributionMessages.invalidAmount)
  .regex(/^\d+(\.\d{1,2})?$/, contributionMessages.invalidAmount)
  .refine((v) => Number(v) >= MIN_CONTRIBUTION_DOLLARS, contributionMessages.invalidAmount)
  .refine(
    (v) => Number(v) <= MAX_CONTRIBUTION_DOLLARS,
    `The most we accept online is $${groupThousands(MAX_CONTRIBUTION_DOLLARS)}.`,
  );

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

export const PaymentState = z.enum(['queued', 'processing', 'succeeded', 'failed']);
export type PaymentState = z.infer<typeof PaymentState>;

/** 202 answer to a request that queued a charge: poll `GET /api/payments/{paymentId}`. */
export const PaymentAccepted = z
  .object({
    success: z.literal(true),
    data: z.object({ id: Id }),
    paymentId: Id,
    status: PaymentState,
  })
  .meta({ id: 'PaymentAccepted' });
export type PaymentAccepted = z.infer<typeof PaymentAccepted>;

/** GET /api/payments/:id[?waitMs=…]: the charge's state from the ledger. */
export const PaymentStatus = z
  .object({
    id: Id,
    kind: z.enum(['donation', 'recurring_donation', 'membership', 'registration']),
    recordId: Id,
    state: PaymentState,
    amountCents: z.number().int(),
    transactionId: z.string().nullable(),
    recurringId: z.string().nullable(),
    nextPaymentDate: z.string().nullable(),
    failureCode: z.string().nullable(),
    failureMessage: z.string().nullable(),
  })
  .meta({ id: 'PaymentStatus' });
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** Longest a poll may wait for the state to change before answering with the current one. */
export const MAX_PAYMENT_WAIT_MS = 25_000;

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

/** PATCH /api/donations/{id}/status: a charge the browser made, to verify. */
export const DonationStatusReport = z.object({
  status: singleLineText('Status', TEXT_LIMITS.shortCode),
  payTheoryPaymentId: singleLineText('Payment id', TEXT_LIMITS.providerId, { trim: true }).min(1),
});
export type DonationStatusReport = z.infer<typeof DonationStatusReport>;

/** POST /api/process-payment: the donation travels inside the request, the amount in cents beside it. */
export const ProcessPaymentRequest = z.object({
  amount: z.union([z.number().int().positive(), Digits.transform(Number)]),
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

/** POST /api/transactions. Extra keys are accepted and ignored: older clients send the whole transaction they saw. */
export const TransactionReport = z
  .object({ donationId: Id, providerTransactionId: ProviderTransactionId.optional() })
  .loose();
export type TransactionReport = z.infer<typeof TransactionReport>;

/** POST /api/event-registrations/{id}/payment: the registration's fee, charged with a card token. */
export const RegistrationChargeRequest = z.object({ paymentMethodToken: PaymentMethodToken });
export type RegistrationChargeRequest = z.infer<typeof RegistrationChargeRequest>;

/**
 * 202 answer that points at a payment without a record id: a charge reported by the browser
 * (PATCH /api/donations/{id}/status, PATCH /api/event-registrations/{id}/payment) or
 * POST /api/transactions. `status` is the payment's current state, `queued` when just created.
 */
export const PaymentQueued = PaymentAccepted.pick({ success: true, paymentId: true, status: true }).meta({
  id: 'PaymentQueued',
});
export type PaymentQueued = z.infer<typeof PaymentQueued>;

/** 201 answer to a request that stored a record and queued nothing (no card token). */
export const RecordCreated = z
  .object({ success: z.literal(true), data: z.object({ id: Id }) })
  .meta({ id: 'RecordCreated' });
export type RecordCreated = z.infer<typeof RecordCreated>;

/**
 * POST /api/process-payment → 202. `transactionId` stays null until the worker has charged;
 * `amount` is the charge in cents and `provider` the card provider's name.
 */
export const ProcessPaymentAccepted = z
  .object({
    success: z.literal(true),
    paymentId: Id,
    donationId: Id,
    transactionId: z.null(),
    provider: z.string(),
    amount: z.number().int(),
    status: PaymentState,
  })
  .meta({ id: 'ProcessPaymentAccepted' });
export type ProcessPaymentAccepted = z.infer<typeof ProcessPaymentAccepted>;

/** POST /api/process-membership-payment → 202: the membership stored, its monthly plan queued. */
export const MembershipPaymentAccepted = PaymentAccepted.extend({
  membershipId: Id,
  transactionId: z.null(),
}).meta({ id: 'MembershipPaymentAccepted' });
export type MembershipPaymentAccepted = z.infer<typeof MembershipPaymentAccepted>;

/** POST /api/create-payment-method → 200: the provider's token for raw card fields. */
export const PaymentMethodCreated = z
  .object({ success: z.literal(true), payment_method_id: z.string() })
  .meta({ id: 'PaymentMethodCreated' });
export type PaymentMethodCreated = z.infer<typeof PaymentMethodCreated>;

/**
 * POST /api/webhooks/paytheory/{secret} → 200 for every authenticated delivery: `duplicate` when
 * the transaction was already stored, `ignored` when the event is not one we act on.
 */
export const WebhookReceived = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean().optional(),
    ignored: z.literal(true).optional(),
  })
  .meta({ id: 'WebhookReceived' });
export type WebhookReceived = z.infer<typeof WebhookReceived>;
