import { MEMBERSHIP_PRICE_CENTS } from '@pillars/shared/contracts';
import {
  CONTRIBUTOR_SORT_FIRST_DIRECTION,
  type ContributorRow,
  type ContributorSortKey,
  type ContributorType,
  type ContributorsFilter,
  type ContributorsPage,
  type ContributorsPageQuery,
  type ContributorsSummaryResponse,
  type SortDirection,
} from '@pillars/shared/contracts/admin';
import {
  type Database,
  contributorNameKey,
  contributorSearchText,
  donationDetailsSql,
  donations,
  eventRegistrations,
  events,
  membershipDetailsSql,
  memberships,
  type PaymentKind,
  payments,
  registrationDollarsSql,
  transactions,
} from '@pillars/shared/db';
import { dollarsToCents } from '@pillars/shared/money';
import { type SQL, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type ContributorSqlRow,
  contributorRowOf,
  FREE_REGISTRATION_METHOD,
  membershipHasPlanJoined as membershipHasPlan,
  membershipsWithPlanSql,
  registrationDetails,
  signedCentsSql,
  summaryOf,
} from './contributors.service';
import {
  type KeysetCursor,
  type Position,
  cursorDateText,
  decodeCursor,
  encodeCursor,
  filterDigest,
  isCursorDate,
} from './keyset-cursor';

/**
 * The admin's contributor list computed in SQL (docs/decisions/031): filters, sort and keyset
 * pagination run in each of the three record tables, on the indexes of migration 0011, and the
 * three ordered branches are merged by one UNION ALL ... ORDER BY ... LIMIT.
 */

/** One kind of record as the list sees it: its table, its row expressions and its payment kinds. */
type Branch = {
  type: ContributorType;
  table: PgTable;
  /** The FROM clause the row expressions need (the table, or the table and its joins). */
  from: SQL;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  payTheoryPaymentId: AnyPgColumn;
  kinds: readonly PaymentKind[];
  /** The amount in dollars, exact (numeric). */
  dollars: SQL;
  nameKey: SQL;
  searchText: SQL;
  /** Other ways the search box matches this kind (a registration's event title), given the pattern. */
  extraSearch?: (pattern: string) => SQL;
  /** The SELECT list of a ContributorRow, without created_at. */
  columns: SQL;
};

const membershipDollars = sql`(CASE WHEN ${membershipHasPlan} THEN ${MEMBERSHIP_PRICE_CENTS / 100} ELSE 0 END)::numeric`;
const registrationDollars = registrationDollarsSql(eventRegistrations.paymentAmount);
const registrationFee = sql`coalesce(${eventRegistrations.paymentAmount}, 0)`;

const BRANCHES: readonly Branch[] = [
  {
    type: 'Contribution',
    table: donations,
    from: sql`${donations}`,
    id: donations.id,
    createdAt: donations.createdAt,
    payTheoryPaymentId: donations.payTheoryPaymentId,
    kinds: ['donation', 'recurring_donation'],
    dollars: sql`${donations.amount}`,
    nameKey: contributorNameKey(donations),
    searchText: contributorSearchText(donations, donationDetailsSql(donations.isRecurring)),
    columns: sql`${donations.id} AS id, ${donations.firstName} AS first_name, ${donations.lastName} AS last_name,
      ${donations.email} AS email, ${donations.phone} AS phone, 'Contribution' AS type,
      ${donations.amount}::float8 AS amount, ${donations.status} AS status, ${donations.paymentMethod} AS payment_method,
      ${donations.isRecurring} AS is_recurring, ${donations.payTheoryPaymentId} AS pay_theory_payment_id,
      ${donationDetailsSql(donations.isRecurring)} AS details, NULL::uuid AS event_id, NULL::text AS selected_tier`,
  },
  {
    type: 'Membership',
    table: memberships,
    from: membershipsWithPlanSql,
    id: memberships.id,
    createdAt: memberships.createdAt,
    payTheoryPaymentId: memberships.payTheoryPaymentId,
    kinds: ['membership'],
    dollars: membershipDollars,
    nameKey: contributorNameKey(memberships),
    searchText: contributorSearchText(memberships, membershipDetailsSql(memberships.message)),
    columns: sql`${memberships.id} AS id, ${memberships.firstName} AS first_name, ${memberships.lastName} AS last_name,
      ${memberships.email} AS email, ${memberships.phone} AS phone, 'Membership' AS type,
      ${membershipDollars}::float8 AS amount, ${memberships.status} AS status,
      ${memberships.paymentMethod} AS payment_method, ${membershipHasPlan} AS is_recurring,
      ${memberships.payTheoryPaymentId} AS pay_theory_payment_id, ${membershipDetailsSql(memberships.message)} AS details,
      NULL::uuid AS event_id, NULL::text AS selected_tier`,
  },
  {
    type: 'Event Registration',
    table: eventRegistrations,
    from: sql`${eventRegistrations}`,
    id: eventRegistrations.id,
    createdAt: eventRegistrations.createdAt,
    payTheoryPaymentId: eventRegistrations.payTheoryPaymentId,
    kinds: ['registration'],
    dollars: registrationDollars,
    nameKey: contributorNameKey(eventRegistrations),
    searchText: contributorSearchText(eventRegistrations, sql`''`),
    extraSearch: (pattern) =>
      sql`${eventRegistrations.eventId} IN (SELECT ${events.id} FROM ${events} WHERE lower(${events.title}) LIKE ${pattern})`,
    columns: sql`${eventRegistrations.id} AS id, ${eventRegistrations.firstName} AS first_name,
      ${eventRegistrations.lastName} AS last_name, ${eventRegistrations.email} AS email,
      ${eventRegistrations.phone} AS phone, 'Event Registration' AS type, ${registrationDollars}::float8 AS amount,
      ${eventRegistrations.status} AS status,
      CASE WHEN ${registrationFee} > 0 THEN 'card' ELSE ${FREE_REGISTRATION_METHOD} END AS payment_method,
      false AS is_recurring, ${eventRegistrations.payTheoryPaymentId} AS pay_theory_payment_id, '' AS details,
      ${eventRegistrations.eventId} AS event_id, ${eventRegistrations.selectedTier} AS selected_tier`,
  },
];

/** A LIKE pattern matching `term` anywhere, the term's `\`, `%` and `_` standing for themselves. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A search that looks like a phone number also matches the phone's digits, whatever their formatting. */
const PHONE_LIKE = /^[\d\s().+-]+$/;

/** What a count over the filter reads: the joins only when the amount (a membership's plan) is filtered. */
const countFrom = (branch: Branch, filter: ContributorsFilter): SQL =>
  filter.amount ? branch.from : sql`${branch.table}`;

function branchesOf(filter: ContributorsFilter): readonly Branch[] {
  return filter.type ? BRANCHES.filter((b) => b.type === filter.type) : BRANCHES;
}

/** The filter's conditions on one branch (all ANDed); none means every row. */
function filterConditions(branch: Branch, filter: ContributorsFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    const arms = [sql`${branch.searchText} LIKE ${pattern}`];
    const digits = filter.q.replace(/\D/g, '');
    if (digits && PHONE_LIKE.test(filter.q)) arms.push(sql`${branch.searchText} LIKE ${`%${digits}%`}`);
    if (branch.extraSearch) arms.push(branch.extraSearch(pattern));
    conditions.push(sql`(${sql.join(arms, sql` OR `)})`);
  }
  if (filter.transactionId) {
    const pattern = containsPattern(filter.transactionId);
    // The search text holds the payment id, so its trigram index narrows the rows first.
    conditions.push(sql`${branch.searchText} LIKE ${pattern} AND lower(${branch.payTheoryPaymentId}) LIKE ${pattern}`);
  }
  if (filter.amount) {
    const cents = dollarsToCents(Number(filter.amount.replace(/^\$/, '')));
    conditions.push(sql`${branch.dollars} = ${(cents / 100).toFixed(2)}::numeric`);
  }
  return conditions;
}

const whereOf = (conditions: SQL[]) => (conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``);

/** The sort key of a branch, and how a cursor's text value is cast back to it. */
function sortKeyOf(branch: Branch, sort: ContributorSortKey): SQL {
  switch (sort) {
    case 'date':
      return sql`${branch.createdAt}`;
    case 'amount':
      return branch.dollars;
    case 'name':
      return branch.nameKey;
  }
}
/** The sort value as cursor text: a date to the microsecond in UTC, an amount or a name as written. */
function cursorTextOf(sort: ContributorSortKey): SQL {
  return sort === 'date' ? cursorDateText(sql.raw('sort_key')) : sql.raw('sort_key::text');
}
function cursorValueSql(sort: ContributorSortKey, value: string): SQL {
  switch (sort) {
    case 'date':
      return sql`${value}::timestamptz`;
    case 'amount':
      return sql`${value}::numeric`;
    case 'name':
      return sql`(${value} COLLATE "C")`;
  }
}

/** A next page's cursor (keyset-cursor.ts): the order, the position, the filters' digest and the total. */
type Cursor = KeysetCursor<Order>;

/** A digest of the filters: a cursor only continues the query that wrote it. */
const digestOf = (filter: ContributorsFilter): string =>
  filterDigest([filter.q, filter.type, filter.transactionId, filter.amount]);

/** The cursor's position; a cursor of another sort, direction or filter, or not ours, is a 400. */
function decodeContributorsCursor(text: string, order: Order, filter: string): Cursor {
  return decodeCursor(text, order, filter, (value) =>
    order.sort === 'date' ? isCursorDate(value) : order.sort === 'amount' ? /^-?\d+(\.\d+)?$/.test(value) : true,
  );
}

type PageSqlRow = ContributorSqlRow & { cursor_value: string };

type Order = { sort: ContributorSortKey; direction: SortDirection };

/** The query's direction, or the column's first direction (product rule). */
const orderOf = (query: { sort: ContributorSortKey; direction?: SortDirection | undefined }): Order => ({
  sort: query.sort,
  direction: query.direction ?? CONTRIBUTOR_SORT_FIRST_DIRECTION[query.sort],
});

/**
 * Up to `limit` rows past `after` in the order: every branch filtered, past the position and
 * ordered by (sort key, id) on its own index, at most limit + 1 rows each; the merge keeps limit + 1
 * (the extra row only says whether more follow). The id breaks ties, so the order is total and no
 * row is repeated or skipped across pages. Ids are random UUIDs: unique across the three tables in
 * practice (docs/decisions/031).
 */
async function readRows(
  db: Pick<Database, 'execute' | 'select'>,
  filter: ContributorsFilter,
  { sort, direction }: Order,
  after: Position | undefined,
  limit: number,
): Promise<{ rows: ContributorRow[]; last: Position | undefined; more: boolean }> {
  const dir = sql.raw(direction === 'asc' ? 'ASC' : 'DESC');
  const past = sql.raw(direction === 'asc' ? '>' : '<');
  const selects = branchesOf(filter).map((branch) => {
    const key = sortKeyOf(branch, sort);
    const conditions = filterConditions(branch, filter);
    if (after)
      conditions.push(sql`(${key}, ${branch.id}) ${past} (${cursorValueSql(sort, after.value)}, ${after.id}::uuid)`);
    return sql`(SELECT ${branch.columns}, ${branch.createdAt} AS sort_at, ${key} AS sort_key
       FROM ${branch.from} ${whereOf(conditions)}
       ORDER BY ${key} ${dir}, ${branch.id} ${dir} LIMIT ${limit + 1})`;
  });
  const rows = (
    await db.execute<PageSqlRow>(sql`
      SELECT id, first_name, last_name, email, phone, type, amount, status, payment_method, is_recurring,
             pay_theory_payment_id, details, event_id, selected_tier,
             to_char(sort_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
             ${cursorTextOf(sort)} AS cursor_value
        FROM (${sql.join(selects, sql` UNION ALL `)}) AS contributors
       ORDER BY sort_key ${dir}, id ${dir}
       LIMIT ${limit + 1}`)
  ).rows;
  const page = rows.slice(0, limit);
  const eventIds = [...new Set(page.flatMap((r) => (r.event_id ? [r.event_id] : [])))];
  const eventRows = eventIds.length
    ? await db
        .select({ id: events.id, title: events.title, pricingTiers: events.pricingTiers })
        .from(events)
        .where(inArray(events.id, eventIds))
    : [];
  const detailsOf = registrationDetails(eventRows);
  const last = page.at(-1);
  return {
    rows: page.map(contributorRowOf(detailsOf)),
    last: last ? { value: last.cursor_value, id: last.id } : undefined,
    more: rows.length > limit,
  };
}

/** How many rows the filter matches: a count per table, each on its own indexes. */
async function countRows(db: Pick<Database, 'execute'>, filter: ContributorsFilter): Promise<number> {
  const counts = branchesOf(filter).map(
    (branch) =>
      sql`SELECT count(*) AS n FROM ${countFrom(branch, filter)} ${whereOf(filterConditions(branch, filter))}`,
  );
  const [counted] = (
    await db.execute<{ total: string }>(
      sql`SELECT coalesce(sum(n), 0)::bigint::text AS total FROM (${sql.join(counts, sql` UNION ALL `)}) AS c`,
    )
  ).rows;
  return Number(counted?.total ?? 0);
}

/** One page of the list and the total matching (counted by the first page, in its snapshot). */
export async function listContributorsPage(db: Database, query: ContributorsPageQuery): Promise<ContributorsPage> {
  const order = orderOf(query);
  const filter = digestOf(query);
  const after = query.cursor ? decodeContributorsCursor(query.cursor, order, filter) : undefined;
  return db.transaction(
    async (tx) => {
      const { rows, last, more } = await readRows(tx, query, order, after, query.limit);
      const total = after ? after.total : await countRows(tx, query);
      return {
        success: true,
        contributors: rows,
        nextCursor: more && last ? encodeCursor({ ...order, ...last, filter, total }) : null,
        total,
      } satisfies ContributorsPage;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Rows one statement of the export reads: a few hundred KiB in memory at a time. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Every row the filter matches, in the order, EXPORT_BATCH_ROWS at a time: each batch is one keyset
 * statement of its own (no transaction held open for the whole export), so memory stays constant
 * and the caller reads the next batch only when it wants it. Rows added during the export after
 * the batch that would hold them are not in it; no row is repeated or skipped.
 */
export async function* contributorBatches(
  db: Database,
  query: ContributorsFilter & { sort: ContributorSortKey; direction?: SortDirection | undefined },
): AsyncGenerator<ContributorRow[]> {
  const order = orderOf(query);
  let after: Position | undefined;
  for (;;) {
    const { rows, last, more } = await readRows(db, query, order, after, EXPORT_BATCH_ROWS);
    if (rows.length) yield rows;
    if (!more || !last) return;
    after = last;
  }
}

const hasFilter = (filter: ContributorsFilter) =>
  Boolean(filter.q || filter.type || filter.transactionId || filter.amount);

/**
 * The summary cards over the rows the filters match, by aggregates only: a count per kind, and
 * the money received (LEDGER_SIGNS) by the payments of the matching records. Without a filter it
 * is the dashboard's own summary (every record, the whole ledger).
 */
export async function contributorsSummary(
  db: Database,
  filter: ContributorsFilter,
): Promise<ContributorsSummaryResponse> {
  if (!hasFilter(filter)) {
    return { success: true, summary: await summaryOf(db) };
  }
  const branches = branchesOf(filter);
  const countOf = (type: ContributorType) => {
    const branch = branches.find((b) => b.type === type);
    return branch
      ? sql`(SELECT count(*)::int FROM ${countFrom(branch, filter)} ${whereOf(filterConditions(branch, filter))})`
      : sql`0`;
  };
  const moneyOf = branches.map((branch) => {
    const matching = sql`(SELECT ${branch.id} FROM ${countFrom(branch, filter)} ${whereOf(filterConditions(branch, filter))})`;
    const viaPayment = sql`(${payments.kind} IN (${sql.join(
      branch.kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) AND ${payments.recordId} IN ${matching})`;
    // Ledger rows older than payment_id name their donation directly.
    return branch.type === 'Contribution'
      ? sql`(${viaPayment} OR (${transactions.paymentId} IS NULL AND ${transactions.donationId} IN ${matching}))`
      : viaPayment;
  });
  const [row] = (
    await db.execute<{ donations: number; memberships: number; registrations: number; received_cents: string }>(sql`
      SELECT ${countOf('Contribution')} AS donations, ${countOf('Membership')} AS memberships,
             ${countOf('Event Registration')} AS registrations,
             (SELECT coalesce(sum(${signedCentsSql()}), 0) FROM ${transactions}
                LEFT JOIN ${payments} ON ${payments.id} = ${transactions.paymentId}
               WHERE ${sql.join(moneyOf, sql` OR `)})::bigint::text AS received_cents`)
  ).rows;
  return {
    success: true,
    summary: {
      totalContributors: (row?.donations ?? 0) + (row?.memberships ?? 0) + (row?.registrations ?? 0),
      totalDonations: row?.donations ?? 0,
      totalMemberships: row?.memberships ?? 0,
      totalEventRegistrations: row?.registrations ?? 0,
      totalAmount: Number(row?.received_cents ?? 0) / 100,
    },
  };
}
