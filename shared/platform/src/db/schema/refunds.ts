import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, inList, updatedAt } from './columns';
import { events } from './content';
import { payments } from './payments';
import { transactions } from './records';

export const REFUND_STATES = ['queued', 'processing', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * Refunds an admin asked for (docs/decisions/019), one row per request, moved queued → processing →
 * succeeded|failed by the `refund` job as a charge is by its own. Pay Theory's reversal has no
 * idempotency key, so a lost answer is resolved by reading the charge's refunded amount: the row
 * keeps what the provider had refunded before the first send, and only one refund of a charge is
 * in flight at a time (the partial unique index), so "refunded now ≥ before + amount" means sent.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: belongsTo('payment_id', () => payments.id, 'restrict'),
    /** The `transactions` row of the charge given back (a first charge or an instalment). */
    chargeRowId: belongsTo('charge_row_id', () => transactions.id, 'restrict'),
    /** The provider's id of that charge. */
    providerTransactionId: text('provider_transaction_id').notNull(),
    /** Integer cents, > 0, at most what the charge has left after earlier refunds. */
    amountCents: integer('amount_cents').notNull(),
    state: text('state').$type<RefundState>().notNull().default('queued'),
    /** The admin's username. */
    requestedBy: text('requested_by').notNull(),
    reason: text('reason'),
    /** The charge's refunded amount at the provider when this refund was first sent. */
    providerRefundedBeforeCents: integer('provider_refunded_before_cents'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    providerRefundId: text('provider_refund_id'),
    /** True when the provider voided (the charge was not settled), false when it refunded; null until done. */
    isVoid: boolean('is_void'),
    /**
     * A partial void's replacement: the transaction Pay Theory created for the rest of the charge,
     * which is captured in its place. The charge row (and its payment) now carry this id.
     */
    replacementTransactionId: text('replacement_transaction_id'),
    /** The refund's `transactions` row (status `refunded`) once it succeeded. */
    refundRowId: uuid('refund_row_id').references(() => transactions.id, { onDelete: 'restrict' }),
    failureMessage: text('failure_message'),
    /**
     * The event whose cancellation asked for this refund (docs/decisions/050); null for a refund an
     * admin asked for on its own.
     */
    cancelledEventId: uuid('cancelled_event_id').references(() => events.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_payment_id_idx').on(t.paymentId),
    index('refunds_charge_row_id_idx').on(t.chargeRowId),
    uniqueIndex('refunds_one_in_flight_per_charge')
      .on(t.chargeRowId)
      .where(sql`${t.state} IN ('queued', 'processing')`),
    // A cancelled event gives each charge back once: at most one of its refunds of a charge is
    // under way or made; a failed one may be asked again (docs/decisions/050).
    uniqueIndex('refunds_once_per_event_cancellation')
      .on(t.cancelledEventId, t.chargeRowId)
      .where(sql`${t.cancelledEventId} IS NOT NULL AND ${t.state} <> 'failed'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_state_known', inList('state', REFUND_STATES)),
  ],
);
