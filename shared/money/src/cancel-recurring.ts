import { type Database, payments } from '@pillars/platform/db';
import { type QueueBackend, publishNow } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { eq } from 'drizzle-orm';
import { markPlanEnded } from './plans';
import { type CardProvider, ProviderRequestError } from './provider';
import { FinalError } from './final-error';

export interface CancelRecurringDeps {
  db: Database;
  provider: CardProvider;
  backend: QueueBackend;
  logger: Logger;
  now?: () => Date;
}

export type CancelRecurringOutcome = 'ended' | 'already-ended' | 'not-requested';

/**
 * cancel-recurring (docs/decisions/018): ends a plan someone asked to end (payments.cancel_requested_at)
 * at the provider, then marks it ended (markPlanEnded: cancelled_at, the record's status, the
 * plan-cancelled e-mail and the audit row, in one transaction). Safe to run again at any point:
 * a plan already marked ended is left alone, and one the provider already reports inactive (a
 * cancel whose answer was lost, or a plan ended in the provider's portal) is not cancelled again.
 * A transient provider error throws (the caller retries); our own bad request is final (FinalError).
 */
export function endRequestedPlans(deps: CancelRecurringDeps) {
  const { db, provider, backend, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function endAtProvider(recurringId: string): Promise<'cancelled' | 'was-inactive'> {
    const plan = await provider.getRecurring(recurringId);
    // A plan we hold the id of must be known to the provider; not yet visible means try later.
    if (!plan) throw new Error(`recurring plan ${recurringId} is not visible at the provider yet`);
    if (!plan.isActive) return 'was-inactive';
    await provider.cancelRecurring(recurringId);
    return 'cancelled';
  }

  return async function endRequestedPlan(paymentId: string): Promise<CancelRecurringOutcome> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (!payment) throw new FinalError(`payment ${paymentId} not found`);
    if (payment.cancelledAt) return 'already-ended';
    if (!payment.cancelRequestedAt || !payment.providerRecurringId) return 'not-requested';

    let atProvider: 'cancelled' | 'was-inactive';
    try {
      atProvider = await endAtProvider(payment.providerRecurringId);
    } catch (error) {
      if (error instanceof ProviderRequestError) throw new FinalError(error.message);
      throw error;
    }
    const ended = await markPlanEnded(db, { paymentId, at: now() });
    if (ended.kind !== 'ended') return ended.kind;
    logger.info(
      { paymentId, kind: payment.kind, requestedBy: payment.cancelRequestedBy, status: ended.status, atProvider },
      'recurring plan ended',
    );
    await publishNow(db, backend, logger, ended.outboxRows).catch((error: unknown) =>
      logger.warn({ err: error, paymentId }, 'plan-cancelled e-mail left to the relay'),
    );
    return 'ended';
  };
}
