import { transactionFeeCents } from '@pillars/shared/contracts';
import { type Database, payments, transactions, webhookEvents } from '@pillars/shared/db';
import { WebhookJobData } from '@pillars/shared/jobs';
import type { Logger } from '@pillars/shared/logger';
import type { CardProvider } from '@pillars/shared/payments';
import { type Job, UnrecoverableError } from 'bullmq';
import { eq } from 'drizzle-orm';
import { type PaymentLedger, RECORDS } from '../../payments/ledger';

export interface WebhookDeps {
  db: Database;
  ledger: PaymentLedger;
  provider: CardProvider;
  logger: Logger;
}

/**
 * process-webhook (DESIGN.md rule 7): a later instalment of a recurring plan. The event is only
 * a hint: the charge and the plan are re-fetched from the provider, and only what the provider
 * says now is recorded. The local record is found through payments.provider_recurring_id.
 *
 * - succeeded instalment → a `transactions` row (unique provider transaction id, so replays and
 *   redeliveries write nothing more; donationId for recurring donations), and the payment's
 *   next_payment_date from the plan;
 * - failed instalment → a warning and a `transactions` row with status `failed` (fees 0): the
 *   record itself is left as it is (a membership stays active until an admin acts, and Pay
 *   Theory keeps the plan in INSTRUMENT_FAILURE until the card is updated), see docs/decisions/007.
 * - the plan's first instalment is recorded by record-transaction already, and is skipped here.
 * An unknown plan or a charge the provider does not show yet is retried (the webhook can arrive
 * before the worker stored the plan id); after the last attempt the job fails for an operator.
 */
export function webhooksProcessor({ db, ledger, provider, logger }: WebhookDeps) {
  async function finish(eventId: string, outcome: string) {
    await db.update(webhookEvents).set({ processedAt: new Date(), outcome }).where(eq(webhookEvents.id, eventId));
  }

  return async (job: Job) => {
    const { eventId } = WebhookJobData.parse(job.data);
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId)).limit(1);
    if (!event) throw new UnrecoverableError(`webhook event ${eventId} not found`);
    if (event.processedAt) return;
    if (!event.transactionId || !event.recurringId) {
      await finish(event.id, 'ignored');
      return;
    }

    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.providerRecurringId, event.recurringId))
      .limit(1);
    if (!payment) throw new Error(`no payment for recurring plan ${event.recurringId} (yet)`);
    if (payment.providerTransactionId === event.transactionId) {
      await finish(event.id, 'first-instalment');
      return;
    }

    const [charge, plan] = await Promise.all([
      provider.getCharge(event.transactionId),
      provider.getRecurring(event.recurringId),
    ]);
    if (!charge) throw new Error(`provider does not show transaction ${event.transactionId} (yet)`);
    if (!plan) throw new Error(`provider does not show recurring plan ${event.recurringId} (yet)`);

    const payor = await ledger.payorOf(payment);
    const isDonation = payment.kind === 'donation' || payment.kind === 'recurring_donation';
    const { source } = RECORDS[payment.kind];
    const base = {
      donationId: isDonation ? payment.recordId : null,
      paymentMethod: 'card',
      paymentProvider: provider.name,
      providerTransactionId: event.transactionId,
      buyerEmail: payor.email,
      buyerName: `${payor.firstName} ${payor.lastName}`.trim() || payor.email,
    };

    if (charge.status === 'succeeded') {
      await db.transaction(async (tx) => {
        await tx
          .insert(transactions)
          .values({
            ...base,
            amount: charge.amountCents,
            fees: transactionFeeCents(charge.amountCents),
            status: 'completed',
            metadata: JSON.stringify({ source, paymentState: 'SUCCEEDED', liveMode: provider.liveMode }),
          })
          .onConflictDoNothing({ target: transactions.providerTransactionId });
        if (plan.nextPaymentDate) {
          await tx
            .update(payments)
            .set({ nextPaymentDate: plan.nextPaymentDate, updatedAt: new Date() })
            .where(eq(payments.id, payment.id));
        }
      });
      logger.info({ paymentId: payment.id, transactionId: event.transactionId }, 'recurring instalment recorded');
      await finish(event.id, 'recorded');
      return;
    }

    logger.warn(
      { paymentId: payment.id, kind: payment.kind, transactionId: event.transactionId, code: charge.code },
      'recurring instalment failed',
    );
    await db
      .insert(transactions)
      .values({
        ...base,
        amount: plan.amountCents ?? payment.amountCents,
        fees: 0,
        status: 'failed',
        metadata: JSON.stringify({ source, paymentState: 'FAILED', liveMode: provider.liveMode }),
      })
      .onConflictDoNothing({ target: transactions.providerTransactionId });
    await finish(event.id, 'failed-recorded');
  };
}
