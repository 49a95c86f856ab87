import type { AdminPaymentDetail } from '@pillars/contracts/admin';
import {
  DUPLICATE_REVERSED_ACTION,
  type Database,
  auditLog,
  disputes,
  payments,
  refunds,
  transactions,
} from '@pillars/platform/db';
import { QUEUE_OF, chargeJobFor, jobIdOf } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import {
  type ChargeOfPayment,
  RECURRING_KINDS,
  type RecurringKind,
  chargesOfPayment,
  isOpenDispute,
  recordChargeState,
  reversalKindOf,
  stateMayBeStale,
} from '@pillars/money';
import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';

/**
 * How long the payment detail waits for the queue backend, or the provider, before answering
 * without what it asked.
 */
const LOOKUP_TIMEOUT_MS = 2000;

/**
 * The most charges one payment detail reads again from the provider, the newest: a long monthly
 * plan read at once would make the page wait on many calls. Each is read once it matters and
 * then only until it settles, so older ones are read on later views.
 */
const REFRESH_MAX_CHARGES = 6;

async function withinTimeout<T>(read: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      read(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${LOOKUP_TIMEOUT_MS} ms`)), LOOKUP_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function jobStateOf(deps: AppDeps, logger: Logger, queue: string, read: () => Promise<string>) {
  try {
    return await withinTimeout(read);
  } catch (error) {
    logger.warn({ err: error, queue, backend: deps.queues.kind }, 'job state unavailable');
    return 'unavailable';
  }
}

/**
 * Reads again from the provider the charges whose stored state may be behind in a way that decides
 * void or refund (stateMayBeStale) and that have money left to give back, so the refund dialog
 * says what will happen; true when any row changed. A provider that does not answer in time
 * leaves the stored state, said as it is.
 */
async function refreshChargeStates(deps: AppDeps, logger: Logger, charges: ChargeOfPayment[]): Promise<boolean> {
  const stale = charges
    .filter((charge) => charge.providerTransactionId && charge.refundableCents > 0 && stateMayBeStale(charge.state))
    .slice(-REFRESH_MAX_CHARGES);
  const changed = await Promise.all(
    stale.map(async (charge) => {
      const transactionId = charge.providerTransactionId ?? '';
      const readAt = new Date();
      try {
        const read = await withinTimeout(() => deps.provider.getChargeRefunds(transactionId));
        return read ? await recordChargeState(deps.db, transactionId, read.state, readAt) : false;
      } catch (error) {
        logger.warn({ err: error, transactionId }, 'charge state not read from the provider');
        return false;
      }
    }),
  );
  return changed.some(Boolean);
}

type PaymentRow = typeof payments.$inferSelect;
const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * A plan's dunning and cancellation (docs/decisions/018). The failed attempts since it started
 * failing are not stored: they are its failed transactions rows since failing_since.
 */
async function planOf(db: Database, payment: PaymentRow): Promise<AdminPaymentDetail['plan']> {
  if (!RECURRING_KINDS.includes(payment.kind as RecurringKind)) return null;
  const [failed] = payment.failingSince
    ? await db
        .select({ n: count() })
        .from(transactions)
        .where(
          and(
            eq(transactions.paymentId, payment.id),
            eq(transactions.status, 'failed'),
            gte(transactions.createdAt, payment.failingSince),
          ),
        )
    : [];
  return {
    failingSince: iso(payment.failingSince),
    failedAttemptsSince: failed?.n ?? 0,
    cancelRequestedAt: iso(payment.cancelRequestedAt),
    cancelRequestedBy: payment.cancelRequestedBy,
    cancelReason: payment.cancelReason,
    cancelledAt: iso(payment.cancelledAt),
  };
}

/**
 * One payment from the ledger with its job's state, any reversed duplicates, the charges it took
 * with their refunds (docs/decisions/019) and its disputes (047); undefined when unknown.
 */
export async function paymentDetail(
  deps: AppDeps,
  logger: Logger,
  id: string,
): Promise<AdminPaymentDetail | undefined> {
  const { db } = deps;
  const [payment] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!payment) return undefined;
  const job = chargeJobFor(payment);
  const queue = QUEUE_OF[job];
  const jobId = jobIdOf(job, payment.id);
  const state = await jobStateOf(deps, logger, queue, () => deps.queues.queue(queue).jobState(jobId));
  const duplicates = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, DUPLICATE_REVERSED_ACTION), sql`${auditLog.before}->>'paymentId' = ${payment.id}`))
    .orderBy(asc(auditLog.id));
  const stored = await chargesOfPayment(db, payment.id);
  const charges = (await refreshChargeStates(deps, logger, stored)) ? await chargesOfPayment(db, payment.id) : stored;
  const refundRows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const disputeRows = await db
    .select()
    .from(disputes)
    .where(eq(disputes.paymentId, payment.id))
    .orderBy(asc(disputes.createdAt), asc(disputes.id));
  return {
    id: payment.id,
    kind: payment.kind,
    recordId: payment.recordId,
    amountCents: payment.amountCents,
    state: payment.state,
    attempts: payment.attempts,
    failureCode: payment.failureCode,
    failureMessage: payment.failureMessage,
    providerTransactionId: payment.providerTransactionId,
    providerRecurringId: payment.providerRecurringId,
    claimedTransactionId: payment.claimedTransactionId,
    // An ended plan charges nothing more: the date the provider last gave is no next payment.
    nextPaymentDate: payment.cancelledAt ? null : payment.nextPaymentDate,
    idempotencyKey: payment.idempotencyKey,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
    lastSentAt: payment.lastSentAt?.toISOString() ?? null,
    duplicatesReversed: duplicates.map((row) => {
      const refundId = (row.after as { refundId?: unknown } | null)?.refundId;
      return {
        entityType: row.entityType,
        entityId: row.entityId,
        refundId: typeof refundId === 'string' ? refundId : null,
        at: row.createdAt.toISOString(),
      };
    }),
    plan: await planOf(db, payment),
    job: { name: job, queue, id: jobId, state },
    charges: charges.map((charge) => ({
      id: charge.id,
      amountCents: charge.amountCents,
      providerTransactionId: charge.providerTransactionId,
      buyerName: charge.buyerName,
      createdAt: charge.createdAt.toISOString(),
      refundableCents: charge.refundableCents,
      provider: {
        status: charge.state?.status ?? null,
        settled: charge.state?.settled ?? null,
        settlementBatch: charge.state?.settlementBatch ?? null,
        reviewFlag: charge.state?.reviewFlag ?? null,
        readAt: iso(charge.stateReadAt),
      },
      reversalKind: reversalKindOf(charge.state?.settled ?? null),
      refunds: refundRows
        .filter((refund) => refund.chargeRowId === charge.id)
        .map((refund) => ({
          id: refund.id,
          amountCents: refund.amountCents,
          state: refund.state,
          requestedBy: refund.requestedBy,
          reason: refund.reason,
          failureMessage: refund.failureMessage,
          providerRefundId: refund.providerRefundId,
          isVoid: refund.isVoid,
          replacementTransactionId: refund.replacementTransactionId,
          createdAt: refund.createdAt.toISOString(),
          updatedAt: refund.updatedAt.toISOString(),
        })),
    })),
    disputes: disputeRows.map((dispute) => ({
      id: dispute.id,
      providerDisputeId: dispute.providerDisputeId,
      providerTransactionId: dispute.providerTransactionId,
      status: dispute.status,
      open: isOpenDispute(dispute.status),
      amountCents: dispute.amountCents,
      reason: dispute.reason,
      reasonMessage: dispute.reasonMessage,
      disputedAt: iso(dispute.disputedAt),
      evidenceDueAt: iso(dispute.evidenceDueAt),
      createdAt: dispute.createdAt.toISOString(),
      updatedAt: dispute.updatedAt.toISOString(),
    })),
  };
}
