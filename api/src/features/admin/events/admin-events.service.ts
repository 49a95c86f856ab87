import { parsePricingTiers, formatCents } from '@pillars/contracts';
import {
  type AdminEvent,
  type AdminEventInput,
  type AdminEventListItem,
  type EventCancelInput,
  type EventCancellation,
  type EventStatus,
  eventCancelMessages,
  eventMessages,
} from '@pillars/contracts/admin';
import {
  type Database,
  type Tx,
  availableSlug,
  eventPlaces,
  eventRegistrations,
  events,
  keepOldSlug,
  slugRedirects,
} from '@pillars/platform/db';
import { type OutboxRow, publishNow, queueEmails } from '@pillars/platform/jobs';
import {
  cancellationProgress,
  cancellationRefundTotals,
  placesHeld,
  refundableChargesOfEvent,
  releasePlaces,
  requestCancellationRefunds,
  retryCancellationRefund,
} from '@pillars/money';
import type { Logger } from '@pillars/platform/logger';
import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { type Actor, writeAudit } from '../audit';

type EventRow = typeof events.$inferSelect;

/** PostgreSQL's error code, however deep drizzle wrapped it. */
function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A registration that still counts: anything but one given up (cancelled, or its hold expired). */
const liveRegistration = ne(eventRegistrations.status, 'cancelled');

// Written with explicit table names: drizzle leaves columns unqualified in a single-table select,
// and an unqualified "id" inside the subquery would be the registration's.
const registrationCount = sql<number>`(
  SELECT count(*)::int FROM event_registrations r WHERE r.event_id = "events"."id" AND r.status <> 'cancelled'
)`;
/** The whole event's places taken, else its tiers' together, else null (no limit). */
const placesTaken = sql<number | null>`coalesce(
  (SELECT p.taken FROM event_places p WHERE p.event_id = "events"."id" AND p.tier_id = ''),
  (SELECT sum(p.taken)::int FROM event_places p WHERE p.event_id = "events"."id")
)`;

/** The admin's list: upcoming (not yet over) soonest first, then past ones latest first. */
export async function listEvents(
  db: Database,
  query: { q?: string | undefined; status?: EventStatus | undefined },
  now: Date,
): Promise<AdminEventListItem[]> {
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, '\\$&')}%` : null;
  const rows = await db
    .select({
      id: events.id,
      slug: events.slug,
      title: events.title,
      startDate: events.startDate,
      endDate: events.endDate,
      location: events.location,
      status: events.status,
      capacity: events.capacity,
      registrations: registrationCount,
      placesTaken,
    })
    .from(events)
    .where(
      and(
        query.status ? eq(events.status, query.status) : undefined,
        pattern
          ? or(ilike(events.title, pattern), ilike(events.location, pattern), ilike(events.slug, pattern))
          : undefined,
      ),
    )
    .orderBy(
      sql`${events.endDate} < ${now.toISOString()}::timestamptz`,
      sql`CASE WHEN ${events.endDate} >= ${now.toISOString()}::timestamptz THEN ${events.startDate} END ASC`,
      desc(events.startDate),
      asc(events.id),
    )
    .limit(500);
  return rows.map((row) => ({
    ...row,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
  }));
}

export async function getEvent(db: Database | Tx, id: string): Promise<AdminEvent | null> {
  const [row] = await db
    .select({ event: events, registrations: registrationCount })
    .from(events)
    .where(eq(events.id, id))
    .limit(1);
  if (!row) return null;
  const places = await db
    .select({ tierId: eventPlaces.tierId, capacity: eventPlaces.capacity, taken: eventPlaces.taken })
    .from(eventPlaces)
    .where(eq(eventPlaces.eventId, id))
    .orderBy(asc(eventPlaces.tierId));
  const { event } = row;
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    description: event.description,
    imageUrl: event.imageUrl,
    imageAlt: event.imageAlt,
    startDate: event.startDate.toISOString(),
    endDate: event.endDate.toISOString(),
    location: event.location,
    price: event.price,
    requiresPayment: event.requiresPayment,
    pricingTiers: parsePricingTiers(event.pricingTiers),
    capacity: event.capacity,
    status: event.status,
    updatedAt: event.updatedAt.toISOString(),
    registrations: row.registrations,
    places,
  };
}

/** The columns an admin's input writes (the slug is decided apart). */
function columnsOf(input: AdminEventInput) {
  return {
    title: input.title,
    description: input.description,
    imageUrl: input.imageUrl,
    imageAlt: input.imageUrl ? input.imageAlt : null,
    startDate: new Date(input.startDate),
    endDate: new Date(input.endDate),
    location: input.location,
    price: input.price,
    requiresPayment: input.requiresPayment,
    pricingTiers: JSON.stringify(input.pricingTiers.map((tier) => ({ ...tier, capacity: tier.capacity ?? null }))),
    capacity: input.capacity,
    status: input.status,
  };
}

/**
 * Keeps event_places in step with the limits saved: one row for the whole event ('') when it has a
 * capacity, one per tier with its own. A capacity is raised or lowered in place (what is taken
 * stays); a limit removed drops its row; a new one starts from the places already held
 * (placesHeld); one below what is already taken is refused. The rows are
 * locked first, so a registration taking a place waits for this save (docs/decisions/022).
 */
async function syncPlaces(tx: Tx, eventId: string, input: AdminEventInput): Promise<void> {
  const wanted = new Map<string, number>();
  if (input.capacity !== null) wanted.set('', input.capacity);
  for (const tier of input.pricingTiers) if (tier.capacity) wanted.set(tier.id, tier.capacity);
  const existing = await tx.select().from(eventPlaces).where(eq(eventPlaces.eventId, eventId)).for('update');
  for (const row of existing) {
    const capacity = wanted.get(row.tierId);
    if (capacity === undefined) {
      await tx.delete(eventPlaces).where(and(eq(eventPlaces.eventId, eventId), eq(eventPlaces.tierId, row.tierId)));
    } else if (capacity < row.taken) {
      throw new AppError('CONFLICT', eventMessages.placesTaken(row.taken));
    }
  }
  if (wanted.size === 0) return;
  // A new limit starts from the places its registrations already hold (a row kept keeps its count).
  const kept = new Set(existing.map((row) => row.tierId));
  const held: Map<string, number> = [...wanted.keys()].some((tierId) => !kept.has(tierId))
    ? await placesHeld(tx, eventId)
    : new Map<string, number>();
  for (const [tierId, capacity] of wanted) {
    const taken = kept.has(tierId) ? 0 : (held.get(tierId) ?? 0);
    if (capacity < taken) throw new AppError('CONFLICT', eventMessages.placesTaken(taken));
  }
  await tx
    .insert(eventPlaces)
    .values([...wanted].map(([tierId, capacity]) => ({ eventId, tierId, capacity, taken: held.get(tierId) ?? 0 })))
    .onConflictDoUpdate({
      target: [eventPlaces.eventId, eventPlaces.tierId],
      set: { capacity: sql`excluded.capacity` },
    });
}

/** A unique-slug race lost, or a CHECK refused (a place taken meanwhile): a conflict to retry. */
function toConflict(error: unknown): never {
  const code = pgCode(error);
  if (code === '23505') throw new AppError('CONFLICT', 'Another event took this address meanwhile; please save again.');
  if (code === '23514')
    throw new AppError('CONFLICT', 'Places were taken meanwhile; please check the capacity and save again.');
  throw error;
}

export async function createEvent(db: Database, actor: Actor, input: AdminEventInput) {
  return db
    .transaction(async (tx) => {
      const slug = await availableSlug(tx, 'event', input.slug || input.title);
      const [row] = await tx
        .insert(events)
        .values({ ...columnsOf(input), slug })
        .returning({ id: events.id, slug: events.slug });
      if (!row) throw new Error('insert returned no event');
      await syncPlaces(tx, row.id, input);
      await writeAudit(tx, actor, {
        action: 'event.created',
        entityType: 'event',
        entityId: row.id,
        after: { title: input.title, slug, status: input.status },
      });
      return row;
    })
    .catch(toConflict);
}

/** What an audit row keeps of an event: what identifies it and what an admin usually changes. */
const audited = (row: Pick<EventRow, 'title' | 'slug' | 'status' | 'capacity' | 'price'>) => ({
  title: row.title,
  slug: row.slug,
  status: row.status,
  capacity: row.capacity,
  price: row.price,
});

/**
 * Saves an event. A public event's (published or cancelled) former address keeps answering,
 * redirected. Cancelling is its own action (cancelEvent), which refunds paid registrations; a save
 * that would cancel is refused, so no event is cancelled without its refunds.
 */
export async function updateEvent(db: Database, actor: Actor, id: string, input: AdminEventInput) {
  return db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      if (!before) throw notFound('Event');
      if (input.status === 'cancelled' && before.status !== 'cancelled') {
        throw new AppError('CONFLICT', eventCancelMessages.useCancel);
      }
      const slug = input.slug ? await availableSlug(tx, 'event', input.slug, id) : before.slug;
      if (slug !== before.slug && before.status !== 'draft') await keepOldSlug(tx, 'event', before.slug, id, slug);
      await tx
        .update(events)
        .set({ ...columnsOf(input), slug, updatedAt: sql`now()` })
        .where(eq(events.id, id));
      await syncPlaces(tx, id, input);
      const after = { ...before, ...columnsOf(input), slug };
      await writeAudit(tx, actor, {
        action: 'event.updated',
        entityType: 'event',
        entityId: id,
        before: audited(before),
        after: audited(after),
      });
      return { id, slug };
    })
    .catch(toConflict);
}

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

/** Deletes an event no one registered for (with its places and former addresses). */
export async function deleteEvent(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!event) throw notFound('Event');
    const [registered] = await tx
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, id))
      .limit(1);
    if (registered) throw new AppError('CONFLICT', eventMessages.hasRegistrations);
    await tx.delete(slugRedirects).where(and(eq(slugRedirects.kind, 'event'), eq(slugRedirects.targetId, id)));
    await tx.delete(events).where(eq(events.id, id));
    await writeAudit(tx, actor, { action: 'event.deleted', entityType: 'event', entityId: id, before: audited(event) });
  });
}
