import {
  CONTRIBUTOR_SORT_FIRST_DIRECTION,
  type ContributorRow,
  type ContributorSortKey,
  type ContributorsFilter,
  type ContributorsPage,
  type ContributorsPageQuery,
  type SortDirection,
} from '@pillars/contracts/admin';
import { type Database, events } from '@pillars/platform/db';
import { type SQL, inArray, sql } from 'drizzle-orm';
import { type Branch, branchesOf } from './contributor-branches';
import { type Search, filterConditions, searchOf, whereOf } from './contributor-search';
import {
  type ContributorSqlRow,
  contributorRowOf,
  recordCountSql,
  registrationDetails,
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
