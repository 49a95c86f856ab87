import { ReconciliationJobData } from '@pillars/platform/jobs';
import { type ReconcileProviderDeps, reconcileProvider } from '@pillars/money';
import type { Job } from 'bullmq';

/**
 * reconcile-provider (docs/decisions/049-reconciliation.md): the run an admin requested (its id in
 * the job), or the schedule's job, which asks for a run of its own. A run that could not list the
 * provider throws, and the job fails; the next run covers the window again.
 */
export function reconcileProviderProcessor(deps: ReconcileProviderDeps) {
  const reconcile = reconcileProvider(deps);
  return (job: Job) => {
    const data = ReconciliationJobData.safeParse(job.data);
    return reconcile(data.success ? data.data.runId : undefined);
  };
}
