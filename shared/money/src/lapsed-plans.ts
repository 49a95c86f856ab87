import { type Database, payments } from '@pillars/platform/db';
import {
  CANCEL_STUCK_AFTER_MS,
  END_LAPSED_PLANS_BATCH,
  JOBS,
  JOB_OPTIONS,
  QUEUES,
  type QueueBackend,
  jobIdOf,
  publishNow,
} from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { RECURRING_KINDS, lapseCutoff, lapseReason, requestPlanCancellation } from './plans';
import { IN_HAND } from './payment-sweep';

export interface EndLapsedPlansDeps {
  db: Database;
  backend: QueueBackend;
  logger: Logger;
  /** DUNNING_GRACE_DAYS: how long a plan may keep failing before it is ended. */
  graceDays: number;
  /** The clock the grace period is measured on (tests move it forward). */
  now?: () => Date;
  /** Plans ended per run at most (default END_LAPSED_PLANS_BATCH). */
  batch?: number;
}

export interface EndLapsedPlansResult {
  /** Plans asked to end by this run. */
  requested: number;
  /** Plans found lapsed that a success or another request got to first. */
  skipped: number;
  /** Plans asked to end long ago whose cancel-recurring job was gone, queued again. */
  requeued: number;
}

/**
 * end-lapsed-plans (dunning, docs/decisions/018): every plan whose instalments have kept failing
 * for longer than the grace period (payments.failing_since older than DUNNING_GRACE_DAYS, nobody
 * has asked to end it yet) is asked to end by `system` with its reason, through
 * requestPlanCancellation: the cancel-recurring job then ends it at the provider and marks the
 * membership inactive or the monthly gift cancelled. Each plan is re-checked under a row lock in
 * its own transaction, so an instalment that succeeded meanwhile, or a second run, ends nothing.
 * The same run queues again the cancel-recurring job of any plan asked to end (by anyone) more
 * than CANCEL_STUCK_AFTER_MS ago and not ended yet, when BullMQ no longer holds that job.
 */
export function endLapsedPlans(deps: EndLapsedPlansDeps) {
  const { db, backend, logger, graceDays } = deps;
  const now = deps.now ?? (() => new Date());
  const batch = deps.batch ?? END_LAPSED_PLANS_BATCH;

  const lapsed = (cutoff: Date) =>
    and(
      inArray(payments.kind, RECURRING_KINDS),
      isNotNull(payments.providerRecurringId),
      isNull(payments.cancelRequestedAt),
      lte(payments.failingSince, cutoff),
    );

  async function end(paymentId: string, cutoff: Date, at: Date): Promise<boolean> {
    const outboxRows = await db.transaction(async (tx) => {
      const [payment] = await tx
        .select({ failingSince: payments.failingSince })
        .from(payments)
        .where(and(eq(payments.id, paymentId), lapsed(cutoff)))
        .for('update');
      if (!payment?.failingSince) return null;
      const request = await requestPlanCancellation(tx, {
        paymentId,
        by: 'system',
        reason: lapseReason(payment.failingSince, graceDays),
        at,
      });
      return request.kind === 'requested' ? request.outboxRows : null;
    });
    if (!outboxRows) return false;
    logger.info({ paymentId }, 'plan failing past the grace period; asked to end it');
    await publishNow(db, backend, logger, outboxRows).catch((error: unknown) =>
      logger.warn({ err: error, paymentId }, 'cancel-recurring left to the relay'),
    );
    return true;
  }

  /** Plans asked to end that are still not ended, and whose job is gone: queued again. */
  async function requeueStuck(at: Date): Promise<number> {
    const stuck = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          lte(payments.cancelRequestedAt, new Date(at.getTime() - CANCEL_STUCK_AFTER_MS)),
          isNull(payments.cancelledAt),
        ),
      )
      .orderBy(asc(payments.cancelRequestedAt))
      .limit(batch);
    const queue = backend.queue(QUEUES.charges);
    let requeued = 0;
    for (const { id } of stuck) {
      const jobId = jobIdOf(JOBS.cancelRecurring, id);
      if (IN_HAND.has(await queue.jobState(jobId))) continue;
      await queue.requeue(JOBS.cancelRecurring, { paymentId: id }, { ...JOB_OPTIONS[JOBS.cancelRecurring], jobId });
      logger.warn({ paymentId: id }, 'a plan asked to end is still running and its job was gone; queued again');
      requeued += 1;
    }
    return requeued;
  }

  return async (): Promise<EndLapsedPlansResult> => {
    const at = now();
    const cutoff = lapseCutoff(at, graceDays);
    const due = await db
      .select({ id: payments.id })
      .from(payments)
      .where(lapsed(cutoff))
      .orderBy(asc(payments.failingSince))
      .limit(batch);
    const result: EndLapsedPlansResult = { requested: 0, skipped: 0, requeued: 0 };
    for (const { id } of due) {
      if (await end(id, cutoff, at)) result.requested += 1;
      else result.skipped += 1;
    }
    result.requeued = await requeueStuck(at);
    if (due.length + result.requeued > 0) logger.info(result, 'lapsed plans');
    return result;
  };
}
