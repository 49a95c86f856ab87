import { createHash } from 'node:crypto';
import { contributorsCursorMessage } from '@pillars/contracts/admin';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/**
 * The opaque keyset cursor of the admin's paged lists (docs/decisions/031, 034): the base64url of
 * the order, where the last page ended (its sort key as text and its id), a digest of the filters
 * it belongs to and the total the first page counted. One format for every list, so a cursor is
 * checked the same way everywhere: one of another order or filter, or not written by the server,
 * is a 400.
 */

/** Where a page ends: the last row's sort key (as cursor text) and id. */
export type Position = { value: string; id: string };

/** The order a cursor continues: a sort key name and a direction. */
export type CursorOrder = { sort: string; direction: string };

/**
 * A next page's cursor. `total` is what the first page counted, in its snapshot: later pages answer
 * it rather than count again (a count over a million rows costs more than the page), so it is as
 * of the first page.
 */
export type KeysetCursor<O extends CursorOrder> = O & Position & { filter: string; total: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A digest of a query's filters (undefined and null alike): a cursor only continues the query that wrote it. */
export function filterDigest(fields: readonly unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify(fields.map((v) => v ?? null)))
    .digest('base64url')
    .slice(0, 16);
}

export function encodeCursor<O extends CursorOrder>(cursor: KeysetCursor<O>): string {
  const fields = [cursor.sort, cursor.direction, cursor.value, cursor.id, cursor.filter, cursor.total];
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** The cursor's position and total. One of another order or filter, whose sort value `isValue` refuses, or not ours, is a 400. */
export function decodeCursor<O extends CursorOrder>(
  text: string,
  order: O,
  filter: string,
  isValue: (value: string) => boolean,
): KeysetCursor<O> {
  const invalid = () => new AppError('BAD_REQUEST', contributorsCursorMessage);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 6) throw invalid();
  const [s, d, value, id, f, total] = parsed as unknown[];
  if (s !== order.sort || d !== order.direction || f !== filter) throw invalid();
  if (typeof value !== 'string' || typeof id !== 'string' || !UUID.test(id) || !isValue(value)) throw invalid();
  if (!isCount(total)) throw invalid();
  return { ...order, value, id, filter, total };
}

/** A date sort value as cursor text: UTC to the microsecond, timestamptz's precision. */
export const cursorDateText = (column: SQL): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const isCursorDate = (value: string): boolean => !Number.isNaN(Date.parse(value));
