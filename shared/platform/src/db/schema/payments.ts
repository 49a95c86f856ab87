import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, updatedAt } from './columns';

export const PAYMENT_KINDS = ['donation', 'recurring_donation', 'membership', 'registration'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_STATES = ['queued', 'processing', 'succeeded', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
/**
 * NOTIFY channel of a payment that just became succeeded or failed: the payload is its new status
 * (settledNotice in shared/money/src/payment-status.ts), sent by the ledger in the same statement.
 */
export const PAYMENT_SETTLED_CHANNEL = 'payment_settled';

/**
 * The charge ledger (ADR 007 and 010). One row per intended charge, written in the same
 * transaction as its domain record; the worker moves it queued → processing → succeeded|failed.
 * It never holds card data: only the provider's payment-method token and ids.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    /** The donation, membership or event registration this charge pays for. */
    recordId: uuid('record_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    state: text('state').$type<PaymentState>().notNull().default('queued'),
    paymentMethodToken: text('payment_method_token'),
    providerTransactionId: text('provider_transaction_id'),
    providerRecurringId: text('provider_recurring_id'),
    /** yyyy-MM-dd of a recurring plan's next charge, as the provider reports it. */
    nextPaymentDate: text('next_payment_date'),
    /**
     * A charge id the browser reported (the spec's plain-payment fallback). Only a claim: the
     * worker verifies it with the provider before copying it to providerTransactionId.
     */
    claimedTransactionId: text('claimed_transaction_id'),
    /**
     * The browser's key in the metadata of a charge it reported (`idempotency_key`, the
     * Idempotency-Key of the report): how the worker finds that charge when the reported id is
     * not a transaction id the provider knows (docs/decisions/010).
     */
    claimedIdempotencyKey: text('claimed_idempotency_key'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** Sent to the provider as metadata so an unclear outcome can be looked up, never re-charged. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the last charge (or plan) request for this payment started, written before it is sent.
     * Set means the provider may have charged: no new request until a lookup made after the
     * visibility window since this moment finds nothing (docs/decisions/010).
     */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set when a request was sent again after a lookup found nothing: once this time has passed,
     * the reconcile sweep looks for a duplicate the provider showed late, and reverses it.
     */
    recheckAfter: timestamp('recheck_after', { withTimezone: true, mode: 'date' }),
    /**
     * A recurring plan: when its latest instalment failed with no successful one since (dunning,
     * docs/decisions/018). Cleared by the next successful instalment; once it is older than the
     * grace period the plan is ended.
     */
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    /** A recurring plan: when someone asked to end it; the cancel-recurring job does it. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true, mode: 'date' }),
    /** Who asked: `donor`, `system` (the grace period ran out) or the admin's username. */
    cancelRequestedBy: text('cancel_requested_by'),
    /** Why, in a sentence an admin reads beside the record. */
    cancelReason: text('cancel_reason'),
    /** When the provider confirmed the plan stopped. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /**
     * The last four digits of the card the first charge was made with, as the provider showed
     * them when it succeeded; copied to its transactions row for the receipt. Not card data under
     * PCI DSS (the number is never seen), and never logged all the same.
     */
    cardLastFour: text('card_last_four'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_failing_since_idx')
      .on(t.failingSince)
      .where(sql`${t.failingSince} IS NOT NULL AND ${t.cancelRequestedAt} IS NULL`),
    index('payments_record_idx').on(t.kind, t.recordId),
    index('payments_state_updated_at_idx').on(t.state, t.updatedAt),
    index('payments_recheck_after_idx')
      .on(t.recheckAfter)
      .where(sql`${t.recheckAfter} IS NOT NULL`),
    // One provider charge pays for one thing: a reported id cannot be replayed for a second record.
    uniqueIndex('payments_provider_transaction_id_key').on(t.providerTransactionId),
    uniqueIndex('payments_claimed_transaction_id_key').on(t.claimedTransactionId),
    check('payments_kind_known', inList('kind', PAYMENT_KINDS)),
    check('payments_state_known', inList('state', PAYMENT_STATES)),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The audit_log action of a duplicate charge or plan the worker reversed (docs/decisions/010):
 * `before.paymentId` names the payment, `after.refundId` the reversal.
 */
export const DUPLICATE_REVERSED_ACTION = 'payment.duplicate_reversed';

/**
 * Provider webhook notifications about transactions, one row per provider transaction id
 * (ADR 007): Pay Theory's deliveries carry no event id, and a retried or UPDATED
 * notification about the same transaction finds its row and queues nothing again. Only ids are
 * kept; the worker re-fetches the transaction from the provider before acting, then sets
 * processed_at.
 *
 * A dispute notification is one row per dispute and status it names (`dispute_key`): a dispute
 * moves (PENDING, then WON or LOST) under one transaction id, and each move must be re-fetched,
 * while a redelivery of the same move finds its row (docs/decisions/047-disputes.md).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    /** The notification's `event.subtype`, e.g. PAYMENT.CREATED. */
    type: text('type').notNull(),
    transactionId: text('transaction_id').notNull(),
    /** The plan the notification named: a hint, the re-fetched transaction decides. */
    recurringId: text('recurring_id'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    /** What processing did (recorded, failed-recorded, ignored, …), for operators. */
    outcome: text('outcome'),
    /** A dispute notification's `{dispute id}:{status}` as the delivery named them (hints); null otherwise. */
    disputeKey: text('dispute_key'),
  },
  (t) => [
    uniqueIndex('webhook_events_provider_transaction_id_key')
      .on(t.provider, t.transactionId)
      .where(sql`${t.disputeKey} IS NULL`),
    uniqueIndex('webhook_events_provider_dispute_key')
      .on(t.provider, t.transactionId, t.disputeKey)
      .where(sql`${t.disputeKey} IS NOT NULL`),
  ],
);

/**
 * The scheduled poll of recurring plans (webhooks can be deactivated by the provider, so they are
 * not the only way instalments are learnt): one row per recurring payment, so every plan gets its
 * turn (oldest polled_at first) and a plan the provider no longer runs stops being polled.
 */
export const recurringPolls = pgTable(
  'recurring_polls',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Last attempt, successful or not: the order in which plans take turns. */
    polledAt: timestamp('polled_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Last complete listing: the next one starts a safety margin before it. */
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }),
    /** Set once the provider reports the plan inactive and its last listing is recorded. */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [index('recurring_polls_polled_at_idx').on(t.polledAt)],
);
