import type { PaymentAccepted, PaymentQueued, PaymentState, RecordCreated } from '@pillars/contracts';
import { publishNow } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import {
  AcceptConflict,
  type AcceptConflictReason,
  type Acceptance,
  type Answer,
  type NewPayment,
  accept,
} from '@pillars/money';
import type { AppDeps } from './context';
import { AppError } from './errors';
import { requestOf } from './request-scope';

/** What the API answers when the money domain refuses an acceptance (409). */
const CONFLICT_MESSAGES: Record<AcceptConflictReason, string> = {
  'idempotency-key-reused': 'This Idempotency-Key was already used for a different request.',
  'charge-already-reported': 'This payment was already reported for another record.',
};

/** The money domain's refusal as the API's 409; anything else passes through. */
export function conflictToAppError(error: unknown): never {
  if (error instanceof AcceptConflict) {
    throw new AppError('CONFLICT', CONFLICT_MESSAGES[error.reason], { cause: error });
  }
  throw error;
}

/**
 * The API's accept path: one statement records the request and its charge (`accept`), then the
 * charge job is published from what that statement wrote. Returns the answer to send.
 */
export async function acceptAndPublish<A extends Answer>(
  { db, queues }: Pick<AppDeps, 'db' | 'queues'>,
  logger: Logger,
  acceptance: Acceptance<A>,
): Promise<A> {
  const { payment } = acceptance;
  const accepted = await accept(
    db,
    payment ? { ...acceptance, payment: fromThisRequest(logger, payment) } : acceptance,
  ).catch(conflictToAppError);
  if (accepted.paymentId) notePaymentCreated(logger, accepted.paymentId);
  await publishNow(db, queues, logger, accepted.outbox);
  return accepted.answer;
}

/**
 * A new payment as the request being served (the one `logger` is of) creates it: its charge job
 * carries the request's id, and the pseudonym of its client address that a decline is counted against.
 */
export function fromThisRequest(logger: Logger, payment: NewPayment): NewPayment {
  const request = requestOf(logger);
  if (!request) return payment;
  return {
    ...payment,
    requestId: request.requestId,
    ...(request.declineSource ? { declineSource: request.declineSource } : {}),
  };
}

/** The request being served created this payment: its log line says so. */
export function notePaymentCreated(logger: Logger, paymentId: string): void {
  const request = requestOf(logger);
  if (request) request.paymentId = paymentId;
}

/** The 202 body of a stored record whose charge is queued: poll the payment. */
export function paymentAccepted(recordId: string, paymentId: string): PaymentAccepted {
  return { success: true, data: { id: recordId }, paymentId, status: 'queued' };
}

/** The 202 body that points at a payment (a reported charge to verify, or the one already there). */
export function paymentQueued(paymentId: string, status: PaymentState): PaymentQueued {
  return { success: true, paymentId, status };
}

/** The 201 body of a stored record with nothing to charge. */
export function recordCreated(id: string): RecordCreated {
  return { success: true, data: { id } };
}
