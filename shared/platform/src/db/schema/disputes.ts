import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, updatedAt } from './columns';
import { payments } from './payments';
import { transactions } from './records';

/**
 * Pay Theory's dispute statuses (its DisputeStatus): `INQUIRY` (the issuer asks for information),
 * `PENDING` (a chargeback is under way), `WON`, `LOST`. A status the provider adds later is kept as
 * it says it, so nothing it reports is lost (docs/decisions/047-disputes.md).
 */
export const DISPUTE_STATUSES = ['INQUIRY', 'PENDING', 'WON', 'LOST'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** The statuses in which the money is still contested: the dispute needs the organisation's attention. */
export const OPEN_DISPUTE_STATUSES: readonly string[] = ['INQUIRY', 'PENDING'];

/** audit_log actions of disputes: `after` holds the dispute as recorded, `before` its previous status. */
export const DISPUTE_OPENED_ACTION = 'payment.dispute_opened';
export const DISPUTE_CHANGED_ACTION = 'payment.dispute_changed';

/**
 * Disputes (chargebacks and inquiries) the provider reports against a charge the ledger holds
 * (docs/decisions/047-disputes.md): one row per provider dispute, written by the one recorder
 * (shared/money/src/disputes.ts) whether a DISPUTE webhook or the reconciliation found it, and
 * updated in place as its status moves. Only what the provider showed when re-fetched is stored.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    provider: text('provider').notNull(),
    providerDisputeId: text('provider_dispute_id').notNull(),
    /** The disputed charge as the provider names it. */
    providerTransactionId: text('provider_transaction_id').notNull(),
    paymentId: belongsTo('payment_id', () => payments.id, 'restrict'),
    /** The charge's `transactions` row, when the ledger has recorded it. */
    chargeRowId: uuid('charge_row_id').references(() => transactions.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    /** Integer cents in dispute, as the provider reports it. */
    amountCents: integer('amount_cents').notNull(),
    /** The issuer's reason code (CLERICAL, FRAUD, INQUIRY, QUALITY, TECHNICAL) and its message. */
    reason: text('reason'),
    reasonMessage: text('reason_message'),
    /** When the dispute was made, the last day to send evidence, and the provider's last change. */
    disputedAt: timestamp('disputed_at', { withTimezone: true, mode: 'date' }),
    evidenceDueAt: timestamp('evidence_due_at', { withTimezone: true, mode: 'date' }),
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('disputes_provider_dispute_id_key').on(t.provider, t.providerDisputeId),
    index('disputes_payment_id_idx').on(t.paymentId),
    index('disputes_provider_transaction_id_idx').on(t.providerTransactionId),
    index('disputes_charge_row_id_idx')
      .on(t.chargeRowId)
      .where(sql`${t.chargeRowId} IS NOT NULL`),
    check('disputes_amount_nonnegative', sql`${t.amountCents} >= 0`),
  ],
);
