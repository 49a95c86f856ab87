import { formatCents, parsePricingTiers } from '@pillars/contracts';
import type {
  ContributionDetailPage,
  DetailPageQuery,
  MemberDetailPage,
  RegisteredEvent,
  RegistrationDetail,
  RegistrationDetailPage,
  RegistrationsPageQuery,
} from '@pillars/contracts/admin';
import {
  type ContributionDetail,
  DOOR_SEARCH_LIMIT,
  DOOR_SEARCH_MIN,
  type MemberDetail,
} from '@pillars/contracts/admin';
import {
  type Database,
  contributorSearchText,
  foldedSql,
  donations,
  eventRegistrations,
  events,
  memberships,
  type PaymentKind,
} from '@pillars/platform/db';
import { type SQL, and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { standingsOf } from '@pillars/money';
import { containsPattern } from './contributor-list.service';
import { recordCountSql } from './contributors.service';
import {
  type CursorOrder,
  type Position,
  cursorDateText,
  decodeCursor,
  encodeCursor,
  filterDigest,
  isCursorDate,
} from './keyset-cursor';

/**
 * The admin's detail lists (/admin/contributors, /admin/members, /admin/events) in SQL
 * (docs/decisions/034): newest first, ties broken by id, paged by the keyset cursor the dashboard's
 * list uses (keyset-cursor.ts), with the list's total and its distinct addresses counted by
 * aggregates; the unparameterised calls answer the newest DETAIL_UNPAGED_LIMIT rows.
 */

/**
 * The most rows GET /api/admin/contributors-detail, /members-detail and /event-registrations answer:
 * the newest (docs/decisions/034). The paged forms reach the rest.
 */
export const DETAIL_UNPAGED_LIMIT = 10_000;

/** A record table as the detail lists read it. */
type Keyed = { id: AnyPgColumn; createdAt: AnyPgColumn; email: AnyPgColumn };

/** The only order of the detail lists: newest first, then by id. */
const NEWEST_FIRST = { sort: 'date', direction: 'desc' } as const satisfies CursorOrder;
const newestFirst = (t: Keyed) => [desc(t.createdAt), desc(t.id)];

/** Rows strictly after the cursor's position in NEWEST_FIRST, compared as a row on the (created_at, id) index. */
const pastPosition = (t: Keyed, after: Position | undefined): SQL | undefined =>
  after ? sql`(${t.createdAt}, ${t.id}) < (${after.value}::timestamptz, ${after.id}::uuid)` : undefined;

/** The row's position as cursor text, to the microsecond. */
const cursorAtOf = (t: Keyed) => sql<string>`${cursorDateText(sql`${t.createdAt}`)}`;

/**
 * What makes two addresses one recipient: the address lower-cased (a stored address is validated,
 * so it has no surrounding spaces). `lower(email)` is the expression of the tables' e-mail indexes
 * (migration 0008), so a distinct count or list can read it in order from the index.
 */
const recipientKey = (email: AnyPgColumn) => sql`lower(${email})`;

/** How many rows match, by an aggregate (an index-only scan where the visibility map allows). */
const countsOf = () => ({ total: count() });

type Counts = { total: number };
const NO_COUNTS: Counts = { total: 0 };

/**
 * Every row of a record table, exact, from the counts its triggers keep (recordCountSql,
 * docs/decisions/035): a read of at most 16 rows where count(*) scans the whole table.
 */
async function keptCounts(tx: Pick<Database, 'execute'>, table: PgTable): Promise<Counts> {
  const [row] = (await tx.execute<Counts>(sql`SELECT ${recordCountSql(table)} AS total`)).rows;
  return row ?? NO_COUNTS;
}

/** A database or a transaction: what the readers need. */
type Reader = Pick<Database, 'select' | 'execute'>;

/**
 * One page newest first: the rows past the cursor (limit + 1 of them, the extra one only saying
 * whether more follow), and on the first page the total, in the same snapshot. Later pages answer
 * the total the first page counted, carried in the cursor with the filter's digest.
 */
async function pageOf<R extends { id: string; cursorAt: string }, T>(
  db: Database,
  query: DetailPageQuery,
  filter: readonly unknown[],
  read: (tx: Reader, after: Position | undefined, limit: number) => Promise<R[]>,
  counts: (tx: Reader) => Promise<Counts>,
  rowOf: (row: R) => T,
): Promise<{ success: true; data: T[]; nextCursor: string | null; total: number }> {
  const digest = filterDigest(filter);
  const after = query.cursor ? decodeCursor(query.cursor, NEWEST_FIRST, digest, isCursorDate) : undefined;
  return db.transaction(
    async (tx) => {
      const rows = await read(tx, after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const { total } = after ?? (await counts(tx));
      const last = page.at(-1);
      const nextCursor =
        rows.length > query.limit && last
          ? encodeCursor({
              ...NEWEST_FIRST,
              value: last.cursorAt,
              id: last.id,
              filter: digest,
              total,
            })
          : null;
      return { success: true as const, data: page.map(rowOf), nextCursor, total };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The rows with the state the ledger gives each (recordStanding,
 * docs/decisions/052-what-a-record-says.md), and what it received for each: one statement for the
 * rows, on the indexes of their payments.
 */
async function withStandings<T extends { id: string; status: string }>(
  db: Pick<Database, 'execute'>,
  kinds: readonly PaymentKind[],
  rows: readonly T[],
): Promise<(T & { state: string; paidCents: number })[]> {
  const standings = await standingsOf(
    db,
    rows.map((row) => ({ kinds, id: row.id, status: row.status })),
  );
  return rows.map((row) => {
    const standing = standings.get(row.id);
    return { ...row, state: standing?.state ?? row.status, paidCents: standing?.originalCents ?? 0 };
  });
}
const GIFT_KINDS = ['donation', 'recurring_donation'] as const satisfies readonly PaymentKind[];
const withoutPaid = <T extends { paidCents: number }>({ paidCents: _, ...row }: T) => row;

// Contributions (/admin/contributors).

const contributionColumns = {
  id: donations.id,
  firstName: donations.firstName,
  lastName: donations.lastName,
  email: donations.email,
  phone: donations.phone,
  amount: donations.amount,
  status: donations.status,
  paymentMethod: donations.paymentMethod,
  isRecurring: donations.isRecurring,
  payTheoryPaymentId: donations.payTheoryPaymentId,
  createdAt: donations.createdAt,
};
type ContributionSelected = Omit<ContributionDetail, 'createdAt'> & { createdAt: Date };

const contributionOf = (r: ContributionSelected): ContributionDetail => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

const readContributions = (db: Reader, after: Position | undefined, limit: number) =>
  db
    .select({ ...contributionColumns, cursorAt: cursorAtOf(donations) })
    .from(donations)
    .where(pastPosition(donations, after))
    .orderBy(...newestFirst(donations))
    .limit(limit);

/** The newest DETAIL_UNPAGED_LIMIT donations for GET /api/admin/contributors-detail. */
export async function listContributionDetails(db: Database): Promise<ContributionDetail[]> {
  const rows = await readContributions(db, undefined, DETAIL_UNPAGED_LIMIT);
  const data = rows.map(({ cursorAt: _, ...r }) => contributionOf(r));
  return (await withStandings(db, GIFT_KINDS, data)).map(withoutPaid);
}

export async function listContributionDetailsPage(
  db: Database,
  query: DetailPageQuery,
): Promise<ContributionDetailPage> {
  const page = await pageOf(
    db,
    query,
    ['contributions'],
    readContributions,
    (tx) => keptCounts(tx, donations),
    ({ cursorAt: _, ...r }) => contributionOf(r),
  );
  return { ...page, data: (await withStandings(db, GIFT_KINDS, page.data)).map(withoutPaid) };
}

// Memberships (/admin/members).

const memberColumns = {
  id: memberships.id,
  firstName: memberships.firstName,
  lastName: memberships.lastName,
  email: memberships.email,
  phone: memberships.phone,
  status: memberships.status,
  paymentMethod: memberships.paymentMethod,
  payTheoryPaymentId: memberships.payTheoryPaymentId,
  createdAt: memberships.createdAt,
  waiverAccepted: memberships.waiverAccepted,
  waiverAcceptedAt: memberships.waiverAcceptedAt,
  waiverVersion: memberships.waiverVersion,
  planCents: memberships.planCents,
};
type MemberSelected = Omit<MemberDetail, 'amount' | 'isRecurring' | 'createdAt' | 'waiverAcceptedAt'> & {
  createdAt: Date;
  waiverAcceptedAt: Date | null;
  planCents: number;
};

/**
 * A membership with the waiver: a card plan is its monthly amount (the stored `plan_cents`,
 * docs/decisions/035), recurring; an application without a card is '0.00', not recurring
 * (docs/decisions/017).
 */
const memberOf = ({ planCents, ...r }: MemberSelected): MemberDetail => ({
  ...r,
  amount: formatCents(planCents),
  isRecurring: planCents > 0,
  createdAt: r.createdAt.toISOString(),
  waiverAcceptedAt: r.waiverAcceptedAt?.toISOString() ?? null,
});

/** Memberships newest first with their stored plan amount, from the (created_at, id) index in order. */
const readMembers = (db: Reader, after: Position | undefined, limit: number) =>
  db
    .select({ ...memberColumns, cursorAt: cursorAtOf(memberships) })
    .from(memberships)
    .where(pastPosition(memberships, after))
    .orderBy(...newestFirst(memberships))
    .limit(limit);

/** The newest DETAIL_UNPAGED_LIMIT memberships for GET /api/admin/members-detail. */
export async function listMemberDetails(db: Database): Promise<MemberDetail[]> {
  const rows = await readMembers(db, undefined, DETAIL_UNPAGED_LIMIT);
  const data = rows.map(({ cursorAt: _, ...r }) => memberOf(r));
  return (await withStandings(db, ['membership'], data)).map(withoutPaid);
}

export async function listMemberDetailsPage(db: Database, query: DetailPageQuery): Promise<MemberDetailPage> {
  const page = await pageOf(
    db,
    query,
    ['memberships'],
    readMembers,
    (tx) => keptCounts(tx, memberships),
    ({ cursorAt: _, ...r }) => memberOf(r),
  );
  return { ...page, data: (await withStandings(db, ['membership'], page.data)).map(withoutPaid) };
}

// Event registrations (/admin/events).

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
const ofEvent = (eventId: string | undefined) =>
  eventId === undefined ? undefined : eq(eventRegistrations.eventId, eventId);

/**
 * Registrations newest first with their event. With an event, the condition and the order are
 * (event_id, created_at, id): the shape of an index on those three columns, which serves each
 * event's pages as a range scan; without one, event_registrations_created_at_id_idx does.
 */
const readRegistrations =
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
function registrationsOf(rows: readonly RegistrationSelected[]): RegistrationDetail[] {
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

/** The newest DETAIL_UNPAGED_LIMIT registrations with their events for GET /api/admin/event-registrations. */
export async function listRegistrationDetails(db: Database): Promise<RegistrationDetail[]> {
  const rows = registrationsOf(await readRegistrations(undefined)(db, undefined, DETAIL_UNPAGED_LIMIT));
  return withStandings(db, ['registration'], rows);
}

/** A page of one event's registrations (or of all), newest first. */
export async function listRegistrationDetailsPage(
  db: Database,
  query: RegistrationsPageQuery,
): Promise<RegistrationDetailPage> {
  const page = await pageOf(
    db,
    query,
    ['registrations', query.eventId],
    readRegistrations(query.eventId),
    async (tx) => (await tx.select(countsOf()).from(eventRegistrations).where(ofEvent(query.eventId)))[0] ?? NO_COUNTS,
    (row) => row,
  );
  return { ...page, data: await withStandings(db, ['registration'], registrationsOf(page.data)) };
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

// Check-in at the door.

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

// Recipients of a bulk message.

/**
 * The distinct addresses of a table's rows (one per recipientKey, the first in byte order), in
 * address order: an aggregate over the e-mail column only, whatever the number of records.
 */
async function recipientsOf(db: Reader, table: PgTable, email: AnyPgColumn, where?: SQL): Promise<string[]> {
  const key = recipientKey(email);
  const rows = await db.execute<{ email: string }>(sql`
    SELECT min(${email}) AS email FROM ${table} ${where ? sql`WHERE ${where}` : sql``}
     GROUP BY ${key} ORDER BY ${key}`);
  return rows.rows.map((r) => r.email);
}

export const contributionRecipients = (db: Reader) => recipientsOf(db, donations, donations.email);
export const memberRecipients = (db: Reader) => recipientsOf(db, memberships, memberships.email);
export const registrationRecipients = (db: Reader, eventId: string | undefined) =>
  recipientsOf(db, eventRegistrations, eventRegistrations.email, ofEvent(eventId));

/**
 * How many addresses recipientsOf answers, by one aggregate. It reads every row's address (about
 * 1.3 s for 500,000 donations on the development machine), so it is a route of its own, asked
 * beside the first page, never part of it (docs/decisions/034).
 */
async function recipientCountOf(db: Reader, table: PgTable, email: AnyPgColumn, where?: SQL): Promise<number> {
  const rows = await db.execute<{ count: number }>(sql`
    SELECT count(DISTINCT ${recipientKey(email)})::int AS count FROM ${table} ${where ? sql`WHERE ${where}` : sql``}`);
  return rows.rows[0]?.count ?? 0;
}

export const contributionRecipientCount = (db: Reader) => recipientCountOf(db, donations, donations.email);
export const memberRecipientCount = (db: Reader) => recipientCountOf(db, memberships, memberships.email);
export const registrationRecipientCount = (db: Reader, eventId: string | undefined) =>
  recipientCountOf(db, eventRegistrations, eventRegistrations.email, ofEvent(eventId));
