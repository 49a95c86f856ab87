import {
  CONTRIBUTOR_RECIPIENTS_MAX,
  type ContributorRecipients,
  type ContributorsFilter,
} from '@pillars/shared/contracts/admin';
import type { Database } from '@pillars/shared/db';
import { sql } from 'drizzle-orm';
import { matchingEmailsSql } from './contributor-list.service';

/**
 * The e-mail recipients of every row the filters match (docs/decisions/033): each address once,
 * compared trimmed and without case, written as its first spelling in byte order; the addresses
 * of the most recent records first, so a capped answer keeps the people the admin saw last. One
 * statement: PostgreSQL groups the matching rows (spilling to disk past work_mem, never to this
 * process) and answers at most CONTRIBUTOR_RECIPIENTS_MAX rows, each carrying the count of all.
 */
export async function contributorRecipients(
  db: Pick<Database, 'execute'>,
  filter: ContributorsFilter,
): Promise<ContributorRecipients> {
  const rows = (
    await db.execute<{ email: string; total: string }>(sql`
      SELECT min(email COLLATE "C") AS email, (count(*) OVER ())::text AS total
        FROM (SELECT btrim(email) AS email, created_at FROM (${matchingEmailsSql(filter)}) AS matching) AS trimmed
       WHERE email <> ''
       GROUP BY lower(email)
       ORDER BY max(created_at) DESC, lower(email)
       LIMIT ${CONTRIBUTOR_RECIPIENTS_MAX}`)
  ).rows;
  return { success: true, recipients: rows.map((row) => row.email), total: Number(rows[0]?.total ?? 0) };
}
