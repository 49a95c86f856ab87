import { JOBS, PaymentJobData } from '@pillars/platform/jobs';
import { type FollowUpDeps, followUps } from '@pillars/money';
import { type Job, UnrecoverableError } from 'bullmq';
import { finalAsUnrecoverable } from '../final';

/**
 * The follow-ups queue (ADR 007): complete-payment, when the charges worker could not do it at
 * once, and the two halves earlier releases queued apart (update-status, record-transaction).
 * A failure is retried; a payment not found or not succeeded is unrecoverable.
 */
export function followUpsProcessor(deps: FollowUpDeps) {
  const steps = followUps(deps);
  return (job: Job) =>
    finalAsUnrecoverable(async () => {
      const { paymentId } = PaymentJobData.parse(job.data);
      if (job.name === JOBS.completePayment) await steps.complete(paymentId);
      else if (job.name === JOBS.updateStatus) await steps.updateStatus(paymentId);
      else if (job.name === JOBS.recordTransaction) await steps.recordTransaction(paymentId);
      else throw new UnrecoverableError(`unknown job ${job.name}`);
    });
}
