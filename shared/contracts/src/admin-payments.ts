import { z } from 'zod';
import { IsoDateTime, multiLineText, successList, successData } from './common';

// A payment as the admin sees it (charges, refunds, disputes) and the refunds and plan cancellations an admin asks for.

/** A refund an admin asked for (docs/decisions/019), as the payment detail lists it. */
export const AdminRefund = z.object({
  id: z.uuid(),
  amountCents: z.number().int(),
  state: z.enum(['queued', 'processing', 'succeeded', 'failed']),
  /** The admin's username. */
  requestedBy: z.string(),
  reason: z.string().nullable(),
  /** Why the provider refused it (state failed). */
  failureMessage: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  /** True when the provider voided the charge (it had not settled), false when it refunded; null until done. */
  isVoid: z.boolean().nullable(),
  /** A partial void's replacement: the transaction that now carries the rest of the charge. */
  replacementTransactionId: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type AdminRefund = z.infer<typeof AdminRefund>;

/** A charge's state at the provider, as last read (docs/decisions/019); nulls until read. */
export const ProviderChargeStateView = z.object({
  /** Pay Theory's status: PENDING, SUCCEEDED, SETTLED, PARTIALLY_REFUNDED, REFUNDED, VOIDED, … */
  status: z.string().nullable(),
  settled: z.boolean().nullable(),
  /** The settlement batch it was paid out in. */
  settlementBatch: z.number().int().nullable(),
  /** POTENTIAL_DUPLICATE, EXCEEDS_THRESHOLD, …: its funds are held until Pay Theory resolves it. */
  reviewFlag: z.string().nullable(),
  readAt: IsoDateTime.nullable(),
});

/** A charge of a payment (its first charge or an instalment): a `transactions` row that took money. */
export const AdminCharge = z.object({
  /** The `transactions` row's id: what POST /api/admin/refunds names as chargeRowId. */
  id: z.uuid(),
  amountCents: z.number().int(),
  providerTransactionId: z.string().nullable(),
  buyerName: z.string(),
  createdAt: IsoDateTime,
  /** What may still be refunded: the amount less succeeded refunds and the one in flight. */
  refundableCents: z.number().int(),
  provider: ProviderChargeStateView,
  /**
   * What giving money back will be at the provider: a `void` while the charge is not settled (it
   * is never paid out; a part voided leaves a new charge for the rest), a `refund` once settled;
   * `unknown` when its state could not be read.
   */
  reversalKind: z.enum(['void', 'refund', 'unknown']),
  refunds: z.array(AdminRefund),
});
export type AdminCharge = z.infer<typeof AdminCharge>;

/**
 * A dispute of one of the payment's charges as the provider last reported it
 * (docs/decisions/047-disputes.md). `open` says whether the money is still contested.
 */
export const AdminDispute = z.object({
  id: z.uuid(),
  providerDisputeId: z.string(),
  providerTransactionId: z.string(),
  /** Pay Theory's status: INQUIRY, PENDING (open), WON, LOST. */
  status: z.string(),
  open: z.boolean(),
  amountCents: z.number().int(),
  reason: z.string().nullable(),
  reasonMessage: z.string().nullable(),
  disputedAt: IsoDateTime.nullable(),
  /** The last day to send evidence contesting it. */
  evidenceDueAt: IsoDateTime.nullable(),
  /** When the ledger first recorded it, and last recorded a change. */
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type AdminDispute = z.infer<typeof AdminDispute>;

/**
 * GET /api/admin/payments/{id}: one charge from the ledger and the state of the queue job that
 * settles it, for operators. Never the payment-method token.
 */
export const AdminPaymentDetail = z
  .object({
    id: z.uuid(),
    kind: z.enum(['donation', 'recurring_donation', 'membership', 'registration']),
    recordId: z.uuid(),
    amountCents: z.number().int(),
    state: z.enum(['queued', 'processing', 'succeeded', 'failed']),
    /** Charge attempts the worker has begun. */
    attempts: z.number().int(),
    failureCode: z.string().nullable(),
    failureMessage: z.string().nullable(),
    providerTransactionId: z.string().nullable(),
    providerRecurringId: z.string().nullable(),
    claimedTransactionId: z.string().nullable(),
    nextPaymentDate: z.string().nullable(),
    /** Sent to the provider as metadata: the key to look an unclear charge up there. */
    idempotencyKey: z.string(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    /** When the last charge request went out (null: never sent); docs/decisions/010. */
    lastSentAt: IsoDateTime.nullable(),
    /**
     * Charges (or plans) the provider made twice for this payment and the worker reversed: each
     * is also an error in the worker log. Empty when all is well.
     */
    duplicatesReversed: z.array(
      z.object({ entityType: z.string(), entityId: z.string(), refundId: z.string().nullable(), at: IsoDateTime }),
    ),
    /**
     * A monthly plan's dunning and cancellation (docs/decisions/018); null for a one-time payment.
     */
    plan: z
      .object({
        /** When its instalments started failing, with no success since; null when paying. */
        failingSince: IsoDateTime.nullable(),
        /** Failed instalments recorded since failingSince (0 when not failing). */
        failedAttemptsSince: z.number().int(),
        cancelRequestedAt: IsoDateTime.nullable(),
        /** `donor`, `system` (the grace period ran out) or the admin's username. */
        cancelRequestedBy: z.string().nullable(),
        cancelReason: z.string().nullable(),
        /** When the provider confirmed the plan stopped. */
        cancelledAt: IsoDateTime.nullable(),
      })
      .nullable(),
    job: z.object({
      name: z.string(),
      queue: z.string(),
      id: z.string(),
      /**
       * BullMQ's state ('waiting', 'active', 'delayed', 'completed', 'failed', …); 'unknown' when the
       * job is gone (completed jobs are kept a day), 'unavailable' when the queue backend did not answer.
       */
      state: z.string(),
    }),
    /** The money this payment took, oldest first, each with its refunds. */
    charges: z.array(AdminCharge),
    /** Disputes of its charges, oldest first; empty when none. */
    disputes: z.array(AdminDispute),
  })
  .meta({ id: 'AdminPaymentDetail' });
export type AdminPaymentDetail = z.infer<typeof AdminPaymentDetail>;

/** GET /api/admin/payments?recordId=: the payments of one record, newest first, to open their detail. */
export const PaymentsOfRecordQuery = z.object({ recordId: z.uuid() });
export const PaymentOfRecord = z.object({
  id: z.uuid(),
  kind: AdminPaymentDetail.shape.kind,
  state: AdminPaymentDetail.shape.state,
  amountCents: z.number().int(),
  createdAt: IsoDateTime,
});
export type PaymentOfRecord = z.infer<typeof PaymentOfRecord>;
export const PaymentsOfRecord = successList(PaymentOfRecord).meta({ id: 'PaymentsOfRecord' });
export type PaymentsOfRecord = z.infer<typeof PaymentsOfRecord>;

/** Longest reason an admin may give for a refund or a plan cancellation. */
export const ADMIN_REASON_MAX = 500;
const Reason = multiLineText('Reason', ADMIN_REASON_MAX, { trim: true }).optional();

/** POST /api/admin/refunds: give back all or part of one charge (docs/decisions/019). */
export const RefundCreate = z
  .object({
    /** The charge's `transactions` row (AdminCharge.id). */
    chargeRowId: z.uuid(),
    /** Integer cents; the server checks it against what is left of the charge. */
    amountCents: z.number().int(),
    reason: Reason,
  })
  .meta({ id: 'RefundCreate' });
export type RefundCreate = z.infer<typeof RefundCreate>;

/** POST /api/admin/refunds → 202: the refund is queued; the payment detail shows how it ends. */
export const RefundAccepted = z
  .object({
    success: z.literal(true),
    data: z.object({
      id: z.uuid(),
      paymentId: z.uuid(),
      amountCents: z.number().int(),
      state: AdminRefund.shape.state,
    }),
  })
  .meta({ id: 'RefundAccepted' });
export type RefundAccepted = z.infer<typeof RefundAccepted>;

/** POST /api/admin/payments/{id}/cancel-plan. */
export const PlanCancelCreate = z.object({ reason: Reason }).meta({ id: 'PlanCancelCreate' });
export type PlanCancelCreate = z.infer<typeof PlanCancelCreate>;

/** POST /api/admin/payments/{id}/cancel-plan → 202: a cancel-recurring job is queued. */
export const PlanCancelAccepted = successData(
  'PlanCancelAccepted',
  z.object({ paymentId: z.uuid(), cancelRequestedAt: IsoDateTime }),
);
export type PlanCancelAccepted = z.infer<typeof PlanCancelAccepted>;
