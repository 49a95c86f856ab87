import {
  RECONCILIATION_BUSY,
  ReconciliationReport,
  ReconciliationRuns,
  ReconciliationStarted,
  type ReconciliationRun,
} from '@pillars/contracts/admin';
import { publishNow } from '@pillars/platform/jobs';
import { recentReconciliationRuns, requestReconciliationRun } from '@pillars/money';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { featureRouter, json, openapiRoute } from '../../lib/openapi';
import { actorIn, adminOperation } from './admin-http';

/** How many runs the admin page lists. */
const RUNS_LISTED = 20;

const startRun = adminOperation('post', '/runs', {
  summary: "Start a reconciliation of Pay Theory's transactions with the ledger (docs/decisions/049-reconciliation.md)",
  ok: json('The run, queued', ReconciliationStarted),
  status: 202,
  conflict: 'A run is already queued or running',
});
const latestRun = adminOperation('get', '/runs/latest', {
  summary: 'The newest reconciliation run: its window, counts matched and by kind, and every difference',
  ok: json('The report; data is null before the first run', ReconciliationReport),
});
const listRuns = adminOperation('get', '/runs', {
  summary: `The newest ${RUNS_LISTED} reconciliation runs, newest first, each with its differences`,
  ok: json('The runs, maybe none', ReconciliationRuns),
});

/** A stored run as the API answers it. */
function runOut(run: Awaited<ReturnType<typeof recentReconciliationRuns>>[number]): ReconciliationRun {
  const at = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: run.id,
    state: run.state,
    requestedBy: run.requestedBy,
    windowFrom: at(run.windowFrom),
    windowTo: at(run.windowTo),
    startedAt: at(run.startedAt),
    finishedAt: at(run.finishedAt),
    matched: run.matched,
    counts: run.counts,
    error: run.error,
    differences: run.differences.map((d) => ({
      kind: d.kind,
      providerTransactionId: d.providerTransactionId,
      paymentId: d.paymentId,
      recordId: d.recordId,
      recordName: d.recordName,
      amountCents: d.amountCents,
      detail: d.detail,
    })),
  };
}

/** /api/admin/reconciliation: start a run, read its report (behind requireSession, app.ts). */
export function reconciliationRoutes(deps: Pick<AppDeps, 'db' | 'queues'>) {
  const { db, queues } = deps;
  const app = featureRouter();
  openapiRoute(app, startRun, async (c) => {
    const actor = actorIn(c);
    const requested = await requestReconciliationRun(db, actor.label);
    if (!requested) throw new AppError('CONFLICT', RECONCILIATION_BUSY);
    await publishNow(db, queues, c.get('logger'), requested.outboxRows);
    c.get('logger').info(
      { event: 'admin.reconciliation.requested', actorId: actor.userId, runId: requested.runId },
      'reconciliation run requested',
    );
    return c.json({ success: true, data: { runId: requested.runId } } satisfies ReconciliationStarted, 202);
  });
  openapiRoute(app, latestRun, async (c) => {
    const [run] = await recentReconciliationRuns(db, 1);
    return c.json({ success: true, data: run ? runOut(run) : null } satisfies ReconciliationReport, 200);
  });
  openapiRoute(app, listRuns, async (c) => {
    const runs = await recentReconciliationRuns(db, RUNS_LISTED);
    return c.json({ success: true, data: runs.map(runOut) } satisfies ReconciliationRuns, 200);
  });
  return app;
}
