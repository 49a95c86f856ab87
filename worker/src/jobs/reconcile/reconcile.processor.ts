import { type Database, payments } from '@pillars/shared/db';
import {
  JOBS,
  JOB_OPTIONS,
  QUEUES,
  type QueueBackend,
  STUCK_AFTER_MS,
  chargeJobFor,
  jobIdOf,
} from '@pillars/shared/jobs';
import type { Logger } from '@pillars/shared/logger';
import type { CardProvider, ChargeOutcome, RecurringOutcome } from '@pillars/shared/payments';
import { and, asc, inArray, lt } from 'drizzle-orm';
import type { Payment, PaymentLedger } from '../../payments/ledger';

export interface ReconcileDeps {
  db: Database;
  ledger: PaymentLedger;
  provider: CardProvider;
  backend: QueueBackend;
  logger: Logger;
}

/** States in which BullMQ still owns the job: the sweep leaves those payments alone. */
const IN_HAND = new Set(['active', 'waiting', 'delayed', 'prioritized', 'waiting-children']);

const UNREACHABLE_MESSAGE = 'We could not reach the payment processor. No charge was made; please try again.';

/**
 * The scheduled sweep (DESIGN.md rule 6): payments unsettled for a long time whose job is gone
 * (retries exhausted, a queue that lost data) are settled by asking the provider what happened.
 */
export function reconcileProcessor({ db, ledger, provider, backend, logger }: ReconcileDeps) {
  async function lookUp(payment: Payment): Promise<ChargeOutcome | RecurringOutcome | null> {
    const job = chargeJobFor(payment);
    if (job === JOBS.verifyReportedCharge && payment.claimedTransactionId) {
      return provider.getCharge(payment.claimedTransactionId);
    }
    if (job === JOBS.startRecurring) return provider.findRecurringByIdempotencyKey(payment.idempotencyKey);
    return provider.findChargeByIdempotencyKey(payment.idempotencyKey);
  }

  return async () => {
    const stuck = await db
      .select()
      .from(payments)
      .where(
        and(
          inArray(payments.state, ['queued', 'processing']),
          lt(payments.updatedAt, new Date(Date.now() - STUCK_AFTER_MS)),
        ),
      )
      .orderBy(asc(payments.updatedAt))
      .limit(100);
    let settled = 0;
    for (const payment of stuck) {
      const job = chargeJobFor(payment);
      const state = await backend.queue(QUEUES.charges).jobState(jobIdOf(job, payment.id));
      if (IN_HAND.has(state)) continue;
      if (payment.state === 'queued' && state === 'unknown') {
        // Never attempted and its job is gone (lost queue data): queue it again.
        await backend
          .queue(QUEUES.charges)
          .add(job, { paymentId: payment.id }, { ...JOB_OPTIONS[job], jobId: jobIdOf(job, payment.id) });
        logger.warn({ paymentId: payment.id }, 'requeued a payment whose job was lost');
        continue;
      }
      const outcome = await lookUp(payment);
      if (!outcome) await ledger.fail(payment, 'PROVIDER_UNAVAILABLE', UNREACHABLE_MESSAGE);
      else if (outcome.status === 'declined') await ledger.fail(payment, outcome.code, outcome.message);
      else if (outcome.status === 'active') {
        await ledger.succeed(payment, {
          transactionId: outcome.firstCharge.transactionId,
          recurringId: outcome.recurringId,
          nextPaymentDate: outcome.nextPaymentDate,
        });
      } else await ledger.succeed(payment, { transactionId: outcome.transactionId });
      settled += 1;
    }
    if (settled > 0) logger.info({ settled }, 'reconciled stuck payments');
    return { examined: stuck.length, settled };
  };
}
