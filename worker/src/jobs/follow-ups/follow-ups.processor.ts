import { type Database, transactions } from '@pillars/shared/db';
import { JOBS, PaymentJobData } from '@pillars/shared/jobs';
import type { Logger } from '@pillars/shared/logger';
import { transactionFeeCents } from '@pillars/shared/contracts';
import { type Job, UnrecoverableError } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import { type Payment, type PaymentLedger, RECORDS } from '@pillars/shared/money';

export interface FollowUpDeps {
  db: Database;
  ledger: PaymentLedger;
  logger: Logger;
  providerName: string;
  liveMode: boolean;
}

/**
 * What follows a successful charge (ADR 007). Each job is idempotent: the status update
 * only moves a pending record, the transaction insert is unique on the provider's id. A failure
 * here is retried and logged; the visitor already saw success, because the payment row says so.
 */
export function followUpsProcessor({ db, ledger, logger, providerName, liveMode }: FollowUpDeps) {
  async function updateStatus(payment: Payment & { providerTransactionId: string }) {
    const { table, paidStatus } = RECORDS[payment.kind];
    const updated = await db
      .update(table)
      .set({ status: paidStatus, payTheoryPaymentId: payment.providerTransactionId })
      .where(and(eq(table.id, payment.recordId), eq(table.status, 'pending')))
      .returning({ id: table.id });
    if (updated.length === 0) logger.info({ paymentId: payment.id }, 'record was no longer pending; left as it is');
  }

  async function recordTransaction(payment: Payment & { providerTransactionId: string }) {
    const payor = await ledger.payorOf(payment);
    const isDonation = payment.kind === 'donation' || payment.kind === 'recurring_donation';
    await db
      .insert(transactions)
      .values({
        donationId: isDonation ? payment.recordId : null,
        amount: payment.amountCents,
        fees: transactionFeeCents(payment.amountCents),
        status: 'completed',
        paymentMethod: 'card',
        paymentProvider: providerName,
        providerTransactionId: payment.providerTransactionId,
        buyerEmail: payor.email,
        buyerName: `${payor.firstName} ${payor.lastName}`.trim() || payor.email,
        metadata: JSON.stringify({ source: RECORDS[payment.kind].source, paymentState: 'SUCCEEDED', liveMode }),
      })
      .onConflictDoNothing({ target: transactions.providerTransactionId });
  }

  return async (job: Job) => {
    const { paymentId } = PaymentJobData.parse(job.data);
    const payment = await ledger.get(paymentId);
    if (!payment) throw new UnrecoverableError(`payment ${paymentId} not found`);
    const { providerTransactionId } = payment;
    if (payment.state !== 'succeeded' || !providerTransactionId) {
      throw new UnrecoverableError(`payment ${paymentId} is ${payment.state}, not succeeded`);
    }
    const settled = { ...payment, providerTransactionId };
    if (job.name === JOBS.updateStatus) await updateStatus(settled);
    else if (job.name === JOBS.recordTransaction) await recordTransaction(settled);
    else throw new UnrecoverableError(`unknown job ${job.name}`);
  };
}
