import { RecordStatus } from '@pillars/contracts';
import type { ContributorType } from '@pillars/contracts/admin';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { COUNTED_STATUSES, summaryOf } from './contributors.service';
import { testRecords } from '../../test/records';

// The summary cards over every record read figures kept by triggers (migration 0024), which repeat the
// rule of which records count (COUNTED_STATUSES). Records of every status the product stores are
// inserted, moved between statuses and addresses, written concurrently and deleted on real
// PostgreSQL; after each step the kept figures must equal the ones counted from the records with the
// TypeScript rule, so a change to the rule on one side only fails here.
const database = await useTestDatabase();
const { db } = database;

const TABLES = {
  Contribution: 'donations',
  Membership: 'memberships',
  'Event Registration': 'event_registrations',
} as const satisfies Partial<Record<ContributorType, string>>;
type CountedType = keyof typeof TABLES;
const TYPES = Object.keys(TABLES) as CountedType[];

const counts = (type: CountedType, status: string) => {
  const statuses = COUNTED_STATUSES[type];
  return statuses === 'every' || statuses.includes(status);
};

let eventId = '';

/** The cards as counted from every record with the TypeScript rule, one by one. */
async function countedByTheRule() {
  const people = new Set<string>();
  const cards: Record<CountedType, number> = { Contribution: 0, Membership: 0, 'Event Registration': 0 };
  const byStatus: Record<string, number> = {};
  for (const type of TYPES) {
    const { rows } = await db.execute<{ status: string; email: string }>(
      sql`SELECT status, email FROM ${sql.identifier(TABLES[type])}`,
    );
    for (const row of rows) {
      const key = `${TABLES[type]}/${row.status}`;
      byStatus[key] = (byStatus[key] ?? 0) + 1;
      if (!counts(type, row.status)) continue;
      cards[type] += 1;
      people.add(row.email.toLowerCase());
    }
  }
  return {
    totalContributors: people.size,
    totalDonations: cards.Contribution,
    totalMemberships: cards.Membership,
    totalEventRegistrations: cards['Event Registration'],
    byStatus,
  };
}

/** The kept figures: the cards as the dashboard reads them, and every table's kept count per status. */
async function kept() {
  const summary = await summaryOf(db);
  const { rows } = await db.execute<{ key: string; n: number }>(
    sql`SELECT table_name || '/' || status AS key, sum(row_count)::int AS n FROM record_status_counts
         GROUP BY 1 HAVING sum(row_count) <> 0`,
  );
  return {
    totalContributors: summary.totalContributors,
    totalDonations: summary.totalDonations,
    totalMemberships: summary.totalMemberships,
    totalEventRegistrations: summary.totalEventRegistrations,
    byStatus: Object.fromEntries(rows.map((row) => [row.key, row.n])),
  };
}

async function expectKeptToMatch() {
  const expected = await countedByTheRule();
  expect(await kept()).toEqual(expected);
  return expected;
}

/** One record of the table, as raw SQL so every status the database accepts can be written. */
function insertSql(type: CountedType, email: string, status: string) {
  switch (type) {
    case 'Contribution':
      return sql`INSERT INTO donations (email, amount, payment_method, status) VALUES (${email}, 25, 'card', ${status})`;
    case 'Membership':
      return sql`INSERT INTO memberships (email, first_name, last_name, payment_method, status)
                 VALUES (${email}, 'Kept', 'Member', 'card', ${status})`;
    case 'Event Registration':
      return sql`INSERT INTO event_registrations (event_id, email, first_name, last_name, phone, status)
                 VALUES (${eventId}, ${email}, 'Kept', 'Guest', '555-0100', ${status})`;
  }
}

beforeAll(async () => {
  const event = await testRecords(db).insertEvent({ slug: 'kept-summary', title: 'Kept Summary', location: 'Hall' });
  eventId = event.id;
});

describe('the kept summary figures', () => {
  it('agree with the cards counted by the rule through inserts, status and address changes, concurrent writes and deletes', async () => {
    const statuses = RecordStatus.options;
    const addresses = ['Ada@Example.org', 'ada@example.org', 'bo@example.org', 'cy@example.org', 'DI@example.org'];
    // Every status of every table, spread over addresses that share people across tables and cases.
    let i = 0;
    for (const type of TYPES) {
      for (const status of statuses) {
        await db.execute(insertSql(type, addresses[i % addresses.length] ?? '', status));
        i += 1;
      }
    }
    // And each status of each table once more on an address of its own, so a person counted by one
    // side's rule only shows in Total Contributors.
    for (const type of TYPES) {
      for (const status of statuses) {
        await db.execute(insertSql(type, `only-${status}@${TABLES[type]}.example.org`, status));
      }
    }
    const first = await expectKeptToMatch();
    expect(first.totalEventRegistrations).toBe(2 * statuses.length);
    expect(first.totalDonations).toBe(2 * statuses.filter((s) => counts('Contribution', s)).length);
    expect(first.totalMemberships).toBe(2 * statuses.filter((s) => counts('Membership', s)).length);

    // Several rows in one statement, the same address in several cases among them.
    await db.execute(sql`INSERT INTO donations (email, amount, payment_method, status)
      SELECT CASE WHEN g % 2 = 0 THEN 'EVE@example.org' ELSE 'eve@example.org' END, 10, 'card',
             (ARRAY['completed', 'pending', 'confirmed', 'failed'])[1 + g % 4]
        FROM generate_series(1, 12) AS g`);
    await expectKeptToMatch();

    // Every status moves to the next one the product knows, in one statement per table.
    for (const table of Object.values(TABLES)) {
      await db.execute(sql`UPDATE ${sql.identifier(table)} SET status = (string_to_array(${statuses.join(',')}, ','))[
          1 + (array_position(string_to_array(${statuses.join(',')}, ','), status) % ${statuses.length})]`);
      await expectKeptToMatch();
    }

    // Addresses change: a person's case only, and people who become someone else or leave altogether.
    await db.execute(sql`UPDATE donations SET email = upper(email) WHERE email LIKE 'ada%'`);
    await db.execute(sql`UPDATE memberships SET email = 'new@example.org' WHERE lower(email) = 'bo@example.org'`);
    await db.execute(
      sql`UPDATE event_registrations SET email = 'ada@example.org' WHERE lower(email) = 'cy@example.org'`,
    );
    await expectKeptToMatch();

    // A rolled-back statement leaves the kept figures as they were.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE donations SET status = 'completed', email = 'gone@example.org'`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectKeptToMatch();

    // Concurrent writers on other connections, on the same addresses: inserts, status changes and
    // address changes, each transaction holding its writes for a moment.
    await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        db.transaction(async (tx) => {
          await tx.execute(
            insertSql(TYPES[n % 3] ?? 'Contribution', n % 2 ? 'Zed@example.org' : 'zed@example.org', 'completed'),
          );
          await tx.execute(insertSql('Membership', 'zed@example.org', n % 2 ? 'active' : 'pending'));
          await tx.execute(sql`SELECT pg_sleep(0.02)`);
          await tx.execute(
            sql`UPDATE donations SET status = ${n % 2 ? 'failed' : 'confirmed'}
                 WHERE id = (SELECT id FROM donations WHERE lower(email) = 'eve@example.org' ORDER BY id OFFSET ${n} LIMIT 1)`,
          );
          await tx.execute(
            sql`UPDATE memberships SET email = ${n % 2 ? 'eve@example.org' : 'Eve@Example.org'}
                 WHERE id = (SELECT id FROM memberships WHERE lower(email) = 'zed@example.org' ORDER BY id LIMIT 1)`,
          );
        }),
      ),
    );
    await expectKeptToMatch();

    // Deletes: some records, then every record of one person, then a table emptied.
    await db.execute(sql`DELETE FROM donations WHERE status IN ('completed', 'failed')`);
    await expectKeptToMatch();
    for (const table of Object.values(TABLES)) {
      await db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE lower(email) = 'eve@example.org'`);
    }
    const afterDeletes = await expectKeptToMatch();
    await db.execute(sql`TRUNCATE event_registrations CASCADE`);
    const afterTruncate = await expectKeptToMatch();
    expect(afterTruncate.totalEventRegistrations).toBe(0);
    expect(afterDeletes.totalEventRegistrations).toBeGreaterThan(0);
  });
});
