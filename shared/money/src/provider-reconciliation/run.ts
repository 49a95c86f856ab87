import { RefundLedger } from '../refunds';
import {
  failReconciliationRun,
  finishReconciliationRun,
  requestReconciliationRun,
  startReconciliationRun,
} from '../reconciliation';
import type { ReconcileProviderDeps } from './deps';
import { compareWindow } from './compare';

/**
 * The reconciliation (docs/decisions/049-reconciliation.md): lists Pay Theory's transactions and
 * plans dated within the run's window and matches each to the ledger, by transaction (or plan) id,
 * else by the idempotency key in its metadata. Each difference is acted on as the decision record
 * says and stored with the run; the ledger's own charges of the window that Pay Theory does not
 * show are reported too. Every action is one the ledger already takes elsewhere (adopt, the
 * duplicate reversal, the instalment recorder, RefundLedger.succeed), each conditional, so a run
 * repeated over an overlapping window changes nothing twice.
 */
export function reconcileProvider(deps: ReconcileProviderDeps) {
  const ctx = { ...deps, now: deps.now ?? (() => new Date()), refundLedger: new RefundLedger(deps.db) };
  const { db, logger, now } = ctx;
  /** Runs the run `requestedRunId` names, or else (the schedule's job) a run of its own. */
  return async function reconcile(requestedRunId?: string) {
    let runId: string;
    if (requestedRunId) runId = requestedRunId;
    else {
      // The schedule's job: a run of its own, unless one is queued or running already.
      const requested = await requestReconciliationRun(db, 'schedule', { withJob: false });
      if (!requested) {
        logger.info('a reconciliation run is under way; the scheduled one is skipped');
        return { skipped: 'busy' };
      }
      runId = requested.runId;
    }
    const run = await startReconciliationRun(db, runId, now());
    if (!run?.windowFrom || !run.windowTo) return { skipped: 'finished' };
    const window = { from: run.windowFrom, to: run.windowTo };
    try {
      const { matched, found, failures } = await compareWindow(ctx, window);
      const error =
        failures > 0 ? `${failures} items could not be reconciled; the next run covers this window again` : null;
      await finishReconciliationRun(db, runId, { matched, differences: found, error });
      for (const d of found) deps.onDifference?.(d.kind);
      logger.info({ runId, matched, differences: found.length, failures }, 'reconciliation run finished');
      return { runId, matched, differences: found.length, failures };
    } catch (error) {
      logger.error({ err: error, runId }, 'reconciliation run failed');
      await failReconciliationRun(db, runId, 'Pay Theory could not be listed; the next run covers this window again');
      throw error;
    }
  };
}
