import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { payments } from './payments';
import { transactions } from './records';

/**
 * The provider's settlement batches (deposits), copied by the sync-settlements job
 * (docs/decisions/048-deposits.md): one row per batch, its figures exactly as the provider reports
 * them. Ours are computed from the ledger when shown, never stored here. Integer cents.
 */
export const settlements = pgTable(
  'settlements',
  {
    /** The provider's settlement_batch number. */
    batch: bigint('batch', { mode: 'number' }).primaryKey(),
    settlementDate: timestamp('settlement_date', { withTimezone: true, mode: 'date' }),
    transferDate: timestamp('transfer_date', { withTimezone: true, mode: 'date' }),
    /** PENDING, SUCCEEDED or HOLD (Pay Theory). */
    status: text('status'),
    currency: text('currency'),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    feesCents: bigint('fees_cents', { mode: 'number' }).notNull(),
    adjustmentsCents: bigint('adjustments_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    debitCount: integer('debit_count'),
    reversalCount: integer('reversal_count'),
    disputeCount: integer('dispute_count'),
    /** The provider's updated_row_at. */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true, mode: 'date' }),
    /** When the job last copied the batch and its complete list of transactions. */
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('settlements_settlement_date_idx').on(t.settlementDate)],
);

/**
 * The transactions a settlement batch holds, as the provider lists them, each linked to the ledger
 * row with the same provider transaction id: a charge (`completed`) or a refund (`refunded`). A
 * transaction the ledger does not hold keeps a null link and is shown as unmatched.
 */
export const settlementTransactions = pgTable(
  'settlement_transactions',
  {
    id: id(),
    batch: bigint('batch', { mode: 'number' })
      .notNull()
      .references(() => settlements.batch, { onDelete: 'cascade' }),
    providerTransactionId: text('provider_transaction_id').notNull(),
    /** DEBIT, REVERSAL, … (Pay Theory's transaction_type). */
    type: text('type').notNull(),
    status: text('status').notNull(),
    /** As the provider reports them: positive for a debit and a reversal alike. */
    grossCents: integer('gross_cents').notNull(),
    feesCents: integer('fees_cents'),
    netCents: integer('net_cents'),
    /** A reversal's charge. */
    parentTransactionId: text('parent_transaction_id'),
    transactionDate: timestamp('transaction_date', { withTimezone: true, mode: 'date' }),
    /** The ledger's row of this transaction; null when the ledger holds none (unmatched). */
    ledgerRowId: uuid('ledger_row_id').references(() => transactions.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('settlement_transactions_batch_transaction_key').on(t.batch, t.providerTransactionId),
    index('settlement_transactions_ledger_row_idx').on(t.ledgerRowId),
  ],
);
