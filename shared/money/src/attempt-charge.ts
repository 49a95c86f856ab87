import {
  FIRST_INSTALMENT_LOOK_DELAYS_MS,
  type FirstInstalmentJobData,
  type PaymentJobData,
  JOBS,
  JOB_OPTIONS,
  QUEUES,
  type QueueBackend,
  firstInstalmentJobId,
} from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { type AttemptResult, type ChargeDeps, type ChargeJob, chargeAttempts, firstInstalmentLooks } from './charging';

export interface ChargeJobDeps extends ChargeDeps {
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

const awaiting = (result: AttemptResult) => 'state' in result && result.state === 'awaiting-first-instalment';

/**
 * One attempt of a charge job (chargeAttempts: exactly once without a provider idempotency key,
 * docs/decisions/010). A plan created whose first instalment is not visible yet ends the attempt
 * well, and its first look-up is queued. Declines and our own request errors are final
 * (FinalChargeError); anything else is transient.
 */
export async function attemptCharge(
  { backend, ...deps }: ChargeJobDeps,
  job: ChargeJob,
  { paymentId, requestId, declineSource }: PaymentJobData,
): Promise<AttemptResult> {
  // Every line about this charge names the payment and the API request that created it.
  const logger = deps.logger.child({ paymentId, ...(requestId ? { reqId: requestId } : {}) });
  const { onDecline } = deps;
  const attempt = chargeAttempts({
    ...deps,
    logger,
    // A decline is counted against the client address the job names, beside the payer's e-mail.
    ...(onDecline ? { onDecline: (decline) => onDecline({ ...decline, source: declineSource }) } : {}),
  });
  const result = await attempt(job, paymentId);
  if (awaiting(result)) await scheduleLook(backend, logger, paymentId, 0);
  return result;
}

/**
 * Look number `look` at a plan's first instalment (firstInstalmentLooks, no new attempt); the
 * next look is queued while it is still not visible.
 */
export async function lookAtFirstInstalment(
  { backend, ...deps }: ChargeJobDeps,
  { paymentId, look }: FirstInstalmentJobData,
): Promise<AttemptResult> {
  const logger = deps.logger.child({ paymentId });
  const result = await firstInstalmentLooks({ ...deps, logger })(paymentId);
  if (awaiting(result)) await scheduleLook(backend, logger, paymentId, look + 1);
  return result;
}
