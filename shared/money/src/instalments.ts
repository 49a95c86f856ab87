import { type Database, type Tx, payments } from '@pillars/platform/db';
import type { Logger } from '@pillars/platform/logger';
import type { ProviderCharge, RecurringPlanStatus } from './provider';
import { eq } from 'drizzle-orm';
import type { Payment, PaymentLedger } from './ledger';
import { notePlanInstalment } from './plans';
import { insertTransactionRow, transactionRow } from './transaction-rows';

export type InstalmentOutcome =
  | 'recorded'
  | 'failed-recorded'
  | 'already-recorded'
  | 'first-instalment'
  | 'first-instalment-settled'
  | 'payment-not-succeeded'
  | 'replacement';

export interface InstalmentDeps {
  db: Database;
  ledger: PaymentLedger;
  logger: Logger;
  providerName: string;
  liveMode: boolean;
  /** When a charge happened if the provider does not say (tests inject it). */
  now?: () => Date;
}

/** When the provider made the charge, or now if it does not say. */
function chargedAtOf(charge: ProviderCharge, now: () => Date): Date {
  const at = charge.date ? new Date(charge.date) : null;
  return at && !Number.isNaN(at.getTime()) ? at : now();
}

/**
 * The one path by which a recurring plan's later instalment becomes a `transactions` row, whether
 * a webhook announced it or the scheduled poll found it (ADR 007). It takes the charge as
 * the provider showed it when re-fetched, never a webhook's payload. Idempotent: the row is unique
 * on the provider's transaction id, so a redelivery, a second poll or both together write it once.
 *
 * The row is transactionRow's (transaction-rows.ts), as for the first charge:
 * - succeeded → a `completed` row with the fee (donationId for recurring donations);
 * - failed → a `failed` row with no fee, and a warning: the record keeps its status, since Pay
 *   Theory holds the plan in INSTRUMENT_FAILURE until the card is updated (docs/decisions/007);
 * - the plan's first instalment is complete-payment's, which records it with the payment.
 * With the row, in its transaction, the plan's dunning mark (notePlanInstalment, docs/decisions/018):
 * a failed instalment sets payments.failing_since, a later successful one clears it.
 */
export function instalmentRecorder({ db, ledger, logger, providerName, liveMode, ...deps }: InstalmentDeps) {
  const now = deps.now ?? (() => new Date());

  async function record(payment: Payment, charge: ProviderCharge): Promise<InstalmentOutcome> {
    if (!payment.providerRecurringId || charge.recurringId !== payment.providerRecurringId) {
      throw new Error(`transaction ${charge.transactionId} is not an instalment of payment ${payment.id}'s plan`);
    }
    if (charge.transactionId === payment.providerTransactionId) return 'first-instalment';
    // A partial void's replacement holds what is left of an instalment already recorded: the refund
    // that voided part of it moves that row to it (docs/decisions/019), so it is never a new one.
    if (charge.replaces) return 'replacement';

    const succeeded = charge.outcome.status === 'succeeded';
    const payor = await ledger.payorOf(payment);
    const row = transactionRow({
      payment,
      payor,
      amountCents: charge.amountCents,
      providerTransactionId: charge.transactionId,
      succeeded,
      provider: { providerName, liveMode },
      cardLastFour: charge.outcome.lastFour,
      state: charge.state,
      stateReadAt: now(),
    });
    const chargedAt = chargedAtOf(charge, now);
    const dunning = (tx: Tx) => notePlanInstalment(tx, { paymentId: payment.id, succeeded, chargedAt });
    const recorded = await insertTransactionRow(db, row, dunning);
    if (!recorded) return 'already-recorded';
    await ledger.publish(payment.id, recorded.outboxRows);

    const entry = { paymentId: payment.id, kind: payment.kind, transactionId: charge.transactionId };
    if (charge.outcome.status === 'declined') {
      logger.warn({ ...entry, code: charge.outcome.code }, 'recurring instalment failed');
      return 'failed-recorded';
    }
    logger.info(entry, 'recurring instalment recorded');
    return 'recorded';
  }

  /**
   * A plan's instalment seen (by its webhook) while its payment is still unsettled: the plan was
   * created and its first instalment awaited (AwaitingFirstInstalment), so this is that first
   * instalment, and the payment settles from it as the attempt's look-up would. A plan that shows
   * no next date yet is read again later (a throw: the webhook job retries). A payment that
   * failed keeps no instalment here: a late charge of it is the reconciliation's (docs/decisions/049).
   */
  async function settleFirst(
    payment: Payment,
    charge: ProviderCharge,
    plan: RecurringPlanStatus | null,
  ): Promise<InstalmentOutcome> {
    if (payment.state !== 'queued' && payment.state !== 'processing') return 'payment-not-succeeded';
    if (!payment.providerRecurringId || charge.recurringId !== payment.providerRecurringId) {
      throw new Error(`transaction ${charge.transactionId} is not an instalment of payment ${payment.id}'s plan`);
    }
    if (charge.outcome.status === 'declined') {
      await ledger.settle(payment, charge.outcome);
    } else {
      if (!plan?.nextPaymentDate) throw new Error(`plan ${charge.recurringId} shows no next payment date yet`);
      await ledger.settle(payment, {
        status: 'active',
        recurringId: charge.recurringId,
        nextPaymentDate: plan.nextPaymentDate,
        firstCharge: charge.outcome,
      });
    }
    logger.info({ paymentId: payment.id, transactionId: charge.transactionId }, 'first instalment settled by webhook');
    return 'first-instalment-settled';
  }

  /** The plan's next charge date as the provider reports it, shown to admins with the payment. */
  async function notePlan(payment: Payment, plan: RecurringPlanStatus): Promise<void> {
    if (!plan.nextPaymentDate || plan.nextPaymentDate === payment.nextPaymentDate) return;
    await db
      .update(payments)
      .set({ nextPaymentDate: plan.nextPaymentDate, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
  }

  return { record, settleFirst, notePlan };
}

export type InstalmentRecorder = ReturnType<typeof instalmentRecorder>;
