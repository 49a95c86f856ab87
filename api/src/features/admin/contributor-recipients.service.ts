import {
  CONTRIBUTOR_RECIPIENTS_MAX,
  type ContributorRecipients,
  type ContributorsFilter,
} from '@pillars/contracts/admin';
import type { Database } from '@pillars/platform/db';
import { type SQL, sql } from 'drizzle-orm';
import { matchingEmailsSql, searchOf } from './contributor-search';

/**
 * How many of the newest matching rows are read first: ten rows per address answered. Walking the
 * rows newest first, the first CONTRIBUTOR_RECIPIENTS_MAX distinct addresses met are the answer, so
 * when this window holds that many (and one more, to know whether others follow) nothing older is
 * read, whatever the size of the set (docs/decisions/033).
 */
export const RECIPIENTS_WINDOW_ROWS = CONTRIBUTOR_RECIPIENTS_MAX * 10;

/**
 * The distinct addresses of `rows`, newest first, at most CONTRIBUTOR_RECIPIENTS_MAX + 1 (the one
 * more tells whether others follow), each answer row carrying how many rows were read.
 */
async function distinctNewestFirst(db: Pick<Database, 'execute'>, rows: SQL) {
  const answer = await db.execute<{ email: string; rows_read: number }>(sql`
    WITH matching AS (${rows})
    SELECT min(btrim(email) COLLATE "C") AS email, (SELECT count(*)::int FROM matching) AS rows_read
      FROM matching
     WHERE btrim(email) <> ''
     GROUP BY lower(btrim(email))
     ORDER BY max(created_at) DESC, lower(btrim(email))
     LIMIT ${CONTRIBUTOR_RECIPIENTS_MAX + 1}`);
  return { addresses: answer.rows.map((row) => row.email), rowsRead: answer.rows[0]?.rows_read ?? 0 };
}

/**
 * The e-mail recipients of every row the filters match (docs/decisions/033): each address once,
 * compared trimmed and without case, written as its first spelling in byte order; the addresses
 * of the most recent records first, at most CONTRIBUTOR_RECIPIENTS_MAX. The newest
 * RECIPIENTS_WINDOW_ROWS matching rows are grouped first; only when they hold too few addresses
 * and more rows follow (the same few people, many times) is every matching row grouped. Either way
 * PostgreSQL does the grouping and this process holds the answer only.
 */
export async function contributorRecipients(
  db: Pick<Database, 'execute' | 'select' | 'selectDistinct'>,
  filter: ContributorsFilter,
): Promise<ContributorRecipients> {
  const search = await searchOf(db, filter);
  const newest = await distinctNewestFirst(db, matchingEmailsSql(search, RECIPIENTS_WINDOW_ROWS));
  // Too few addresses in a full window: older rows may hold others, so every matching row is read.
  const { addresses } =
    newest.addresses.length <= CONTRIBUTOR_RECIPIENTS_MAX && newest.rowsRead >= RECIPIENTS_WINDOW_ROWS
      ? await distinctNewestFirst(db, matchingEmailsSql(search))
      : newest;
  return {
    success: true,
    recipients: addresses.slice(0, CONTRIBUTOR_RECIPIENTS_MAX),
    capped: addresses.length > CONTRIBUTOR_RECIPIENTS_MAX,
  };
}
