import { RefundJobData } from '@pillars/platform/jobs';
import { type RefundDeps, refundAttempts } from '@pillars/money';
import type { Job } from 'bullmq';
import { finalAsUnrecoverable } from '../final';

/**
 * The `refund` job on the charges queue: one attempt (refundAttempts). Transient errors propagate,
 * so BullMQ retries with backoff; a refusal becomes an UnrecoverableError after the refund was
 * marked failed. Refunds left in flight when the retries run out are re-queued by the sweep.
 */
export function refundsProcessor(deps: RefundDeps) {
  const attempt = refundAttempts(deps);
  return (job: Job) => finalAsUnrecoverable(() => attempt(RefundJobData.parse(job.data).refundId));
}
