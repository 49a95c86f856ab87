import { PaymentJobData } from '@pillars/shared/jobs';
import { CHARGE_JOBS, type ChargeDeps, type ChargeJob, FinalChargeError, chargeAttempts } from '@pillars/shared/money';
import { type Job, UnrecoverableError } from 'bullmq';

export type { ChargeDeps };

/**
 * The `charges` queue: one job, one attempt of the money domain's chargeAttempts (exactly once
 * without a provider idempotency key, docs/decisions/010). Transient errors propagate, so BullMQ
 * retries with backoff; a final outcome (a decline, our own bad request) becomes an UnrecoverableError.
 */
export function chargesProcessor(deps: ChargeDeps) {
  return async (job: Job) => {
    const { paymentId, requestId, declineSource } = PaymentJobData.parse(job.data);
    if (!CHARGE_JOBS.includes(job.name as ChargeJob)) throw new UnrecoverableError(`unknown job ${job.name}`);
    // Every line about this charge names the payment and the API request that created it.
    const logger = deps.logger.child({ paymentId, ...(requestId ? { reqId: requestId } : {}) });
    const { onDecline } = deps;
    const attempt = chargeAttempts({
      ...deps,
      logger,
      // A decline is counted against the client address the job names, beside the payer's e-mail.
      ...(onDecline ? { onDecline: (decline) => onDecline({ ...decline, source: declineSource }) } : {}),
    });
    try {
      return await attempt(job.name as ChargeJob, paymentId);
    } catch (error) {
      if (error instanceof FinalChargeError) throw new UnrecoverableError(error.message);
      throw error;
    }
  };
}
