import { formatCents } from '@pillars/contracts';
import { type EventCancelInput, type EventCancellation, eventCancelMessages } from '@pillars/contracts/admin';
import { type Database, type Tx, eventRegistrations, events } from '@pillars/platform/db';
import { type OutboxRow, publishNow, queueEmails } from '@pillars/platform/jobs';
import {
  cancellationProgress,
  cancellationRefundTotals,
  refundableChargesOfEvent,
  releasePlaces,
  requestCancellationRefunds,
  retryCancellationRefund,
} from '@pillars/money';
import type { Logger } from '@pillars/platform/logger';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { type Actor, writeAudit } from '../../../lib/audit';
import { audited, liveRegistration } from './admin-events.service';

/**
 * Cancelling a published event: what it would refund, the cancellation with its refunds, places
 * released and registrants told, and a failed refund retried (docs/decisions/050).
 */

/** Registrations of the event that still count, as a subquery of ids for releasePlaces. */
const liveRegistrationsOf = (eventId: string) =>
  sql`SELECT id FROM ${eventRegistrations} WHERE event_id = ${eventId} AND status <> 'cancelled'`;

/**
 * What cancelling the event would refund (before), or its refunds' progress (after); null when
 * there is no such event. The figures are the money module's (docs/decisions/050).
 */
export async function eventCancellation(db: Database | Tx, id: string): Promise<EventCancellation | null> {
  const [event] = await db.select({ status: events.status }).from(events).where(eq(events.id, id)).limit(1);
  if (!event) return null;
  const progress = await cancellationProgress(db, id);
  if (event.status === 'cancelled') {
    return {
      status: event.status,
      paidRegistrations: new Set(progress.refunds.map((r) => r.registrationId)).size,
      refundTotalCents: progress.refunds.reduce((sum, r) => sum + r.amountCents, 0),
      freeRegistrations: 0,
      progress,
    };
  }
  const totals = cancellationRefundTotals(await refundableChargesOfEvent(db, id));
  const [live] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, id), liveRegistration));
  return {
    status: event.status,
    ...totals,
    freeRegistrations: Math.max(0, (live?.n ?? 0) - totals.paidRegistrations),
    progress,
  };
}

/**
 * Cancels a published event in one transaction that holds its row (docs/decisions/050): only when
 * the paid registrations and total the admin confirmed are still true, it asks for every paid
 * charge back through the refund path (requestCancellationRefunds, each with its audit entry as
 * an admin's refund has), releases the places of every live registration (releasePlaces), queues
 * one event-cancelled e-mail per registrant and audits the cancellation. Answers `cancelled: false`
 * when the event already was: nothing is asked or sent twice.
 */
export async function cancelEvent(
  deps: Pick<AppDeps, 'db' | 'queues'>,
  logger: Logger,
  actor: Actor,
  id: string,
  input: EventCancelInput,
): Promise<{ cancelled: boolean; data: EventCancellation }> {
  const { cancelled, outboxRows } = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!before) throw notFound('Event');
    if (before.status === 'cancelled') return { cancelled: false, outboxRows: [] as OutboxRow[] };
    if (before.status !== 'published') throw new AppError('CONFLICT', eventCancelMessages.notPublished);
    const charges = await refundableChargesOfEvent(tx, id);
    const totals = cancellationRefundTotals(charges);
    if (totals.paidRegistrations !== input.paidRegistrations || totals.refundTotalCents !== input.refundTotalCents) {
      throw new AppError(
        'CONFLICT',
        eventCancelMessages.figuresChanged(totals.paidRegistrations, formatCents(totals.refundTotalCents)),
      );
    }
    await tx
      .update(events)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(eq(events.id, id));
    const reason = `Event cancelled: ${before.title}`;
    const asked = await requestCancellationRefunds(tx, { eventId: id, charges, requestedBy: actor.label, reason });
    const outboxRows: OutboxRow[] = [];
    for (const { chargeRowId, request } of asked) {
      // One refused (a refund of the charge already in flight) undoes the whole cancellation.
      if (!request.refunded) throw new AppError('CONFLICT', eventCancelMessages.refundInFlight);
      outboxRows.push(...request.refund.outboxRows);
      await writeAudit(tx, actor, {
        action: 'payment.refund-requested',
        entityType: 'payment',
        entityId: request.refund.paymentId,
        after: {
          refundId: request.refund.id,
          chargeRowId,
          amountCents: request.refund.amountCents,
          reason,
          eventId: id,
        },
      });
    }
    const registrants = await tx
      .select({ id: eventRegistrations.id, email: eventRegistrations.email })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, id), liveRegistration));
    const released = await releasePlaces(tx, liveRegistrationsOf(id));
    const emails = await queueEmails(
      tx,
      registrants.map((r) => ({ kind: 'event-cancelled' as const, subjectId: r.id, recipient: r.email })),
    );
    outboxRows.push(...emails);
    await writeAudit(tx, actor, {
      action: 'event.cancelled',
      entityType: 'event',
      entityId: id,
      before: audited(before),
      after: {
        ...audited({ ...before, status: 'cancelled' }),
        registrantsEmailed: emails.length,
        registrationsReleased: released.length,
        refundsQueued: asked.length,
        refundTotalCents: totals.refundTotalCents,
      },
    });
    return { cancelled: true, outboxRows };
  });
  await publishNow(deps.db, deps.queues, logger, outboxRows);
  const data = await eventCancellation(deps.db, id);
  if (!data) throw notFound('Event');
  return { cancelled, data };
}

/**
 * Asks again for a cancelled event's failed refund of one charge (retryCancellationRefund), with
 * its audit entry as an admin's refund has, in one transaction; the refund job does the rest.
 */
export async function retryEventRefund(
  deps: Pick<AppDeps, 'db' | 'queues'>,
  logger: Logger,
  actor: Actor,
  id: string,
  chargeRowId: string,
): Promise<EventCancellation> {
  const outboxRows = await deps.db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!event) throw notFound('Event');
    const reason = `Event cancelled: ${event.title}`;
    const retry = await retryCancellationRefund(tx, { eventId: id, chargeRowId, requestedBy: actor.label, reason });
    if (!retry.retried) {
      if (retry.reason === 'not-found') throw new AppError('NOT_FOUND', eventCancelMessages.refundNotFound);
      throw new AppError(
        'CONFLICT',
        retry.reason === 'not-failed' ? eventCancelMessages.refundNotFailed : eventCancelMessages.retryRefused,
      );
    }
    const { refund } = retry.request;
    await writeAudit(tx, actor, {
      action: 'payment.refund-requested',
      entityType: 'payment',
      entityId: refund.paymentId,
      after: { refundId: refund.id, chargeRowId, amountCents: refund.amountCents, reason, eventId: id, retried: true },
    });
    return refund.outboxRows;
  });
  await publishNow(deps.db, deps.queues, logger, outboxRows);
  const data = await eventCancellation(deps.db, id);
  if (!data) throw notFound('Event');
  return data;
}
