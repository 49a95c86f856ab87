import { type Database, payments, webhookEvents } from '@pillars/shared/db';
import { WebhookJobData } from '@pillars/shared/jobs';
import type { Logger } from '@pillars/shared/logger';
import type { CardProvider } from '@pillars/shared/payments';
import { type Job, UnrecoverableError } from 'bullmq';
import { eq } from 'drizzle-orm';
import { type InstalmentRecorder, recordChargeState } from '@pillars/shared/money';

export interface WebhookDeps {
  db: Database;
  provider: CardProvider;
  instalments: InstalmentRecorder;
  logger: Logger;
}

/**
 * process-webhook (ADR 007): a transaction notification is only a hint. The transaction
 * is re-fetched from the provider, and the plan it belongs to now decides which payment it is
 * recorded for (not the plan the notification named). Recording goes through the same path as the
 * recurring poll, so whichever comes first writes the row and the other writes nothing.
 *
 * A transaction the provider does not show yet is retried, not dropped: new transactions become
 * visible to queries only after a delay. So is a plan we have not stored yet (the notification can
 * arrive before the worker saved the plan id). After the last attempt the job fails for an
 * operator, and the recurring poll still records the instalment.
 */
export function webhooksProcessor({ db, provider, instalments, logger }: WebhookDeps) {
  async function finish(eventId: string, outcome: string) {
    await db.update(webhookEvents).set({ processedAt: new Date(), outcome }).where(eq(webhookEvents.id, eventId));
  }

  return async (job: Job) => {
    const { eventId } = WebhookJobData.parse(job.data);
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId)).limit(1);
    if (!event) throw new UnrecoverableError(`webhook event ${eventId} not found`);
    if (event.processedAt) return;

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
    const outcome = await instalments.record(payment, charge);
    if (plan) await instalments.notePlan(payment, plan);
    await finish(event.id, outcome);
  };
}
