import { z } from 'zod';
import { Id, TEXT_LIMITS, successData } from './common';
import { MIN_CONTRIBUTION_DOLLARS, contributionMessages } from './donations';

/** The largest single contribution we accept online; larger gifts go through the office. */
export const MAX_CONTRIBUTION_DOLLARS = 100_000;

/** Header a client sends once per form submission so a retried request is not a second gift. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A whole number with US thousands separators: 100000 → '100,000'. Not `toLocaleString`: this
 * runs where the schema is defined, as a payment page's code loads, and a page's first `Intl`
 * call loads the locale's data, a task of 80–260 ms on a phone (docs/decisions/038).
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

/**
 * GET /api/payments/:id[?waitMs=…]: the charge's state from the ledger, and only what the paying
 * page and /success show from it. Whoever holds a payment id may read this, so it names no record
 * and no provider id (docs/decisions/046): the kind and next charge date say what the success page
 * says about a monthly plan, the failure message is what the form shows after a decline.
 */
export const PaymentStatus = z
  .object({
    id: Id,
    kind: z.enum(['donation', 'recurring_donation', 'membership', 'registration']),
    state: PaymentState,
    nextPaymentDate: z.string().nullable(),
    failureMessage: z.string().nullable(),
    /** Failed because the provider declined the card: failureMessage is its reason, in words for the payer. */
    declined: z.boolean(),
  })
  .meta({ id: 'PaymentStatus' });
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** Longest a poll may wait for the state to change before answering with the current one. */
export const MAX_PAYMENT_WAIT_MS = 25_000;

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
export const RecordCreated = successData('RecordCreated', z.object({ id: Id }));
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
