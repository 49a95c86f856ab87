import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { payments } from './payments';

export const RECONCILIATION_RUN_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ReconciliationRunState = (typeof RECONCILIATION_RUN_STATES)[number];

/**
 * What a reconciliation run found where Pay Theory and the ledger disagree, each handled as
 * docs/decisions/047-reconciliation.md says:
 * - adopted: a charge of a known payment the ledger did not hold (or held as failed), settled now;
 * - adoption_reversed: such a charge that could not be kept (the record was paid by another payment,
 *   or the event's places ran out), given back;
 * - duplicate_reversed: a second charge or plan for one payment, given back;
 * - instalment_recorded: an instalment of a known plan the ledger had not recorded, recorded now;
 * - refund_outside: a refund or void made outside the app (Pay Theory's portal), recorded now;
 * - unmatched: a charge or plan that matches no payment: reported only;
 * - amount_mismatch, status_mismatch: the ledger and Pay Theory disagree on a known charge: reported only;
 * - missing_at_provider: a charge the ledger holds as succeeded that Pay Theory does not show: reported only;
 * - dispute: a charge Pay Theory shows disputed.
 */
export const RECONCILIATION_DIFFERENCE_KINDS = [
  'adopted',
  'adoption_reversed',
  'duplicate_reversed',
  'instalment_recorded',
  'refund_outside',
  'unmatched',
  'amount_mismatch',
  'status_mismatch',
  'missing_at_provider',
  'dispute',
] as const;
export type ReconciliationDifferenceKind = (typeof RECONCILIATION_DIFFERENCE_KINDS)[number];

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * One comparison of Pay Theory's transactions and plans dated within [window_from, window_to) with
 * the ledger (docs/decisions/047-reconciliation.md): started daily by a schedule or by an admin.
 * Only one is queued or running at a time (the partial unique index).
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: id(),
    state: text('state').$type<ReconciliationRunState>().notNull().default('queued'),
    /** `schedule`, or the admin's username. */
    requestedBy: text('requested_by').notNull(),
    windowFrom: timestamp('window_from', { withTimezone: true, mode: 'date' }),
    windowTo: timestamp('window_to', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Provider transactions and plans in the window that agreed with the ledger. */
    matched: integer('matched').notNull().default(0),
    /** Differences by kind, e.g. { "adopted": 1 }. */
    counts: jsonb('counts').$type<Partial<Record<ReconciliationDifferenceKind, number>>>().notNull().default({}),
    /** Why a run failed, in words an operator reads (never a request value). */
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reconciliation_runs_one_at_a_time')
      .on(sql`(true)`)
      .where(sql`${t.state} IN ('queued', 'running')`),
    index('reconciliation_runs_created_at_idx').on(t.createdAt.desc()),
    check('reconciliation_runs_state_known', inList('state', RECONCILIATION_RUN_STATES)),
  ],
);

/** One difference a run found, and what it did about it. */
export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: id(),
    runId: uuid('run_id')
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReconciliationDifferenceKind>().notNull(),
    /** Pay Theory's transaction (or plan) id, when the difference is about one. */
    providerTransactionId: text('provider_transaction_id'),
    /** The payment it belongs to, when one was found. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents'),
    /** What was found and what was done, in a sentence an admin reads. */
    detail: text('detail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('reconciliation_differences_run_idx').on(t.runId),
    check('reconciliation_differences_kind_known', inList('kind', RECONCILIATION_DIFFERENCE_KINDS)),
  ],
);
