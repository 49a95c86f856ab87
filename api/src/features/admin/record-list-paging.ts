import type { DetailPageQuery } from '@pillars/contracts/admin';
import type { Database, PaymentKind } from '@pillars/platform/db';
import { type SQL, desc, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { standingsOf } from '@pillars/money';
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
 * How the admin's record lists (/admin/contributors, /admin/members, /admin/events) are read in SQL
 * (docs/decisions/034): newest first, ties broken by id, paged by the keyset cursor the dashboard's
 * list uses (keyset-cursor.ts), with the list's total counted by aggregates, and each row's state
 * from the ledger.
 */

/** A record table as the record lists read it. */
export type Keyed = { id: AnyPgColumn; createdAt: AnyPgColumn; email: AnyPgColumn };

/** A database or a transaction: what the readers need. */
export type Reader = Pick<Database, 'select' | 'execute'>;

/** Reads up to `limit` rows past the position `after`, newest first. */
export type ReadRows<R> = (db: Reader, after: Position | undefined, limit: number) => PromiseLike<R[]>;

/** The only order of the record lists: newest first, then by id. */
const NEWEST_FIRST = { sort: 'date', direction: 'desc' } as const satisfies CursorOrder;
export const newestFirst = (t: Keyed) => [desc(t.createdAt), desc(t.id)];

/** Rows strictly after the cursor's position in NEWEST_FIRST, compared as a row on the (created_at, id) index. */
export const pastPosition = (t: Keyed, after: Position | undefined): SQL | undefined =>
  after ? sql`(${t.createdAt}, ${t.id}) < (${after.value}::timestamptz, ${after.id}::uuid)` : undefined;

/** The row's position as cursor text, to the microsecond. */
export const cursorAtOf = (t: Keyed) => sql<string>`${cursorDateText(sql`${t.createdAt}`)}`;

export type Counts = { total: number };
export const NO_COUNTS: Counts = { total: 0 };

/**
 * Every row of a record table, exact, from the counts its triggers keep (recordCountSql,
 * docs/decisions/035): a read of at most 16 rows where count(*) scans the whole table.
 */
export async function keptCounts(tx: Pick<Database, 'execute'>, table: PgTable): Promise<Counts> {
  const [row] = (await tx.execute<Counts>(sql`SELECT ${recordCountSql(table)} AS total`)).rows;
  return row ?? NO_COUNTS;
}

/**
 * One page newest first: the rows past the cursor (limit + 1 of them, the extra one only saying
 * whether more follow), and on the first page the total, in the same snapshot. Later pages answer
 * the total the first page counted, carried in the cursor with the filter's digest.
 */
export async function pageOf<R extends { id: string; cursorAt: string }, T>(
  db: Database,
  query: DetailPageQuery,
  filter: readonly unknown[],
  read: ReadRows<R>,
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
          ? encodeCursor({ ...NEWEST_FIRST, value: last.cursorAt, id: last.id, filter: digest, total })
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
export async function withStandings<T extends { id: string; status: string }>(
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

/** A row as the lists that show no amount received answer it. */
export const withoutPaid = <T extends { paidCents: number }>({ paidCents: _, ...row }: T) => row;

/** A row without its cursor text. */
export const withoutCursor = <T extends { cursorAt: string }>({ cursorAt: _, ...row }: T) => row;
