import { type Database, payments } from '@pillars/shared/db';
import { END_LAPSED_PLANS_BATCH, type QueueBackend, publishNow } from '@pillars/shared/jobs';
import type { Logger } from '@pillars/shared/logger';
import { RECURRING_KINDS, lapseCutoff, lapseReason, requestPlanCancellation } from '@pillars/shared/money';
import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';

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
}

/**
 * end-lapsed-plans (dunning, docs/decisions/018): every plan whose instalments have kept failing
 * for longer than the grace period (payments.failing_since older than DUNNING_GRACE_DAYS, nobody
 * has asked to end it yet) is asked to end by `system` with its reason, through
 * requestPlanCancellation: the cancel-recurring job then ends it at the provider and marks the
 * membership inactive or the monthly gift cancelled. Each plan is re-checked under a row lock in
 * its own transaction, so an instalment that succeeded meanwhile, or a second run, ends nothing.
 */
export function endLapsedPlansProcessor(deps: EndLapsedPlansDeps) {
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

  return async (): Promise<EndLapsedPlansResult> => {
    const at = now();
    const cutoff = lapseCutoff(at, graceDays);
    const due = await db
      .select({ id: payments.id })
      .from(payments)
      .where(lapsed(cutoff))
      .orderBy(asc(payments.failingSince))
      .limit(batch);
    const result: EndLapsedPlansResult = { requested: 0, skipped: 0 };
    for (const { id } of due) {
      if (await end(id, cutoff, at)) result.requested += 1;
      else result.skipped += 1;
    }
    if (due.length > 0) logger.info(result, 'lapsed plans');
    return result;
  };
}
