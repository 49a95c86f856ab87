import type { Database } from '@pillars/platform/db';
import type { OutboxRow } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import type { PaymentLedger, PaymentWithPayor } from './ledger';
import { recordFirstTransaction } from './transaction-rows';
import { requestLateCancellationRefunds } from './event-cancellation';
import { FinalError } from './final-error';

export interface FollowUpDeps {
  db: Database;
  ledger: PaymentLedger;
  logger: Logger;
  providerName: string;
  liveMode: boolean;
}

/**
 * What follows a successful charge (ADR 007): the record's status, then its charge row, together
 * `complete`. Each is idempotent: the status update only moves a pending record, the transaction
 * insert is unique on the provider's id, so `complete` run again (a retry after either failed, a
 * replay) changes nothing. A failure here is retried and logged; the visitor already saw success,
 * because the payment row says so. A payment that has not succeeded is final (FinalError).
 */
export function followUps({ db, ledger, logger, providerName, liveMode }: FollowUpDeps) {
  const provider = { providerName, liveMode };

  /** The record's status; returns the outbox row of the e-mail it queued, not yet published. */
  async function completeStatus(paymentId: string): Promise<OutboxRow[]> {
    const { completion, outboxRows } = await ledger.completeRecordHeld(paymentId);
    if (completion === 'not-found') throw new FinalError(`payment ${paymentId} not found`);
    if (completion === 'not-succeeded') throw new FinalError(`payment ${paymentId} is not succeeded`);
    if (completion === 'not-pending') logger.info({ paymentId }, 'record was no longer pending; left as it is');
    return outboxRows;
  }

  async function updateStatus(paymentId: string) {
    await ledger.publish(paymentId, await completeStatus(paymentId));
  }

  /** `held`: outbox rows to publish with the receipt's, in one round trip. */
  async function recordTransaction(paymentId: string, succeeded?: PaymentWithPayor, held: OutboxRow[] = []) {
    const recorded = await recordFirstTransaction({ db, ledger, provider }, paymentId, succeeded, held);
    if (recorded.result === 'not-found') throw new FinalError(`payment ${paymentId} not found`);
    if (recorded.result === 'not-succeeded') throw new FinalError(`payment ${paymentId} is not succeeded`);
    // A registration's charge that succeeded after its event was cancelled goes back once its
    // charge row exists (docs/decisions/050); a retry of this job after the row was recorded
    // ('already-recorded') asks again, and the cancellation's unique index keeps it to one.
    if (recorded.kind !== 'registration') return;
    for (const refund of await requestLateCancellationRefunds(db, paymentId)) {
      await ledger.publish(paymentId, refund.outboxRows);
      logger.info({ paymentId, refundId: refund.id }, 'charge of a cancelled event given back');
    }
  }

  /**
   * Both, in order, and the e-mails both queued (a membership's welcome and its receipt) published
   * together; `succeeded`: the payment and payor as its success statement returned them.
   */
  async function complete(paymentId: string, succeeded?: PaymentWithPayor) {
    await recordTransaction(paymentId, succeeded, await completeStatus(paymentId));
  }

  return { updateStatus, recordTransaction, complete };
}
