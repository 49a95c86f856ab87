import { type Database, payments, refunds } from '@pillars/platform/db';
import {
  GIVE_UP_AFTER_MS,
  JOBS,
  JOB_OPTIONS,
  QUEUES,
  type QueueBackend,
  STUCK_AFTER_MS,
  chargeJobFor,
  jobIdOf,
} from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { and, asc, inArray, isNotNull, lt } from 'drizzle-orm';
import { type Payment, type PaymentLedger, UNCLEAR_FAILURES } from './ledger';
import type { ProviderLookup } from './provider-lookup';
import { chargeFailureMessages } from './charging';

export interface ReconcilePaymentsDeps {
  db: Database;
  ledger: PaymentLedger;
  lookup: ProviderLookup;
  backend: QueueBackend;
  logger: Logger;
  /** As for the charges processor (PAYMENT_PROVIDER_VISIBILITY_MS). */
  visibilityWindowMs: number;
  now?: () => Date;
}

/** States in which BullMQ still owns the job: the sweeps leave those payments alone. */
export const IN_HAND = new Set(['active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);

type Verdict = 'settled' | 'requeued' | 'waiting' | 'in-hand';

/**
 * The scheduled sweep (docs/decisions/010). (1) A payment unsettled for a minute whose job is
 * gone (retries used up, stalled past the limit, a queue that lost data) is settled from what the
 * provider shows, or queued again when the provider shows no charge and may never have had one;
 * only after GIVE_UP_AFTER_MS is such a payment failed. (2) A payment whose charge was sent more
 * than once is looked at again after the visibility window, and a duplicate shown late reversed.
 * (3) A refund whose job is gone is queued again (requeueStuckRefunds).
 */
export function paymentSweep({
  db,
  ledger,
  lookup,
  backend,
  logger,
  visibilityWindowMs,
  now = () => new Date(),
}: ReconcilePaymentsDeps) {
  const queue = () => backend.queue(QUEUES.charges);

  async function requeue(payment: Payment): Promise<Verdict> {
    const job = chargeJobFor(payment);
    await queue().requeue(job, { paymentId: payment.id }, { ...JOB_OPTIONS[job], jobId: jobIdOf(job, payment.id) });
    logger.warn({ paymentId: payment.id, job }, 'requeued a payment whose job was gone');
    return 'requeued';
  }

  /** A payment or refund is stuck when it is still in flight (queued or processing) and unchanged for STUCK_AFTER_MS. */
  const stuckIn = (table: typeof payments | typeof refunds) =>
    and(
      inArray(table.state, ['queued', 'processing']),
      lt(table.updatedAt, new Date(now().getTime() - STUCK_AFTER_MS)),
    );

  async function reconcile(payment: Payment): Promise<Verdict> {
    const job = chargeJobFor(payment);
    const state = await queue().jobState(jobIdOf(job, payment.id));
    if (IN_HAND.has(state)) return 'in-hand';
    const givenUp = now().getTime() - payment.createdAt.getTime() > GIVE_UP_AFTER_MS;
    if (job === JOBS.verifyReportedCharge) {
      // The job itself verifies (waiting for visibility); the sweep only restarts or ends it.
      if (!givenUp) return requeue(payment);
      await ledger.fail(payment, 'UNVERIFIED', chargeFailureMessages.unverified);
      return 'settled';
    }
    if (payment.lastSentAt) {
      const found = await lookup.find(payment, payment.providerRecurringId);
      if (found?.status === 'awaiting') {
        // A plan exists whose first instalment is not visible yet: never a reason to send again
        // or to fail, however long it takes; the plan is recorded so its webhook finds the payment.
        if (payment.providerRecurringId !== found.recurringId) {
          await ledger.awaitFirstInstalment(payment, found.recurringId, now());
        }
        if (givenUp) logger.warn({ paymentId: payment.id }, 'plan created an hour ago; first instalment not visible');
        return 'waiting';
      }
      if (found) {
        await ledger.settle(payment, found);
        return 'settled';
      }
      // Sent, nothing visible yet: it may still appear, so neither charge again nor fail yet.
      if (payment.lastSentAt.getTime() + visibilityWindowMs > now().getTime()) return 'waiting';
    }
    // Never charged (or the provider shows nothing after the window): the job may send again.
    if (!givenUp) return requeue(payment);
    await ledger.fail(payment, 'PROVIDER_UNAVAILABLE', chargeFailureMessages.unreachable);
    return 'settled';
  }

  /**
   * Once per recheck_after: a payment failed for want of an answer (UNCLEAR_FAILURES) is looked up
   * once more, the window after it failed, and settled if the provider shows its charge
   * (docs/decisions/010, amendment); any other settled payment is looked at for a late duplicate.
   */
  async function recheck(payment: Payment): Promise<void> {
    if (payment.state === 'failed' && UNCLEAR_FAILURES.has(payment.failureCode ?? '')) {
      const { result } = await lookup.recoverFailed(payment, ledger);
      if (result !== 'none') logger.warn({ paymentId: payment.id, result }, 'failed payment found charged');
    } else {
      await lookup.reverseLateDuplicates(payment);
    }
    await ledger.clearRecheck(payment.id);
  }

  /**
   * (3) A refund in flight for a minute whose job is gone is queued again: the job itself reads the
   * charge before it sends anything (docs/decisions/019), so the sweep decides nothing about it.
   * A refund is never given up on: the admin sees it in flight until the provider answers.
   */
  async function requeueStuckRefunds(): Promise<number> {
    const stuck = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(stuckIn(refunds))
      .orderBy(asc(refunds.updatedAt))
      .limit(100);
    let requeued = 0;
    for (const { id } of stuck) {
      try {
        const jobId = jobIdOf(JOBS.refund, id);
        if (IN_HAND.has(await queue().jobState(jobId))) continue;
        await queue().requeue(JOBS.refund, { refundId: id }, { ...JOB_OPTIONS[JOBS.refund], jobId });
        logger.warn({ refundId: id }, 'requeued a refund whose job was gone');
        requeued += 1;
      } catch (error) {
        logger.warn({ err: error, refundId: id }, 'could not requeue a refund; next sweep');
      }
    }
    return requeued;
  }

  return async () => {
    const stuck = await db.select().from(payments).where(stuckIn(payments)).orderBy(asc(payments.updatedAt)).limit(100);
    const verdicts: Record<Verdict | 'error', number> = { settled: 0, requeued: 0, waiting: 0, 'in-hand': 0, error: 0 };
    for (const payment of stuck) {
      try {
        verdicts[await reconcile(payment)] += 1;
      } catch (error) {
        // One payment the provider cannot answer for now must not hold up the others.
        verdicts.error += 1;
        logger.warn({ err: error, paymentId: payment.id }, 'could not reconcile a payment; next sweep');
      }
    }

    const due = await db
      .select()
      .from(payments)
      .where(
        and(
          isNotNull(payments.recheckAfter),
          lt(payments.recheckAfter, now()),
          inArray(payments.state, ['succeeded', 'failed']),
        ),
      )
      .orderBy(asc(payments.recheckAfter))
      .limit(100);
    let rechecked = 0;
    for (const payment of due) {
      try {
        await recheck(payment);
        rechecked += 1;
      } catch (error) {
        logger.warn({ err: error, paymentId: payment.id }, 'could not look for duplicates; next sweep');
      }
    }
    const refundsRequeued = await requeueStuckRefunds();
    if (verdicts.settled + verdicts.requeued + rechecked + refundsRequeued > 0)
      logger.info({ ...verdicts, rechecked, refundsRequeued }, 'reconciled payments');
    return { examined: stuck.length, ...verdicts, rechecked, refundsRequeued };
  };
}
