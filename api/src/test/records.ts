import { randomUUID } from 'node:crypto';
import {
  type Database,
  donations,
  eventRegistrations,
  events,
  memberships,
  newsArticles,
  payments,
} from '@pillars/platform/db';
import { getTableName, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows the suites set up directly in the database, each with plain defaults a test overrides
 * with what it is about.
 */

/** Inserts one row of `table` and answers it as stored. */
export async function insertOne<T extends PgTable>(
  db: Database,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = (await db
    .insert(table)
    .values(values as PgInsertValue<T>)
    .returning()) as T['$inferSelect'][];
  if (!row) throw new Error(`no ${getTableName(table)} row`);
  return row;
}

/**
 * The suite's inserters over `db`: an event of its own slug on the evening of July 4, 2026; a $25
 * card donation; a card membership; a free registration for an event; a succeeded card payment
 * of a record with an idempotency key of its own; a news article published on June 14, 2025.
 */
export function testRecords(db: Database) {
  return {
    insertEvent: (extra: Partial<typeof events.$inferInsert> = {}) => {
      const slug = `event-${randomUUID().slice(0, 8)}`;
      return insertOne(db, events, {
        slug,
        title: `Gala ${slug}`,
        location: 'Independence Hall, Philadelphia, PA',
        startDate: new Date('2026-07-04T22:00:00Z'),
        endDate: new Date('2026-07-05T01:00:00Z'),
        ...extra,
      });
    },
    insertDonation: (extra: Partial<typeof donations.$inferInsert> = {}) =>
      insertOne(db, donations, { email: 'donor@example.org', amount: '25.00', paymentMethod: 'card', ...extra }),
    insertMembership: (extra: Partial<typeof memberships.$inferInsert> = {}) =>
      insertOne(db, memberships, { email: 'member@example.org', paymentMethod: 'card', ...extra }),
    insertRegistration: (eventId: string, extra: Partial<typeof eventRegistrations.$inferInsert> = {}) =>
      insertOne(db, eventRegistrations, {
        eventId,
        firstName: 'Betsy',
        lastName: 'Ross',
        email: 'betsy@example.org',
        phone: '2155550100',
        paymentAmount: 0,
        ...extra,
      }),
    insertArticle: (
      values: Pick<typeof newsArticles.$inferInsert, 'slug' | 'title' | 'excerpt'> &
        Partial<typeof newsArticles.$inferInsert>,
    ) =>
      insertOne(db, newsArticles, {
        content: 'Body.',
        imageUrl: '/images/news/flag.svg',
        publishedAt: new Date('2025-06-14T12:00:00Z'),
        ...values,
      }),
    insertPayment: (
      values: Pick<typeof payments.$inferInsert, 'kind' | 'recordId' | 'amountCents'> &
        Partial<typeof payments.$inferInsert>,
    ) => insertOne(db, payments, { state: 'succeeded', idempotencyKey: randomUUID(), ...values }),
  };
}

/**
 * `count` card records a second apart after `from`, to fill a list past a limit: $5 donations or
 * memberships, the n-th (from 1) for `<prefix>n@example.org`, so the newest has the highest n.
 */
export async function insertCardSeries(
  db: Database,
  kind: 'donations' | 'memberships',
  { prefix, count, from }: { prefix: string; count: number; from: string },
) {
  const email = sql`${prefix}::text || n || '@example.org'`;
  const createdAt = sql`${from}::timestamptz + n * interval '1 second'`;
  const series = sql`FROM generate_series(1, ${count}::int) AS n`;
  await db.execute(
    kind === 'donations'
      ? sql`INSERT INTO ${donations} (email, amount, payment_method, created_at) SELECT ${email}, 5, 'card', ${createdAt} ${series}`
      : sql`INSERT INTO ${memberships} (email, payment_method, created_at) SELECT ${email}, 'card', ${createdAt} ${series}`,
  );
}
