import { parsePricingTiers } from '@pillars/contracts';
import {
  type AdminEvent,
  type AdminEventInput,
  type AdminEventListItem,
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
import { placesHeld } from '@pillars/money';
import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../../lib/errors';
import { type Actor, writeAudit } from '../../../lib/audit';

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
export const liveRegistration = ne(eventRegistrations.status, 'cancelled');

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
export const audited = (row: Pick<EventRow, 'title' | 'slug' | 'status' | 'capacity' | 'price'>) => ({
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
