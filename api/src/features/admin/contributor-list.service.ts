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
} from '@pillars/contracts/admin';
import {
  type Database,
  contributorNameKey,
  contributorSearchText,
  donationDetailsSql,
  donations,
  eventRegistrations,
  events,
  membershipApplications,
  membershipDetailsSql,
  membershipInterestDetailsSql,
  memberships,
  type PaymentKind,
  payments,
  centsAsDollarsSql,
  disputes,
  transactions,
} from '@pillars/platform/db';
import { parsePricingTiers, paymentIdRangeOfReference } from '@pillars/contracts';
import { declinedSql, dollarsToCents, kindsArraySql, recordsWithLedgerStates } from '@pillars/money';
import { type SQL, between, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type ContributorSqlRow,
  type ContributorsSummary,
  contributorRowOf,
  receivedCentsSql,
  recordCountSql,
  FREE_REGISTRATION_METHOD,
  membershipDollarsSql,
  membershipHasPlan,
  registrationDetails,
  signedCentsSql,
  summaryOf,
  summaryFrom,
  type SummarySqlRow,
  countedSql,
  peopleSql,
  withLedgerStates,
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

/** One kind of record as the list sees it: its table, its row expressions and its payment kinds (none for one never paid). */
type Branch = {
  type: ContributorType;
  table: PgTable;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** The provider's payment id column; none for a kind that is never paid. */
  payTheoryPaymentId?: AnyPgColumn;
  /** The stored status, which the Declined and Cancelled filters read. */
  status: AnyPgColumn;
  kinds: readonly PaymentKind[];
  /** The amount in dollars, exact (numeric). */
  dollars: SQL;
  nameKey: SQL;
  searchText: SQL;
  /**
   * A registration's event and ticket type: its details ("{event title} - {tier name}") are not
   * in its search text but read from the event, so the search matches them through the event.
   */
  event?: { id: AnyPgColumn; tier: AnyPgColumn };
  /** The SELECT list of a ContributorRow, without created_at. */
  columns: SQL;
};

const registrationDollars = centsAsDollarsSql(eventRegistrations.paymentAmount);
const registrationFee = sql`coalesce(${eventRegistrations.paymentAmount}, 0)`;

const BRANCHES: readonly Branch[] = [
  {
    type: 'Contribution',
    table: donations,
    id: donations.id,
    createdAt: donations.createdAt,
    payTheoryPaymentId: donations.payTheoryPaymentId,
    status: donations.status,
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
    id: memberships.id,
    createdAt: memberships.createdAt,
    payTheoryPaymentId: memberships.payTheoryPaymentId,
    status: memberships.status,
    kinds: ['membership'],
    dollars: membershipDollarsSql,
    nameKey: contributorNameKey(memberships),
    searchText: contributorSearchText(memberships, membershipDetailsSql(memberships.message)),
    columns: sql`${memberships.id} AS id, ${memberships.firstName} AS first_name, ${memberships.lastName} AS last_name,
      ${memberships.email} AS email, ${memberships.phone} AS phone, 'Membership' AS type,
      ${membershipDollarsSql}::float8 AS amount, ${memberships.status} AS status,
      ${memberships.paymentMethod} AS payment_method, ${membershipHasPlan} AS is_recurring,
      ${memberships.payTheoryPaymentId} AS pay_theory_payment_id, ${membershipDetailsSql(memberships.message)} AS details,
      NULL::uuid AS event_id, NULL::text AS selected_tier`,
  },
  {
    type: 'Event Registration',
    table: eventRegistrations,
    id: eventRegistrations.id,
    createdAt: eventRegistrations.createdAt,
    payTheoryPaymentId: eventRegistrations.payTheoryPaymentId,
    status: eventRegistrations.status,
    kinds: ['registration'],
    dollars: registrationDollars,
    nameKey: contributorNameKey(eventRegistrations),
    searchText: contributorSearchText(eventRegistrations, sql`''`),
    event: { id: eventRegistrations.eventId, tier: eventRegistrations.selectedTier },
    columns: sql`${eventRegistrations.id} AS id, ${eventRegistrations.firstName} AS first_name,
      ${eventRegistrations.lastName} AS last_name, ${eventRegistrations.email} AS email,
      ${eventRegistrations.phone} AS phone, 'Event Registration' AS type, ${registrationDollars}::float8 AS amount,
      ${eventRegistrations.status} AS status,
      CASE WHEN ${registrationFee} > 0 THEN 'card' ELSE ${FREE_REGISTRATION_METHOD} END AS payment_method,
      false AS is_recurring, ${eventRegistrations.payTheoryPaymentId} AS pay_theory_payment_id, '' AS details,
      ${eventRegistrations.eventId} AS event_id, ${eventRegistrations.selectedTier} AS selected_tier`,
  },
  {
    // A membership application (docs/decisions/051-membership-interest.md): $0, no payment, not
    // recurring; its payment method reads 'none', since nothing was or will be charged for it.
    type: 'Membership Interest',
    table: membershipApplications,
    id: membershipApplications.id,
    createdAt: membershipApplications.createdAt,
    status: membershipApplications.status,
    kinds: [],
    dollars: sql`0::numeric`,
    nameKey: contributorNameKey(membershipApplications),
    searchText: contributorSearchText(
      membershipApplications,
      membershipInterestDetailsSql(membershipApplications.message),
    ),
    columns: sql`${membershipApplications.id} AS id, ${membershipApplications.firstName} AS first_name,
      ${membershipApplications.lastName} AS last_name, ${membershipApplications.email} AS email,
      ${membershipApplications.phone} AS phone, 'Membership Interest' AS type, 0::float8 AS amount,
      ${membershipApplications.status} AS status, 'none' AS payment_method, false AS is_recurring,
      NULL::text AS pay_theory_payment_id, ${membershipInterestDetailsSql(membershipApplications.message)} AS details,
      NULL::uuid AS event_id, NULL::text AS selected_tier`,
  },
];

/** A LIKE pattern matching `term` anywhere, the term's `\`, `%` and `_` standing for themselves. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A search that looks like a phone number also matches the phone's digits, whatever their formatting. */
const PHONE_LIKE = /^[\d\s().+-]+$/;

function branchesOf(filter: ContributorsFilter): readonly Branch[] {
  return filter.type ? BRANCHES.filter((b) => b.type === filter.type) : BRANCHES;
}

/** A payment a reference names: the kind and id of the record it pays for. */
type ReferencedRecord = { kind: PaymentKind; recordId: string };

/**
 * A filter as the statements apply it, with what its terms name looked up first:
 * - a term that is a payment's reference (`PAY-` and 10 hex digits, paymentIdRangeOfReference,
 *   docs/decisions/046) as the records whose payments' ids start with those digits: a range of the
 *   payments' primary key, a row or two. The term then matches those records alone, by their ids
 *   (`qReferenced`, `transactionIdReferenced`); undefined when the term is not a reference;
 * - for a search, the registrations' details it matches: the events whose title it matches (all
 *   their registrations) and the ticket types whose details ("{event title} - {tier name}",
 *   registrationDetails) it matches.
 * Given as values, the planner sees how few records they select: as a subquery (`event_id IN
 * (SELECT …)` in an OR) it could use no index and filtered every registration, and as `= ANY
 * (ARRAY(SELECT …))` it guessed a third of the table (docs/decisions/035). Every event is read for
 * it: a few hundred rows even for an old organisation, and its ticket types are JSON only the app
 * parses.
 */
export type Search = ContributorsFilter & {
  eventIds: readonly string[];
  eventTiers: readonly { eventId: string; tierId: string }[];
  qReferenced: readonly ReferencedRecord[] | undefined;
  transactionIdReferenced: readonly ReferencedRecord[] | undefined;
  /**
   * For the `disputed` status, the records whose payments have a dispute: few, so looked up first
   * and given as values like a reference's (docs/decisions/035 and 047-disputes.md); undefined otherwise.
   */
  disputedRecords: readonly ReferencedRecord[] | undefined;
  /**
   * For a state filter: the records the ledger gives a state of its own (refunded, partly refunded,
   * voided, disputed while open; recordsWithLedgerStates), all of them, and those in the asked
   * state. Few, so read first and given as values (docs/decisions/052-what-a-record-says.md);
   * undefined for no state filter.
   */
  ledgerStates: { all: readonly ReferencedRecord[]; asked: readonly ReferencedRecord[] } | undefined;
};

/** The ledger's records for a state filter other than disputed (which has its own, above). */
async function ledgerStatesOf(
  db: Pick<Database, 'execute'>,
  status: ContributorsFilter['status'],
): Promise<Search['ledgerStates']> {
  if (!status || status === 'disputed') return undefined;
  const records = await recordsWithLedgerStates(db);
  return {
    all: records,
    asked: records.filter((record) => record.standing.state === status),
  };
}

/** The records one of whose payments has a dispute recorded (the `disputed` status). */
async function disputedRecordsOf(
  db: Pick<Database, 'selectDistinct'>,
  status: ContributorsFilter['status'],
): Promise<readonly ReferencedRecord[] | undefined> {
  if (status !== 'disputed') return undefined;
  return db
    .selectDistinct({ kind: payments.kind, recordId: payments.recordId })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId));
}

/** The records whose payments the term names when it is a reference, else undefined. */
async function referencedRecords(
  db: Pick<Database, 'select'>,
  term: string | undefined,
): Promise<readonly ReferencedRecord[] | undefined> {
  const range = term === undefined ? undefined : paymentIdRangeOfReference(term);
  if (!range) return undefined;
  return db
    .select({ kind: payments.kind, recordId: payments.recordId })
    .from(payments)
    .where(between(payments.id, range.first, range.last));
}

export async function searchOf(
  db: Pick<Database, 'select' | 'selectDistinct' | 'execute'>,
  filter: ContributorsFilter,
): Promise<Search> {
  const none: Search = {
    ...filter,
    eventIds: [],
    eventTiers: [],
    qReferenced: await referencedRecords(db, filter.q),
    transactionIdReferenced: await referencedRecords(db, filter.transactionId),
    disputedRecords: await disputedRecordsOf(db, filter.status),
    ledgerStates: await ledgerStatesOf(db, filter.status),
  };
  if (!filter.q || none.qReferenced || !branchesOf(filter).some((b) => b.event)) return none;
  const term = filter.q.toLowerCase();
  const eventRows = await db
    .select({ id: events.id, title: events.title, pricingTiers: events.pricingTiers })
    .from(events);
  const detailsOf = registrationDetails(eventRows);
  const eventIds: string[] = [];
  const eventTiers: { eventId: string; tierId: string }[] = [];
  for (const event of eventRows) {
    if (event.title.toLowerCase().includes(term)) {
      eventIds.push(event.id);
      continue;
    }
    for (const tier of parsePricingTiers(event.pricingTiers)) {
      if (detailsOf(event.id, tier.id).toLowerCase().includes(term))
        eventTiers.push({ eventId: event.id, tierId: tier.id });
    }
  }
  return { ...none, eventIds, eventTiers };
}

/** The branch's records among those a reference names, by primary key; none matches no row. */
function referencedCondition(branch: Branch, referenced: readonly ReferencedRecord[]): SQL {
  const ids = referenced.filter((r) => branch.kinds.includes(r.kind)).map((r) => r.recordId);
  return ids.length ? sql`${branch.id} = ANY (${`{${ids.join(',')}}`}::uuid[])` : sql`false`;
}

/**
 * A state filter's condition (recordStanding's rule, docs/decisions/052-what-a-record-says.md): a
 * ledger state is its records, read first; Declined and Cancelled are the stored status (on the
 * record tables' status indexes) of records the ledger gives no state of its own, declined when the
 * newest attempt was declined (declinedSql, the expression the standing reads).
 */
function stateCondition(
  branch: Branch,
  status: ContributorsFilter['status'],
  ledgerStates: NonNullable<Search['ledgerStates']>,
): SQL {
  if (status !== 'declined' && status !== 'cancelled') return referencedCondition(branch, ledgerStates.asked);
  const ids = ledgerStates.all.filter((r) => branch.kinds.includes(r.kind)).map((r) => r.recordId);
  const notLedger = ids.length ? sql` AND NOT (${branch.id} = ANY (${`{${ids.join(',')}}`}::uuid[]))` : sql``;
  if (status === 'cancelled') return sql`(${branch.status} = 'cancelled'${notLedger})`;
  return sql`(${branch.status} IN ('pending', 'failed')${notLedger}
    AND ${declinedSql(kindsArraySql(branch.kinds), sql`${branch.id}`)})`;
}

/** The filter's conditions on one branch (all ANDed); none means every row. */
function filterConditions(branch: Branch, filter: Search): SQL[] {
  const conditions: SQL[] = [];
  if (filter.qReferenced) {
    conditions.push(referencedCondition(branch, filter.qReferenced));
  } else if (filter.q) {
    const pattern = containsPattern(filter.q);
    const arms = [sql`${branch.searchText} LIKE ${pattern}`];
    const digits = filter.q.replace(/\D/g, '');
    if (digits && PHONE_LIKE.test(filter.q)) arms.push(sql`${branch.searchText} LIKE ${`%${digits}%`}`);
    const { event } = branch;
    if (event) {
      if (filter.eventIds.length) arms.push(sql`${event.id} = ANY (${`{${filter.eventIds.join(',')}}`}::uuid[])`);
      for (const { eventId, tierId } of filter.eventTiers) {
        arms.push(sql`(${event.id} = ${eventId}::uuid AND ${event.tier} = ${tierId})`);
      }
    }
    conditions.push(sql`(${sql.join(arms, sql` OR `)})`);
  }
  if (filter.transactionIdReferenced) {
    conditions.push(referencedCondition(branch, filter.transactionIdReferenced));
  } else if (filter.transactionId) {
    const pattern = containsPattern(filter.transactionId);
    // The search text holds the payment id, so its trigram index narrows the rows first.
    conditions.push(
      branch.payTheoryPaymentId
        ? sql`${branch.searchText} LIKE ${pattern} AND lower(${branch.payTheoryPaymentId}) LIKE ${pattern}`
        : sql`false`,
    );
  }
  if (filter.disputedRecords) conditions.push(referencedCondition(branch, filter.disputedRecords));
  if (filter.ledgerStates) conditions.push(stateCondition(branch, filter.status, filter.ledgerStates));
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
  filterDigest([filter.q, filter.type, filter.transactionId, filter.amount, filter.status]);

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
 *
 * With `count`, the same statement also counts every matching row: each branch carries its own
 * count (`count(*) OVER ()`, taken before its LIMIT) on every row it returns, and a branch that
 * returns no row matched none. Only for a search (docs/decisions/035): there each branch reads all
 * its matches from the trigram index anyway, and a separate count would search a second time;
 * without one, a branch stops after limit + 1 rows of its index and a count of its own is cheaper.
 */
async function readRows(
  db: Pick<Database, 'execute' | 'select'>,
  filter: Search,
  { sort, direction }: Order,
  after: Position | undefined,
  limit: number,
  count = false,
): Promise<{ rows: ContributorRow[]; last: Position | undefined; more: boolean; total: number | undefined }> {
  const dir = sql.raw(direction === 'asc' ? 'ASC' : 'DESC');
  const past = sql.raw(direction === 'asc' ? '>' : '<');
  const selects = branchesOf(filter).map((branch) => {
    const key = sortKeyOf(branch, sort);
    const conditions = filterConditions(branch, filter);
    if (after)
      conditions.push(sql`(${key}, ${branch.id}) ${past} (${cursorValueSql(sort, after.value)}, ${after.id}::uuid)`);
    return sql`(SELECT ${branch.columns}, ${branch.createdAt} AS sort_at, ${key} AS sort_key,
              ${count ? sql`count(*) OVER ()` : sql`NULL::bigint`} AS branch_total
       FROM ${branch.table} ${whereOf(conditions)}
       ORDER BY ${key} ${dir}, ${branch.id} ${dir} LIMIT ${limit + 1})`;
  });
  const columns = sql`id, first_name, last_name, email, phone, type, amount, status, payment_method, is_recurring,
      pay_theory_payment_id, details, event_id, selected_tier,
      to_char(sort_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
      ${cursorTextOf(sort)} AS cursor_value`;
  const union = sql.join(selects, sql` UNION ALL `);
  // Without a count, a subquery: its ordered branches are merged (Merge Append) and read only as far
  // as the LIMIT. With one, the branches' rows are read twice, so once into a CTE (at most 3 × (limit + 1)).
  const statement = count
    ? sql`WITH contributors AS MATERIALIZED (${union})
      SELECT ${columns},
             (SELECT sum(branch_total) FROM (SELECT DISTINCT type, branch_total FROM contributors) AS b)::text AS total
        FROM contributors ORDER BY sort_key ${dir}, id ${dir} LIMIT ${limit + 1}`
    : sql`SELECT ${columns}, NULL::text AS total
        FROM (${union}) AS contributors ORDER BY sort_key ${dir}, id ${dir} LIMIT ${limit + 1}`;
  const rows = (await db.execute<PageSqlRow & { total: string | null }>(statement)).rows;
  const total = count ? Number(rows[0]?.total ?? 0) : undefined;
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
    rows: await withLedgerStates(db, page.map(contributorRowOf(detailsOf))),
    last: last ? { value: last.cursor_value, id: last.id } : undefined,
    more: rows.length > limit,
    total,
  };
}

/** Whether the filter searches text (the trigram indexes): then the page counts its matches itself. */
const searches = (filter: ContributorsFilter) => Boolean(filter.q || filter.transactionId);

/**
 * How many rows the filter matches: a count per table, each on its own indexes; a table the filter
 * does not narrow (no filter, or a type alone) from its kept count (recordCountSql).
 */
async function countRows(db: Pick<Database, 'execute'>, filter: Search): Promise<number> {
  const counts = branchesOf(filter).map((branch) => {
    const conditions = filterConditions(branch, filter);
    return conditions.length
      ? sql`SELECT count(*) AS n FROM ${branch.table} ${whereOf(conditions)}`
      : sql`SELECT ${recordCountSql(branch.table)} AS n`;
  });
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
      const search = await searchOf(tx, query);
      const {
        rows,
        last,
        more,
        total: counted,
      } = await readRows(tx, search, order, after, query.limit, !after && searches(query));
      const total = after ? after.total : (counted ?? (await countRows(tx, search)));
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
  const search = await searchOf(db, query);
  let after: Position | undefined;
  for (;;) {
    const { rows, last, more } = await readRows(db, search, order, after, EXPORT_BATCH_ROWS);
    if (rows.length) yield rows;
    if (!more || !last) return;
    after = last;
  }
}

const hasFilter = (filter: ContributorsFilter) =>
  Boolean(filter.q || filter.type || filter.transactionId || filter.amount || filter.status);

/**
 * The summary cards over the rows the filters match, by aggregates only: a count per kind, and
 * the money received (signedCentsSql) by the payments of the matching records. Without a filter it
 * is the dashboard's own summary (every record, the whole ledger).
 */
export async function contributorsSummary(
  db: Database,
  filter: ContributorsFilter,
): Promise<ContributorsSummaryResponse> {
  if (!hasFilter(filter)) {
    return { success: true, summary: await summaryOf(db) };
  }
  return db.transaction(
    async (tx) => ({ success: true, summary: await filteredSummary(tx, await searchOf(tx, filter)) }),
    {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    },
  );
}

async function filteredSummary(db: Pick<Database, 'execute'>, filter: Search): Promise<ContributorsSummary> {
  // Each kind's matching records are selected once (a CTE), then counted and followed to the ledger.
  // A kind the filter does not narrow (a type filter alone) is every record of its table: its count
  // is the kept one (countedSql: its counted statuses' kept counts), and its money that of every payment of its kinds, since every
  // payment is written with its record in one statement and records are never deleted
  // (docs/decisions/035).
  const branches = branchesOf(filter).map((branch) => {
    const conditions = filterConditions(branch, filter);
    const name = sql.raw(`matching_${branch.kinds[0] ?? getTableName(branch.table)}`);
    return { branch, conditions, name };
  });
  const narrowed = branches.filter((b) => b.conditions.length > 0);
  const ctes = narrowed.map(
    ({ branch, conditions, name }) =>
      sql`${name} AS MATERIALIZED (SELECT ${branch.id} AS id, ${branch.status} AS status,
        ${EMAIL_OF[branch.type]} AS email FROM ${branch.table} ${whereOf(conditions)})`,
  );
  // Each card counts its kind's matching records that it counts at all (COUNTED); a kind the
  // filter does not narrow, all of its table's.
  const sourceOf = (b: (typeof branches)[number]) => ({
    type: b.branch.type,
    from: b.conditions.length ? sql`${b.name}` : b.branch.table,
  });
  // Contributors are people who gave or paid: an applicant (a kind that is never paid) is not one.
  const contributing = branches.filter(({ branch }) => branch.kinds.length > 0);
  const countOf = (type: ContributorType) => {
    const b = branches.find(({ branch }) => branch.type === type);
    if (!b) return sql`0`;
    const { from } = sourceOf(b);
    return countedSql(type, from);
  };
  // The ledger rows of each kind's matching records. The parts are disjoint (a row has one payment, of
  // one kind; the older rows without payment_id only in the last part), so their sum counts each once.
  // A kind the filter does not narrow is all of its kinds' money: the kept total (receivedCentsSql),
  // which keys the older donation rows without a payment as 'donation'.
  const moneyParts = branches.flatMap(({ branch, conditions, name }) => {
    // A kind that is never paid (membership interest) has no money.
    if (branch.kinds.length === 0) return [];
    if (conditions.length === 0) return [sql`SELECT ${receivedCentsSql(branch.kinds)} AS cents`];
    const kinds = sql.join(
      branch.kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    const parts = [
      sql`SELECT ${signedCentsSql()} AS cents FROM ${transactions}
            JOIN ${payments} ON ${payments.id} = ${transactions.paymentId}
           WHERE ${payments.kind} IN (${kinds}) AND ${payments.recordId} IN (SELECT id FROM ${name})`,
    ];
    // Ledger rows older than payment_id name their donation directly (a foreign key: it exists).
    if (branch.type === 'Contribution') {
      parts.push(sql`SELECT ${signedCentsSql()} AS cents FROM ${transactions}
           WHERE ${transactions.paymentId} IS NULL AND ${transactions.donationId} IN (SELECT id FROM ${name})`);
    }
    return parts;
  });
  const [row] = (
    await db.execute<SummarySqlRow>(sql`
      ${ctes.length ? sql`WITH ${sql.join(ctes, sql`, `)}` : sql``}
      SELECT ${countOf('Contribution')} AS donations, ${countOf('Membership')} AS memberships,
             ${countOf('Event Registration')} AS registrations, ${peopleSql(contributing.map(sourceOf))} AS people,
             (SELECT coalesce(sum(cents), 0) FROM (${moneyParts.length ? sql.join(moneyParts, sql` UNION ALL `) : sql`SELECT 0 AS cents`}) AS ledger)::bigint::text
               AS received_cents`)
  ).rows;
  return summaryFrom(row);
}

/** Each kind's e-mail column, for reads of the matching set by address. */
const EMAIL_OF: Record<ContributorType, AnyPgColumn> = {
  Contribution: donations.email,
  Membership: memberships.email,
  'Event Registration': eventRegistrations.email,
  'Membership Interest': membershipApplications.email,
};

/**
 * The rows the filters match as `(email, created_at)` (and `id`, unwindowed): one SELECT per kind
 * on the same conditions as the page, the count and the export, joined by UNION ALL. With `newest`, each kind and the
 * whole keep only the newest rows in the date order of the page (an index range, as a page reads);
 * without, every matching row, unordered. For reads of the matching set such as the recipients of
 * the dashboard's "select all".
 */
export function matchingEmailsSql(filter: Search, newest?: number): SQL {
  const selects = branchesOf(filter).map((branch) => {
    const select = sql`SELECT ${EMAIL_OF[branch.type]} AS email, ${branch.createdAt} AS created_at, ${branch.id} AS id
              FROM ${branch.table} ${whereOf(filterConditions(branch, filter))}`;
    return newest === undefined
      ? select
      : sql`(${select} ORDER BY ${branch.createdAt} DESC, ${branch.id} DESC LIMIT ${newest})`;
  });
  const all = sql.join(selects, sql` UNION ALL `);
  return newest === undefined
    ? all
    : sql`SELECT email, created_at FROM (${all}) AS newest ORDER BY created_at DESC, id DESC LIMIT ${newest}`;
}
