import {
  CHECK_IN_FROM,
  type PlanCancelAccepted,
  type RefundAccepted,
  type RefundCreate,
} from '@pillars/contracts/admin';
import { eventRegistrations } from '@pillars/platform/db';
import { publishNow } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { type RefundRefusal, requestPlanCancellation, requestRefund } from '@pillars/money';
import { formatCents } from '@pillars/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { type Actor, writeAudit } from '../../lib/audit';

export const moneyOpsMessages = {
  refundAmount: (maxCents: number) => `Refund amount must be between $0.01 and $${formatCents(maxCents)}.`,
  nothingLeft: 'This payment has nothing left to refund.',
  refundInProgress: 'A refund of this payment is already in progress.',
  notRefundable: 'Only a charge that took money can be refunded.',
  planAlreadyCancelled: 'Cancelling this monthly plan was already requested.',
  notCheckable: (status: string) => `Only a paid or confirmed registration can be checked in; this one is ${status}.`,
} as const;

function refusalError(refusal: RefundRefusal): AppError {
  switch (refusal.reason) {
    case 'charge-not-found':
      return notFound('Charge');
    case 'not-refundable':
      return new AppError('CONFLICT', moneyOpsMessages.notRefundable);
    case 'in-progress':
      return new AppError('CONFLICT', moneyOpsMessages.refundInProgress);
    case 'amount':
      return refusal.refundableCents > 0
        ? new AppError('BAD_REQUEST', moneyOpsMessages.refundAmount(refusal.refundableCents))
        : new AppError('CONFLICT', moneyOpsMessages.nothingLeft);
  }
}

/**
 * POST /api/admin/refunds: the refund, its outbox row and the audit entry in one transaction
 * before the 202 (ADR 007); the refund job does the rest (docs/decisions/019).
 */
export async function createRefund(
  deps: Pick<AppDeps, 'db' | 'queues'>,
  logger: Logger,
  actor: Actor,
  input: RefundCreate,
): Promise<RefundAccepted['data']> {
  const { db, queues } = deps;
  const reason = input.reason ? input.reason : null;
  const refund = await db.transaction(async (tx) => {
    const asked = await requestRefund(tx, {
      chargeRowId: input.chargeRowId,
      amountCents: input.amountCents,
      requestedBy: actor.label,
      reason,
    });
    if (!asked.refunded) throw refusalError(asked.refusal);
    await writeAudit(tx, actor, {
      action: 'payment.refund-requested',
      entityType: 'payment',
      entityId: asked.refund.paymentId,
      after: { refundId: asked.refund.id, chargeRowId: input.chargeRowId, amountCents: input.amountCents, reason },
    });
    return asked.refund;
  });
  await publishNow(db, queues, logger, refund.outboxRows);
  return { id: refund.id, paymentId: refund.paymentId, amountCents: refund.amountCents, state: refund.state };
}

/**
 * POST /api/admin/payments/{id}/cancel-plan: the request (requestPlanCancellation queues the
 * cancel-recurring job) and the audit entry in one transaction; asked twice is a 409.
 */
export async function cancelPlan(
  deps: Pick<AppDeps, 'db' | 'queues'>,
  logger: Logger,
  actor: Actor,
  paymentId: string,
  reason: string | undefined,
): Promise<PlanCancelAccepted['data']> {
  const { db, queues } = deps;
  const at = new Date();
  const outboxRows = await db.transaction(async (tx) => {
    const asked = await requestPlanCancellation(tx, {
      paymentId,
      by: { admin: actor.label },
      reason: reason || `Cancelled by ${actor.label}`,
      at,
    });
    if (asked.kind === 'no-plan') throw notFound('Monthly plan');
    if (asked.kind === 'already-requested') throw new AppError('CONFLICT', moneyOpsMessages.planAlreadyCancelled);
    await writeAudit(tx, actor, {
      action: 'payment.plan-cancel-requested',
      entityType: 'payment',
      entityId: paymentId,
      after: { cancelRequestedAt: at.toISOString(), reason: reason ?? null },
    });
    return asked.outboxRows;
  });
  await publishNow(db, queues, logger, outboxRows);
  return { paymentId, cancelRequestedAt: at.toISOString() };
}

/**
 * PUT /api/admin/registrations/{id}/status {status: 'attended'}: paid or confirmed → attended in
 * one conditional UPDATE with its audit entry; one already attended answers the same, unaudited
 * (idempotent). No provider call, so no queued job (docs/decisions/019).
 */
export async function checkInRegistration(deps: Pick<AppDeps, 'db'>, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, id))
      .for('update');
    if (!before) throw notFound('Registration');
    if (before.status === 'attended') return;
    const [moved] = await tx
      .update(eventRegistrations)
      .set({ status: 'attended' })
      .where(and(eq(eventRegistrations.id, id), inArray(eventRegistrations.status, [...CHECK_IN_FROM])))
      .returning({ id: eventRegistrations.id });
    if (!moved) throw new AppError('CONFLICT', moneyOpsMessages.notCheckable(before.status));
    await writeAudit(tx, actor, {
      action: 'registration.attended',
      entityType: 'event_registration',
      entityId: id,
      before: { status: before.status },
      after: { status: 'attended' },
    });
  });
}
