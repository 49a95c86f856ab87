import { PaymentJobData } from '@pillars/platform/jobs';
import { type CancelRecurringDeps, endRequestedPlans } from '@pillars/money';
import type { Job } from 'bullmq';
import { finalAsUnrecoverable } from '../final';

/**
 * cancel-recurring (docs/decisions/018): ends the plan of the job's payment (endRequestedPlans).
 * A transient provider error propagates and BullMQ retries; a final one is unrecoverable.
 */
export function cancelRecurringProcessor(deps: CancelRecurringDeps) {
  const end = endRequestedPlans(deps);
  return (job: Job) => finalAsUnrecoverable(() => end(PaymentJobData.parse(job.data).paymentId));
}
