import { type Database, payments, webhookEvents } from '@pillars/platform/db';
import { type QueueBackend, publishNow } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { eq } from 'drizzle-orm';
import type { CardProvider } from './provider';
import type { InstalmentRecorder } from './instalments';
import { recordChargeState } from './charge-state';
import { syncChargeDisputes } from './disputes';
import { FinalError } from './final-error';

export interface WebhookDeps {
  db: Database;
  backend: QueueBackend;
  provider: CardProvider;
  instalments: InstalmentRecorder;
  logger: Logger;
  /** The organisation's contact address (CONTACT_EMAIL): told when a dispute opens. */
  contactEmail: string;
}

/**
 * process-webhook (ADR 007): a transaction notification is only a hint. The transaction
 * is re-fetched from the provider, and the plan it belongs to now decides which payment it is
 * recorded for (not the plan the notification named). Recording goes through the same path as the
 * recurring poll, so whichever comes first writes the row and the other writes nothing.
 *
 * A transaction the provider does not show yet is retried, not dropped: new transactions become
 * visible to queries only after a delay. So is a plan we have not stored yet (the notification can
 * arrive before the worker saved the plan id): each throws, and the caller tries again. After
 * the last attempt the job fails for an operator, and the recurring poll still records the
 * instalment. An event we do not hold is final (FinalError).
 */
export function webhookHandler({ db, backend, provider, instalments, logger, contactEmail }: WebhookDeps) {
  async function finish(eventId: string, outcome: string) {
    await db.update(webhookEvents).set({ processedAt: new Date(), outcome }).where(eq(webhookEvents.id, eventId));
  }

  /**
   * A dispute notification (docs/decisions/047-disputes.md): the charge's disputes are re-fetched
   * and each recorded as the provider shows it now, so a delivery naming a status the provider
   * does not show, or no dispute at all, records nothing it did not see. None visible yet, or a
   * charge the ledger has not recorded yet, is retried like a transaction not visible yet; after
   * the last attempt the reconciliation still finds it.
   */
  async function processDispute(eventId: string, transactionId: string) {
    const results = await syncChargeDisputes(db, provider, transactionId, { foundBy: 'webhook', contactEmail });
    if (results.length === 0) throw new Error(`provider shows no dispute of transaction ${transactionId} (yet)`);
    for (const result of results) {
      if (result.outcome === 'unknown-charge') throw new Error(`no payment holds transaction ${transactionId} (yet)`);
      await publishNow(db, backend, logger, result.outboxRows).catch((error: unknown) =>
        logger.warn({ err: error, paymentId: result.paymentId }, 'jobs left to the relay'),
      );
      if (result.outcome !== 'unchanged') {
        logger.warn(
          { paymentId: result.paymentId, transactionId, disputeStatus: result.dispute.status, outcome: result.outcome },
          'payment disputed',
        );
      }
    }
    const outcomes = results.map((result) => result.outcome);
    await finish(eventId, `dispute-${outcomes.join(',')}`);
  }

  return async function handle(eventId: string): Promise<void> {
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId)).limit(1);
    if (!event) throw new FinalError(`webhook event ${eventId} not found`);
    if (event.processedAt) return;
    if (event.disputeKey !== null) return processDispute(event.id, event.transactionId);

    const readAt = new Date();
    const charge = await provider.getChargeDetails(event.transactionId);
    if (!charge) throw new Error(`provider does not show transaction ${event.transactionId} (yet)`);
    // Whatever the notification is about, a charge we hold takes the state the provider shows.
    await recordChargeState(db, charge.transactionId, charge.state, readAt);
    if (!charge.recurringId) {
      logger.info({ transactionId: event.transactionId }, 'webhook transaction is not an instalment; ignored');
      await finish(event.id, 'ignored');
      return;
    }
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.providerRecurringId, charge.recurringId))
      .limit(1);
    if (!payment) throw new Error(`no payment for recurring plan ${charge.recurringId} (yet)`);

    // The plan is read before anything is written, so a failed read is retried with nothing recorded.
    const plan = await provider.getRecurring(charge.recurringId);
    if (payment.state !== 'succeeded') {
      // Its first instalment was awaited (or it failed): not a later instalment to add a row for.
      await finish(event.id, await instalments.settleFirst(payment, charge, plan));
      return;
    }
    const outcome = await instalments.record(payment, charge);
    if (plan) await instalments.notePlan(payment, plan);
    await finish(event.id, outcome);
  };
}
