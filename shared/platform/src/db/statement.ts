import { type SQL, fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from './client';

const dialect = new PgDialect();

/** A row as PostgreSQL returns it through node-postgres: column names, node-postgres's own types. */
export type RawRow = Record<string, unknown>;

/**
 * The pool under a database from createDatabase (drizzle keeps it as `$client`); undefined for a
 * transaction handle, which has none.
 */
export function poolUnder(db: object): pg.Pool | undefined {
  return (db as { $client?: pg.Pool }).$client;
}

function poolOf(db: Database): pg.Pool {
  const pool = poolUnder(db);
  if (!pool) throw new Error('a prepared statement runs on the database from createDatabase');
  return pool;
}

/**
 * A named prepared statement, for the statements the money path runs for every payment: its text
 * is built once (drizzle's `sql` with `sql.placeholder(...)` for values), and PostgreSQL parses
 * and plans it once per connection instead of on every run. Values are passed as the driver takes
 * them (strings, numbers, booleans, null; a Date as an ISO string).
 */
export function preparedStatement(name: string, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return async function run(db: Database, values: Record<string, unknown> = {}): Promise<RawRow[]> {
    const result = await poolOf(db).query<RawRow>({ name, text, values: fillPlaceholders(params, values) });
    return result.rows;
  };
}
