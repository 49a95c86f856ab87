import { transactionFeeCents } from './pricing';
import { type Database, payments, transactions } from '../db';
import type { Logger } from '../logger';
import type { ProviderCharge, RecurringPlanStatus } from '../payments';
import { eq } from 'drizzle-orm';
import { type Payment, type PaymentLedger, RECORDS } from './ledger';

export type InstalmentOutcome = 'recorded' | 'failed-recorded' | 'already-recorded' | 'first-instalment';

export interface InstalmentDeps {
  db: Database;
  ledger: PaymentLedger;
  logger: Logger;
  providerName: string;
  liveMode: boolean;
}

/**
 * The one path by which a recurring plan's later instalment becomes a `transactions` row, whether
 * a webhook announced it or the scheduled poll found it (ADR 007). It takes the charge as
 * the provider showed it when re-fetched, never a webhook's payload. Idempotent: the row is unique
 * on the provider's transaction id, so a redelivery, a second poll or both together write it once.
 *
 * - succeeded → a `completed` row with fees (donationId for recurring donations);
 * - failed → a `failed` row with fees 0, and a warning: the record keeps its status, since Pay
 *   Theory holds the plan in INSTRUMENT_FAILURE until the card is updated (docs/decisions/007);
 * - the plan's first instalment is record-transaction's, which records it with the payment.
 */
export function instalmentRecorder({ db, ledger, logger, providerName, liveMode }: InstalmentDeps) {
  async function record(payment: Payment, charge: ProviderCharge): Promise<InstalmentOutcome> {
    if (!payment.providerRecurringId || charge.recurringId !== payment.providerRecurringId) {
      throw new Error(`transaction ${charge.transactionId} is not an instalment of payment ${payment.id}'s plan`);
    }
    if (charge.transactionId === payment.providerTransactionId) return 'first-instalment';

    const payor = await ledger.payorOf(payment);
    const isDonation = payment.kind === 'donation' || payment.kind === 'recurring_donation';
    const succeeded = charge.outcome.status === 'succeeded';
    const inserted = await db
      .insert(transactions)
      .values({
        donationId: isDonation ? payment.recordId : null,
        amount: charge.amountCents,
        fees: succeeded ? transactionFeeCents(charge.amountCents) : 0,
        status: succeeded ? 'completed' : 'failed',
        paymentMethod: 'card',
        paymentProvider: providerName,
        providerTransactionId: charge.transactionId,
        buyerEmail: payor.email,
        buyerName: `${payor.firstName} ${payor.lastName}`.trim() || payor.email,
        metadata: JSON.stringify({
          source: RECORDS[payment.kind].source,
          paymentState: succeeded ? 'SUCCEEDED' : 'FAILED',
          liveMode,
        }),
      })
      .onConflictDoNothing({ target: transactions.providerTransactionId })
      .returning({ id: transactions.id });
    if (inserted.length === 0) return 'already-recorded';

    const entry = { paymentId: payment.id, kind: payment.kind, transactionId: charge.transactionId };
    if (charge.outcome.status === 'declined') {
      logger.warn({ ...entry, code: charge.outcome.code }, 'recurring instalment failed');
      return 'failed-recorded';
    }
    logger.info(entry, 'recurring instalment recorded');
    return 'recorded';
  }

  /** The plan's next charge date as the provider reports it, shown to admins with the payment. */
  async function notePlan(payment: Payment, plan: RecurringPlanStatus): Promise<void> {
    if (!plan.nextPaymentDate || plan.nextPaymentDate === payment.nextPaymentDate) return;
    await db
      .update(payments)
      .set({ nextPaymentDate: plan.nextPaymentDate, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
  }

  return { record, notePlan };
}

export type InstalmentRecorder = ReturnType<typeof instalmentRecorder>;
