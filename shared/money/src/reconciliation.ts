import { randomUUID } from 'node:crypto';
import { desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  type Database,
  type ReconciliationDifferenceKind,
  donations,
  eventRegistrations,
  memberships,
  outbox,
  payments,
  reconciliationDifferences,
  reconciliationRuns,
  refunds,
} from '@pillars/platform/db';
import {
  JOBS,
  type OutboxRow,
  RECONCILE_PROVIDER_MAX_WINDOW_MS,
  RECONCILE_PROVIDER_OVERLAP_MS,
  outboxValuesOf,
} from '@pillars/platform/jobs';

/**
 * Reconciliation runs (docs/decisions/049-reconciliation.md): the rows an admin's request and the
 * daily schedule create, the window a run covers, and the report the admin page reads. The
 * comparison itself is the worker's (reconcile-provider.processor.ts).
 */

export type ReconciliationRun = typeof reconciliationRuns.$inferSelect;
export type ReconciliationDifference = typeof reconciliationDifferences.$inferSelect;

/** Who the refunds a reconciliation finds made outside the app are recorded as requested by. */
export const OUTSIDE_REFUND_REQUESTER = 'Pay Theory';

/** A run queued or running for this long is taken as lost (its worker gone with its job): failed, so another can start. */
export const RUN_ABANDONED_AFTER_MS = 6 * 3600_000;

/**
 * A new run, queued with its job in one statement (the outbox row exists exactly when the run
 * does); null when another run is queued or running (the partial unique index refuses a second).
 * `withJob: false` for the schedule's own job, which runs the row it creates.
 */
export async function requestReconciliationRun(
  db: Pick<Database, 'execute'>,
  requestedBy: string,
  { withJob = true }: { withJob?: boolean } = {},
): Promise<{ runId: string; outboxRows: OutboxRow[] } | null> {
  const runId = randomUUID();
  const job = outboxValuesOf({ job: JOBS.reconcileProvider, runId });
  // One that was lost (queued or running far too long) gives way.
  await db.execute(sql`UPDATE ${reconciliationRuns} SET state = 'failed', finished_at = now(),
      error = 'abandoned: its job did not finish'
    WHERE state IN ('queued', 'running')
      AND coalesce(started_at, created_at) < now() - make_interval(secs => ${RUN_ABANDONED_AFTER_MS / 1000})`);
  const { rows } = await db.execute(sql`WITH run AS (
      INSERT INTO ${reconciliationRuns} (id, requested_by) VALUES (${runId}::uuid, ${requestedBy})
      ON CONFLICT DO NOTHING
      RETURNING id
    ), queued AS (
      INSERT INTO ${outbox} (queue, job_name, job_id, payload)
      SELECT ${job.queue}, ${job.jobName}, ${job.jobId}, ${JSON.stringify(job.payload)}::jsonb FROM run
      WHERE ${withJob}::boolean
      RETURNING id, queue, job_name AS "jobName", job_id AS "jobId", payload
    )
    SELECT (SELECT id FROM run) AS run_id, (SELECT coalesce(jsonb_agg(queued), '[]'::jsonb) FROM queued) AS outbox`);
  const row = rows[0];
  if (typeof row?.run_id !== 'string') return null;
  return { runId: row.run_id, outboxRows: row.outbox as OutboxRow[] };
}

/**
 * Claims a queued run (or one a crashed worker left running: the job runs again from the start)
 * and fixes its window: from the end of the last successful run's window less the overlap, at
 * most RECONCILE_PROVIDER_MAX_WINDOW_MS back; the first run covers a day and the overlap.
 * Undefined when the run is finished (a replayed job).
 */
export async function startReconciliationRun(
  db: Database,
  runId: string,
  now: Date,
): Promise<ReconciliationRun | undefined> {
  const [last] = await db
    .select({ windowTo: reconciliationRuns.windowTo })
    .from(reconciliationRuns)
    .where(eq(reconciliationRuns.state, 'succeeded'))
    .orderBy(desc(reconciliationRuns.windowTo))
    .limit(1);
  const earliest = now.getTime() - RECONCILE_PROVIDER_MAX_WINDOW_MS;
  const from = last?.windowTo
    ? Math.max(last.windowTo.getTime() - RECONCILE_PROVIDER_OVERLAP_MS, earliest)
    : now.getTime() - 24 * 3600_000 - RECONCILE_PROVIDER_OVERLAP_MS;
  return db.transaction(async (tx) => {
    const [run] = await tx
      .update(reconciliationRuns)
      .set({ state: 'running', startedAt: now, windowFrom: new Date(from), windowTo: now, matched: 0, counts: {} })
      .where(sql`${reconciliationRuns.id} = ${runId} AND ${reconciliationRuns.state} IN ('queued', 'running')`)
      .returning();
    // A run started again after a crash reports afresh: what it did the first time is done, and found again as matched.
    if (run) await tx.delete(reconciliationDifferences).where(eq(reconciliationDifferences.runId, runId));
    return run;
  });
}

/** One difference, as a run records it. */
export interface DifferenceInput {
  kind: ReconciliationDifferenceKind;
  providerTransactionId: string | null;
  paymentId: string | null;
  amountCents: number | null;
  detail: string;
}

/** Ends a run with what it found: succeeded, or failed with why (its window is then covered again by the next). */
export async function finishReconciliationRun(
  db: Database,
  runId: string,
  result: { matched: number; differences: DifferenceInput[]; error: string | null },
): Promise<void> {
  const counts: Partial<Record<ReconciliationDifferenceKind, number>> = {};
  for (const { kind } of result.differences) counts[kind] = (counts[kind] ?? 0) + 1;
  await db.transaction(async (tx) => {
    if (result.differences.length > 0) {
      await tx.insert(reconciliationDifferences).values(result.differences.map((d) => ({ ...d, runId })));
    }
    await tx
      .update(reconciliationRuns)
      .set({
        state: result.error ? 'failed' : 'succeeded',
        finishedAt: new Date(),
        matched: result.matched,
        counts,
        error: result.error,
      })
      .where(eq(reconciliationRuns.id, runId));
  });
}

/** A run that could not start or finish (the provider could not be listed). */
export async function failReconciliationRun(db: Database, runId: string, error: string): Promise<void> {
  await db
    .update(reconciliationRuns)
    .set({ state: 'failed', finishedAt: new Date(), error })
    .where(sql`${reconciliationRuns.id} = ${runId} AND ${reconciliationRuns.state} IN ('queued', 'running')`);
}

/** A record's holder as the admin reads it. */
const RECORD_NAME = sql.raw(`trim(r.first_name || ' ' || r.last_name)`);

/** The newest runs, newest first, each with its differences (the admin page's report). */
export async function recentReconciliationRuns(
  db: Database,
  limit: number,
): Promise<
  (ReconciliationRun & {
    differences: (ReconciliationDifference & { recordId: string | null; recordName: string | null })[];
  })[]
> {
  const runs = await db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.createdAt)).limit(limit);
  if (runs.length === 0) return [];
  const differences = await db
    .select({
      ...getTableColumns(reconciliationDifferences),
      recordId: payments.recordId,
      recordName: sql<string | null>`(SELECT ${RECORD_NAME} FROM ${donations} r WHERE r.id = ${payments.recordId}
        UNION ALL SELECT ${RECORD_NAME} FROM ${memberships} r WHERE r.id = ${payments.recordId}
        UNION ALL SELECT ${RECORD_NAME} FROM ${eventRegistrations} r WHERE r.id = ${payments.recordId} LIMIT 1)`,
    })
    .from(reconciliationDifferences)
    .leftJoin(payments, eq(payments.id, reconciliationDifferences.paymentId))
    .where(
      inArray(
        reconciliationDifferences.runId,
        runs.map((run) => run.id),
      ),
    )
    .orderBy(reconciliationDifferences.createdAt, reconciliationDifferences.id);
  return runs.map((run) => ({ ...run, differences: differences.filter((d) => d.runId === run.id) }));
}

/**
 * A refund made outside the app (Pay Theory's portal), written as a `refunds` row in flight that
 * already counts as sent: `provider_refunded_before_cents` is what the ledger had given back, so
 * the refund job's own reading (docs/decisions/019) finds it made and never sends it. The caller
 * then records it through RefundLedger.succeed, the path every refund takes (its transactions row,
 * the record's status, the receipt); should that not happen, the sweep re-queues the row and the
 * refund job records it the same way. Null when a refund of the charge is in flight already.
 */
export async function insertOutsideRefund(
  db: Pick<Database, 'execute'>,
  input: { paymentId: string; chargeRowId: string; providerTransactionId: string; amountCents: number },
  ledgerRefundedCents: number,
): Promise<string | null> {
  const id = randomUUID();
  const { rows } = await db.execute(sql`INSERT INTO ${refunds} (id, payment_id, charge_row_id, provider_transaction_id,
      amount_cents, state, requested_by, reason, provider_refunded_before_cents, last_sent_at, attempts)
    VALUES (${id}::uuid, ${input.paymentId}::uuid, ${input.chargeRowId}::uuid, ${input.providerTransactionId},
      ${input.amountCents}::int, 'processing', ${OUTSIDE_REFUND_REQUESTER}, 'Made outside the app; found by reconciliation',
      ${ledgerRefundedCents}::int, now(), 1)
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return rows[0] ? id : null;
}
