import { formatCents } from '@pillars/contracts';
import {
  type ContributionDetail,
  type MemberDetail,
  RECORD_LISTS,
  RECORD_LIST_UNPAGED_LIMIT,
  type RecordListName,
  type RecordListOf,
  type DetailPageQuery,
  type RegistrationDetail,
  type RegistrationsPageQuery,
} from '@pillars/contracts/admin';
import { type Database, type PaymentKind, donations, eventRegistrations, memberships } from '@pillars/platform/db';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Position } from './keyset-cursor';
import {
  type Keyed,
  type ReadRows,
  type Reader,
  cursorAtOf,
  keptCounts,
  newestFirst,
  pageOf,
  pastPosition,
  withStandings,
  withoutCursor,
  withoutPaid,
} from './record-list-paging';
import { recipientCountOf, recipientsOf } from './record-list-recipients.service';
import { ofEvent, readRegistrations, registrationsOf, registrationsPage } from './registrations-list.service';

/**
 * The admin's record lists as the API serves them (docs/decisions/034), one reader per list of
 * RECORD_LISTS: its newest RECORD_LIST_UNPAGED_LIMIT rows, its pages, and the recipients of a
 * message to all of it. Which table, which payment kinds and which query each list has come from
 * its description.
 */

/** The narrowing a list's recipients take: one event's registrations, or all. */
export type RecipientScope = { eventId?: string | undefined };

/** A list's rows with the ledger's state: its newest, a page of them, its recipients and how many. */
export type RecordListService<Query, Row> = {
  unpaged(db: Database): Promise<Row[]>;
  page(db: Database, query: Query): Promise<{ success: true; data: Row[]; nextCursor: string | null; total: number }>;
  recipients(db: Reader, scope: RecipientScope): Promise<string[]>;
  recipientCount(db: Reader, scope: RecipientScope): Promise<number>;
};

/** The record tables by the names the descriptions give them. */
const TABLES = { donations, memberships, event_registrations: eventRegistrations } as const satisfies Record<
  RecordListOf<RecordListName>['table'],
  PgTable & Keyed
>;

const kindsOf = (name: RecordListName): readonly PaymentKind[] => RECORD_LISTS[name].paymentKinds;

/**
 * A list of one table's rows as they are, unscoped: its rows with the ledger's state (and not what
 * it received), its total from the table's kept count, every address of the table.
 */
function tableList<R, Row extends { id: string; status: string }>(
  name: 'contributions' | 'members',
  cursorName: string,
  read: ReadRows<R & { id: string; cursorAt: string }>,
  rowOf: (row: R) => Row,
): RecordListService<DetailPageQuery, Row & { state: string }> {
  const table = TABLES[RECORD_LISTS[name].table];
  const withStates = async (db: Database, rows: Row[]) =>
    (await withStandings(db, kindsOf(name), rows)).map((row) => withoutPaid(row) as Row & { state: string });
  return {
    unpaged: async (db) =>
      withStates(
        db,
        (await read(db, undefined, RECORD_LIST_UNPAGED_LIMIT)).map((r) => rowOf(withoutCursor(r) as R)),
      ),
    page: async (db, query) => {
      const page = await pageOf(
        db,
        query,
        [cursorName],
        read,
        (tx) => keptCounts(tx, table),
        (r) => rowOf(withoutCursor(r) as R),
      );
      return { ...page, data: await withStates(db, page.data) };
    },
    recipients: (db) => recipientsOf(db, table, table.email),
    recipientCount: (db) => recipientCountOf(db, table, table.email),
  };
}

/** Rows of a record table newest first, from its (created_at, id) index in order. */
const readNewest =
  <C extends SelectedFields>(table: PgTable & Keyed, columns: C) =>
  (db: Reader, after: Position | undefined, limit: number) =>
    db
      .select({ ...columns, cursorAt: cursorAtOf(table) })
      .from(table)
      .where(pastPosition(table, after))
      .orderBy(...newestFirst(table))
      .limit(limit);

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
type ContributionSelected = Omit<ContributionDetail, 'createdAt' | 'state'> & { createdAt: Date };

const contributionOf = (r: ContributionSelected) => ({ ...r, createdAt: r.createdAt.toISOString() });

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
type MemberSelected = Omit<MemberDetail, 'amount' | 'isRecurring' | 'createdAt' | 'waiverAcceptedAt' | 'state'> & {
  createdAt: Date;
  waiverAcceptedAt: Date | null;
  planCents: number;
};

/**
 * A membership with the waiver: a card plan is its monthly amount (the stored `plan_cents`,
 * docs/decisions/035), recurring; an application without a card is '0.00', not recurring
 * (docs/decisions/017).
 */
const memberOf = ({ planCents, ...r }: MemberSelected) => ({
  ...r,
  amount: formatCents(planCents),
  isRecurring: planCents > 0,
  createdAt: r.createdAt.toISOString(),
  waiverAcceptedAt: r.waiverAcceptedAt?.toISOString() ?? null,
});

/** Registrations keep what the ledger received: the page shows an unpaid fee as due, never as paid. */
const registrationsList: RecordListService<RegistrationsPageQuery, RegistrationDetail> = {
  unpaged: async (db) =>
    withStandings(
      db,
      kindsOf('registrations'),
      registrationsOf(await readRegistrations(undefined)(db, undefined, RECORD_LIST_UNPAGED_LIMIT)),
    ),
  page: async (db, query) => {
    const page = await registrationsPage(db, query);
    return { ...page, data: await withStandings(db, kindsOf('registrations'), page.data) };
  },
  recipients: (db, { eventId }) => recipientsOf(db, eventRegistrations, eventRegistrations.email, ofEvent(eventId)),
  recipientCount: (db, { eventId }) =>
    recipientCountOf(db, eventRegistrations, eventRegistrations.email, ofEvent(eventId)),
};

/** Each list's reader, by the list's name. */
export const RECORD_LIST_SERVICES = {
  contributions: tableList(
    'contributions',
    'contributions',
    readNewest(donations, contributionColumns),
    contributionOf,
  ),
  members: tableList('members', 'memberships', readNewest(memberships, memberColumns), memberOf),
  registrations: registrationsList,
} satisfies Record<RecordListName, RecordListService<never, unknown>>;
