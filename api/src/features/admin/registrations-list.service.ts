import { parsePricingTiers } from '@pillars/contracts';
import {
  DOOR_SEARCH_LIMIT,
  DOOR_SEARCH_MIN,
  type RegisteredEvent,
  type RegistrationDetail,
  type RegistrationDetailPage,
  type RegistrationsPageQuery,
} from '@pillars/contracts/admin';
import { type Database, contributorSearchText, eventRegistrations, events, foldedSql } from '@pillars/platform/db';
import { type SQL, and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { containsPattern } from './contributor-search';
import type { Position } from './keyset-cursor';
import { NO_COUNTS, type Reader, cursorAtOf, newestFirst, pageOf, pastPosition } from './record-list-paging';

/** The registrations list (/admin/events): rows with their events, the events' groups, check-in at the door. */

const registrationColumns = {
  id: eventRegistrations.id,
  firstName: eventRegistrations.firstName,
  lastName: eventRegistrations.lastName,
  email: eventRegistrations.email,
  phone: eventRegistrations.phone,
  status: eventRegistrations.status,
  selectedTier: eventRegistrations.selectedTier,
  comments: eventRegistrations.comments,
  paymentAmount: eventRegistrations.paymentAmount,
  payTheoryPaymentId: eventRegistrations.payTheoryPaymentId,
  createdAt: eventRegistrations.createdAt,
};
const eventColumns = {
  title: events.title,
  startDate: events.startDate,
  endDate: events.endDate,
  location: events.location,
  pricingTiers: events.pricingTiers,
};

/** Only one event's registrations, when asked. */
export const ofEvent = (eventId: string | undefined) =>
  eventId === undefined ? undefined : eq(eventRegistrations.eventId, eventId);

/**
 * Registrations newest first with their event. With an event, the condition and the order are
 * (event_id, created_at, id): the shape of an index on those three columns, which serves each
 * event's pages as a range scan; without one, event_registrations_created_at_id_idx does.
 */
export const readRegistrations =
  (eventId: string | undefined, where?: SQL) => (db: Reader, after: Position | undefined, limit: number) =>
    db
      .select({
        id: eventRegistrations.id,
        registration: registrationColumns,
        event: eventColumns,
        cursorAt: cursorAtOf(eventRegistrations),
      })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(and(ofEvent(eventId), where, pastPosition(eventRegistrations, after)))
      .orderBy(...newestFirst(eventRegistrations))
      .limit(limit);

/** A cancelled registration holds no place: the door never lists it. */
const CANCELLED = 'cancelled';

type RegistrationSelected = Awaited<ReturnType<ReturnType<typeof readRegistrations>>>[number];

/** A registration with its event's title, dates and place, and its tier's name from the event's tiers. */
export function registrationsOf(rows: readonly RegistrationSelected[]): RegistrationDetail[] {
  const tierNames = new Map<string, Map<string, string>>();
  const tierNameOf = (raw: string | null, tierId: string | null) => {
    if (!tierId || !raw) return null;
    let names = tierNames.get(raw);
    if (!names) {
      names = new Map(parsePricingTiers(raw).map((tier) => [tier.id, tier.name]));
      tierNames.set(raw, names);
    }
    return names.get(tierId) ?? null;
  };
  return rows.map(({ registration, event }) => ({
    ...registration,
    selectedTierName: tierNameOf(event.pricingTiers, registration.selectedTier),
    createdAt: registration.createdAt.toISOString(),
    event: {
      title: event.title,
      startDate: event.startDate.toISOString(),
      endDate: event.endDate.toISOString(),
      location: event.location,
    },
  }));
}

/** A page of one event's registrations (or of all), newest first, without their states. */
export async function registrationsPage(db: Database, query: RegistrationsPageQuery): Promise<RegistrationDetailPage> {
  const page = await pageOf(
    db,
    query,
    ['registrations', query.eventId],
    readRegistrations(query.eventId),
    async (tx) =>
      (await tx.select({ total: count() }).from(eventRegistrations).where(ofEvent(query.eventId)))[0] ?? NO_COUNTS,
    (row) => row,
  );
  return { ...page, data: registrationsOf(page.data) };
}

/**
 * The events that have registrations, latest event first (then by title and id), each with its
 * number of registrations, and the number in all: one GROUP BY over event_registrations.event_id
 * (an index on it serves the aggregate), never the registrations themselves.
 */
export async function listRegisteredEvents(
  db: Database,
): Promise<{ success: true; data: RegisteredEvent[]; total: number }> {
  const counted = db
    .select({ eventId: eventRegistrations.eventId, registrations: count().as('registrations') })
    .from(eventRegistrations)
    .groupBy(eventRegistrations.eventId)
    .as('counted');
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      startDate: events.startDate,
      endDate: events.endDate,
      location: events.location,
      registrations: counted.registrations,
    })
    .from(counted)
    .innerJoin(events, eq(events.id, counted.eventId))
    .orderBy(desc(events.startDate), asc(events.title), asc(events.id));
  const data = rows.map((r) => ({ ...r, startDate: r.startDate.toISOString(), endDate: r.endDate.toISOString() }));
  return { success: true, data, total: data.reduce((sum, e) => sum + e.registrations, 0) };
}

/**
 * The registration's search text (names, e-mail, phone, payment id) without accents, as its
 * trigram index event_registrations_folded_search_trgm_idx holds it.
 */
const registrationDoorText = foldedSql(contributorSearchText(eventRegistrations, sql`''`));

/**
 * The registrations a door search finds (docs/decisions/034): every word of the search appears in
 * the registrant's names, e-mail (or phone or payment id), in any order and case; the newest
 * DOOR_SEARCH_LIMIT, cancelled ones left out (they hold no place). A search of fewer than
 * DOOR_SEARCH_MIN letters finds nobody: one letter would match half the room. Each word is matched
 * on the text event_registrations_folded_search_trgm_idx indexes, so a word of three letters or
 * more is an index lookup whatever the number of registrations; accents are folded on both sides
 * ("jose" finds José, "josé" finds Jose), as a volunteer types names heard at the door.
 */
export async function searchRegistrationsAtDoor(db: Reader, search: string): Promise<RegistrationDetail[]> {
  const words = search.split(/\s+/).filter(Boolean);
  if (words.join('').length < DOOR_SEARCH_MIN) return [];
  const matches = words.map((word) => sql`${registrationDoorText} LIKE ${foldedSql(sql`${containsPattern(word)}`)}`);
  const rows = await readRegistrations(undefined, and(ne(eventRegistrations.status, CANCELLED), ...matches))(
    db,
    undefined,
    DOOR_SEARCH_LIMIT,
  );
  return registrationsOf(rows);
}
