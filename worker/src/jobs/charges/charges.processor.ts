import {
  FIRST_INSTALMENT_LOOK_DELAYS_MS,
  FirstInstalmentJobData,
  JOBS,
  JOB_OPTIONS,
  PaymentJobData,
  QUEUES,
  type QueueBackend,
  firstInstalmentJobId,
} from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import {
  type AttemptResult,
  CHARGE_JOBS,
  type ChargeDeps,
  type ChargeJob,
  FinalChargeError,
  chargeAttempts,
  firstInstalmentLooks,
} from '@pillars/money';
import { type Job, UnrecoverableError } from 'bullmq';

export interface ChargesProcessorDeps extends ChargeDeps {
  /** Where a new plan's first instalment is looked up later (await-first-instalment). */
  backend: QueueBackend;
}

/**
 * Queues look number `look` at a plan's first instalment, after its delay; none past the last
 * delay (the sweep takes over). A queue that cannot take it is no failure of the attempt: the
 * plan is recorded, and the sweep or the instalment's webhook settles the payment.
 */
async function scheduleLook(backend: QueueBackend, logger: Logger, paymentId: string, look: number): Promise<void> {
  const delay = FIRST_INSTALMENT_LOOK_DELAYS_MS[look];
  if (delay === undefined) {
    logger.info({ paymentId }, 'first instalment still not visible; left to the sweep');
    return;
  }
  const data: FirstInstalmentJobData = { paymentId, look };
  await backend
    .queue(QUEUES.charges)
    .add(JOBS.awaitFirstInstalment, data, {
      ...JOB_OPTIONS[JOBS.awaitFirstInstalment],
      jobId: firstInstalmentJobId(paymentId, look),
      delay,
    })
    .catch((error: unknown) => logger.warn({ err: error, paymentId }, 'first instalment look not queued; the sweep'));
}

/**
 * The `charges` queue: one job, one attempt of the money domain's chargeAttempts (exactly once
 * without a provider idempotency key, docs/decisions/010). Transient errors propagate, so BullMQ
 * retries with backoff; a final outcome (a decline, our own bad request) becomes an UnrecoverableError.
 * A plan created whose first instalment is not visible yet ends the attempt well, and
 * await-first-instalment jobs look it up (firstInstalmentLooks) without another attempt.
 */
export function chargesProcessor({ backend, ...deps }: ChargesProcessorDeps) {
  const final = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof FinalChargeError) throw new UnrecoverableError(error.message);
      throw error;
    }
  };

  return async (job: Job): Promise<AttemptResult> => {
    if (job.name === JOBS.awaitFirstInstalment) {
      const { paymentId, look } = FirstInstalmentJobData.parse(job.data);
      const logger = deps.logger.child({ paymentId });
      const result = await final(() => firstInstalmentLooks({ ...deps, logger })(paymentId));
      if ('state' in result && result.state === 'awaiting-first-instalment') {
        await scheduleLook(backend, logger, paymentId, look + 1);
      }
      return result;
    }
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
    const result = await final(() => attempt(job.name as ChargeJob, paymentId));
    if ('state' in result && result.state === 'awaiting-first-instalment') {
      await scheduleLook(backend, logger, paymentId, 0);
    }
    return result;
  };
}
