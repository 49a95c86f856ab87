import { randomUUID } from 'node:crypto';
import { type PaymentKind, payments } from '@pillars/shared/db';
import { type QueueBackend, addToOutbox, chargeJobFor, publishOutbox } from '@pillars/shared/jobs';
import type { Database } from '@pillars/shared/db';
import type { Logger } from '@pillars/shared/logger';
import { AppError } from './errors';
import type { Tx } from './idempotency';

/** The violated constraint of a PostgreSQL error, through drizzle's wrapper. */
function constraintOf(error: unknown): string | undefined {
  const pgError = (error instanceof Error && error.cause ? error.cause : error) as { constraint?: unknown };
  return typeof pgError.constraint === 'string' ? pgError.constraint : undefined;
}

export interface NewPayment {
  kind: PaymentKind;
  recordId: string;
  amountCents: number;
  paymentMethodToken?: string | undefined;
  claimedTransactionId?: string | undefined;
  /** The Idempotency-Key of the report, which the browser also put in the charge's metadata. */
  claimedIdempotencyKey?: string | undefined;
}

/**
 * Records a charge to make and its job, in the caller's transaction, so a charge is queued exactly
 * when its record is committed (ADR 007). The provider idempotency key derives from the payment id,
 * so every retry of this payment's job looks up and sends the same key (ADR 010). Returns the
 * payment id and the outbox ids.
 */
export async function queuePayment(tx: Tx, payment: NewPayment): Promise<{ paymentId: string; outboxIds: number[] }> {
  const paymentId = randomUUID();
  await tx
    .insert(payments)
    .values({
      id: paymentId,
      kind: payment.kind,
      recordId: payment.recordId,
      amountCents: payment.amountCents,
      paymentMethodToken: payment.paymentMethodToken ?? null,
      claimedTransactionId: payment.claimedTransactionId ?? null,
      claimedIdempotencyKey: payment.claimedTransactionId ? (payment.claimedIdempotencyKey ?? null) : null,
      idempotencyKey: `pay_${paymentId.replace(/-/g, '')}`,
    })
    .catch((error: unknown) => {
      // One provider charge pays for one record: replaying a reported charge id is refused.
      if (constraintOf(error) === 'payments_claimed_transaction_id_key') {
        throw new AppError('CONFLICT', 'This payment was already reported for another record.');
      }
      throw error;
    });
  const job = chargeJobFor({ kind: payment.kind, claimedTransactionId: payment.claimedTransactionId ?? null });
  const outboxIds = await addToOutbox(tx, [{ job, paymentId }]);
  return { paymentId, outboxIds };
}

/** After commit: publish at once; when the queue is down the worker's relay publishes later. */
export async function publishNow(
  db: Database,
  queues: QueueBackend,
  logger: Logger,
  outboxIds: number[],
): Promise<void> {
  if (outboxIds.length === 0) return;
  try {
    await publishOutbox(db, queues, logger, outboxIds);
  } catch (error) {
    logger.warn({ err: error }, 'publishing deferred to the outbox relay');
  }
}
