import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Reader } from './record-list-paging';

/**
 * The recipients of a message to all of a record list: its distinct addresses and how many.
 *
 * What makes two addresses one recipient: the address lower-cased (a stored address is validated,
 * so it has no surrounding spaces). `lower(email)` is the expression of the tables' e-mail indexes
 * (migration 0008), so a distinct count or list can read it in order from the index.
 */
const recipientKey = (email: AnyPgColumn) => sql`lower(${email})`;

const whereOf = (where: SQL | undefined) => (where ? sql`WHERE ${where}` : sql``);

/**
 * The distinct addresses of a table's rows (one per recipientKey, the first in byte order), in
 * address order: an aggregate over the e-mail column only, whatever the number of records.
 */
export async function recipientsOf(db: Reader, table: PgTable, email: AnyPgColumn, where?: SQL): Promise<string[]> {
  const key = recipientKey(email);
  const rows = await db.execute<{ email: string }>(sql`
    SELECT min(${email}) AS email FROM ${table} ${whereOf(where)}
     GROUP BY ${key} ORDER BY ${key}`);
  return rows.rows.map((r) => r.email);
}

/**
 * How many addresses recipientsOf answers, by one aggregate. It reads every row's address (about
 * 1.3 s for 500,000 donations on the development machine), so it is a route of its own, asked
 * beside the first page, never part of it (docs/decisions/034).
 */
export async function recipientCountOf(db: Reader, table: PgTable, email: AnyPgColumn, where?: SQL): Promise<number> {
  const rows = await db.execute<{ count: number }>(sql`
    SELECT count(DISTINCT ${recipientKey(email)})::int AS count FROM ${table} ${whereOf(where)}`);
  return rows.rows[0]?.count ?? 0;
}
