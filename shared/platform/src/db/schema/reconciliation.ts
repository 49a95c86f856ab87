import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, inList } from './columns';
import { payments } from './payments';
import { RECONCILIATION_DIFFERENCE_KINDS, RECONCILIATION_RUN_STATES } from '@pillars/contracts/admin';

export { RECONCILIATION_DIFFERENCE_KINDS, RECONCILIATION_RUN_STATES };
export type ReconciliationRunState = (typeof RECONCILIATION_RUN_STATES)[number];
export type ReconciliationDifferenceKind = (typeof RECONCILIATION_DIFFERENCE_KINDS)[number];

/**
 * One comparison of Pay Theory's transactions and plans dated within [window_from, window_to) with
 * the ledger (docs/decisions/049-reconciliation.md): started daily by a schedule or by an admin.
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
    runId: belongsTo('run_id', () => reconciliationRuns.id, 'cascade'),
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
