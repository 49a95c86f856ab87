import { FirstInstalmentJobData, JOBS, PaymentJobData } from '@pillars/platform/jobs';
import {
  type AttemptResult,
  CHARGE_JOBS,
  type ChargeJob,
  type ChargeJobDeps,
  attemptCharge,
  lookAtFirstInstalment,
} from '@pillars/money';
import { type Job, UnrecoverableError } from 'bullmq';
import { finalAsUnrecoverable } from '../final';

export type ChargesProcessorDeps = ChargeJobDeps;

/**
 * The `charges` queue's charge jobs: one attempt each (attemptCharge), and the look-ups of a new
 * plan's first instalment (lookAtFirstInstalment). Transient errors propagate, so BullMQ retries
 * with backoff; a final outcome (a decline, our own bad request) becomes an UnrecoverableError.
 */
export function chargesProcessor(deps: ChargesProcessorDeps) {
  return (job: Job): Promise<AttemptResult> =>
    finalAsUnrecoverable(() => {
      if (job.name === JOBS.awaitFirstInstalment) {
        return lookAtFirstInstalment(deps, FirstInstalmentJobData.parse(job.data));
      }
      const request = PaymentJobData.parse(job.data);
      if (!CHARGE_JOBS.includes(job.name as ChargeJob)) throw new UnrecoverableError(`unknown job ${job.name}`);
      return attemptCharge(deps, job.name as ChargeJob, request);
    });
}
