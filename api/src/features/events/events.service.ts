import { PublicEventState, parsePricingTiers } from '@pillars/contracts';
import { type Database, eventPlaces, events, redirectedSlug } from '@pillars/platform/db';
import { placesLeftOf, tierPlacesLeft } from '@pillars/money';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';

/** What a visitor may see: drafts are the admin's only (docs/decisions/025). */
export const PUBLIC_EVENT_STATES = PublicEventState.options;

const listColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  startDate: events.startDate,
  location: events.location,
  description: events.description,
  imageUrl: events.imageUrl,
};

/** Upcoming published events, soonest first, with the places left of each. */
export async function listUpcomingEvents(db: Database, now: Date) {
  // Upcoming means not yet over: an event that has started but not ended is still listed.
  const rows = await db
    .select({ ...listColumns, capacity: eventPlaces.capacity, taken: eventPlaces.taken })
    .from(events)
    .leftJoin(eventPlaces, and(eq(eventPlaces.eventId, events.id), eq(eventPlaces.tierId, '')))
    .where(and(eq(events.status, 'published'), gte(events.endDate, now)))
    .orderBy(asc(events.startDate), asc(events.id));
  return rows.map(({ capacity, taken, ...r }) => ({
    ...r,
    startDate: r.startDate.toISOString(),
    placesLeft: placesLeftOf(capacity === null ? [] : [{ tierId: '', capacity, taken: taken ?? 0 }]).event,
  }));
}

/** A published or cancelled event by its slug; drafts are the admin's only. */
export async function publicEventRow(db: Database, slug: string) {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.slug, slug), inArray(events.status, PUBLIC_EVENT_STATES)))
    .limit(1);
  return row ?? null;
}

/**
 * A public event with its tiers and the places left; else the current slug when this one is a
 * public event's former address (docs/decisions/025); else nothing.
 */
export async function publicEvent(db: Database, slug: string) {
  const row = await publicEventRow(db, slug);
  if (!row) {
    const current = await redirectedSlug(db, 'event', slug);
    return current && current !== slug ? ({ kind: 'moved', slug: current } as const) : null;
  }
  const left = placesLeftOf(
    await db
      .select({ tierId: eventPlaces.tierId, capacity: eventPlaces.capacity, taken: eventPlaces.taken })
      .from(eventPlaces)
      .where(eq(eventPlaces.eventId, row.id)),
  );
  const event = {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    imageAlt: row.imageAlt,
    status: row.status === 'cancelled' ? ('cancelled' as const) : ('published' as const),
    location: row.location,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    requiresPayment: row.requiresPayment,
    price: row.price,
    pricingTiers: parsePricingTiers(row.pricingTiers).map((tier) => ({
      ...tier,
      placesLeft: tierPlacesLeft(left, tier.id),
    })),
    placesLeft: left.event,
  };
  return { kind: 'found', event } as const;
}
