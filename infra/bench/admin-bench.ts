/**
 * Admin dashboard benchmark: how long GET /api/admin/contributors (the bounded unparameterised
 * call), its paged form (first page, next page, a search, sorts by amount and name) and the summary
 * cards take over many mixed records, beside the floor of the same app (docs/decisions/031).
 *
 *   node --import tsx infra/bench/admin-bench.ts [--records N] [--runs R] [--database NAME]
 *
 * A fresh, migrated PostgreSQL database (TEST_DATABASE_URL's server, else an embedded one, as
 * payments-bench.ts gets it) is seeded with N records: half donations, a fifth memberships and
 * the rest event registrations over 20 events, with mixed statuses and interleaved dates, one
 * INSERT … SELECT generate_series per table, then ANALYZEd. As a bulk load does, the record
 * tables' secondary indexes are dropped before and rebuilt after the seed (their definitions read
 * back from pg_indexes), so a million records seed in minutes. The app comes from createApp with
 * an embedded-default queue backend (BullMQ on PostgreSQL, unused by this route); requests go
 * through app.request with a signed-in admin's cookie, so the figures include routing, the session
 * check, both queries, mapping and JSON serialisation, but no socket. Figures only; no assertion.
 */
import { randomUUID } from 'node:crypto';
import { arch, cpus, platform, release, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '@pillars/platform/config';
import { ContributorsPage, ContributorsResponse, ContributorsSummaryResponse } from '@pillars/contracts/admin';
import { createDatabase, runMigrations } from '@pillars/platform/db';
import { createQueueBackend } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '@pillars/api/app';
import {
  CONTRIBUTORS_UNPAGED_LIMIT,
  contributorRowsSql,
  listContributors,
} from '@pillars/api/features/admin/contributors.service';
import { createTestAdmin, signIn } from '@pillars/api/test/admin-session';
import { createPayTheoryProvider } from '@pillars/money/provider';
import { provideTestPostgres, withDatabase } from '@pillars/testing/postgres';
import { dropDatabase } from '@pillars/testing/template-database';

const USAGE = `usage: node --import tsx infra/bench/admin-bench.ts [--records N] [--runs R] [--database NAME]

  --records N      donations + memberships + registrations to seed (default 50000, max 1000000)
  --runs R         timed requests after 3 warm-up ones (default 20, max 1000)
  --database NAME  keep the seeded database under this name (on TEST_DATABASE_URL's server) and
                   reuse it when it exists: migrated to the latest migration, not seeded again
`;

const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

function intOption(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`--${name} must be an integer from 1 to ${max} (got "${raw}")`);
  }
  return value;
}

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: number[], p: number): number {
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

const fmtMs = (ms: number) => `${ms.toFixed(1)} ms`;
const fmtBytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;

/**
 * One statement per table. Row i of the whole mix gets created_at = now - i minutes, so the three
 * tables interleave in time like real traffic; statuses cycle through the values each kind takes.
 */
async function seed(pool: pg.Pool, records: number) {
  const indexes = (
    await pool.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = current_schema()
          AND i.tablename IN ('donations', 'memberships', 'event_registrations')
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    )
  ).rows;
  for (const { indexname } of indexes) await pool.query(`DROP INDEX ${pg.escapeIdentifier(indexname)}`);
  const nDonations = Math.round(records * 0.5);
  const nMemberships = Math.round(records * 0.2);
  const nRegistrations = records - nDonations - nMemberships;
  const tiers = JSON.stringify([
    { id: 'general', name: 'General', price: 4500, description: 'Entry', benefits: ['Seat'] },
    { id: 'vip', name: 'VIP Table', price: 12500, description: 'Dinner', benefits: ['Front row'] },
  ]);
  await pool.query(
    `INSERT INTO events (title, location, slug, start_date, end_date, requires_payment, price, pricing_tiers)
     SELECT 'Event ' || g, 'Independence Hall, Philadelphia, PA', 'bench-event-' || g,
            now() + g * interval '1 week', now() + g * interval '1 week' + interval '3 hours',
            g % 2 = 0, 0, CASE WHEN g % 2 = 0 THEN $1 END
       FROM generate_series(1, 20) AS g`,
    [tiers],
  );
  await pool.query(
    `INSERT INTO donations (first_name, last_name, email, phone, amount, payment_method, is_recurring,
                            pay_theory_payment_id, status, billing_city, created_at)
     SELECT 'Donor', 'Number ' || g, 'donor' || g || '@example.org', '215555' || lpad((g % 10000)::text, 4, '0'),
            (ARRAY[17.76, 25, 50, 100, 250])[1 + g % 5], 'card', g % 3 = 0,
            CASE WHEN g % 10 < 7 THEN 'pt_' || md5(g::text) END,
            (ARRAY['completed','completed','completed','completed','completed','completed','pending','pending','failed','confirmed'])[1 + g % 10],
            'Philadelphia', now() - (g * 2) * interval '1 minute'
       FROM generate_series(1, $1::int) AS g`,
    [nDonations],
  );
  await pool.query(
    `INSERT INTO memberships (first_name, last_name, email, phone, message, payment_method, pay_theory_payment_id,
                              status, waiver_accepted, waiver_accepted_at, created_at)
     SELECT 'Member', 'Number ' || g, 'member' || g || '@example.org', '215556' || lpad((g % 10000)::text, 4, '0'),
            CASE WHEN g % 4 = 0 THEN 'Proud to support the cause' END, 'card',
            CASE WHEN g % 5 < 3 THEN 'pt_m_' || md5(g::text) END,
            (ARRAY['active','active','active','pending','cancelled'])[1 + g % 5],
            true, now() - (g * 5 + 1) * interval '1 minute', now() - (g * 5 + 1) * interval '1 minute'
       FROM generate_series(1, $1::int) AS g`,
    [nMemberships],
  );
  await pool.query(
    `WITH e AS (SELECT id, requires_payment, row_number() OVER (ORDER BY slug) - 1 AS k FROM events)
     INSERT INTO event_registrations (event_id, first_name, last_name, email, phone, comments, status,
                                      pay_theory_payment_id, payment_amount, selected_tier, created_at)
     SELECT e.id, 'Guest', 'Number ' || g, 'guest' || g || '@example.org', '215557' || lpad((g % 10000)::text, 4, '0'),
            CASE WHEN g % 6 = 0 THEN 'Two seats please' END,
            CASE WHEN e.requires_payment THEN (ARRAY['paid','paid','pending','attended'])[1 + g % 4]
                 ELSE (ARRAY['pending','confirmed','attended'])[1 + g % 3] END,
            CASE WHEN e.requires_payment AND g % 4 <> 2 THEN 'pt_r_' || md5(g::text) END,
            CASE WHEN e.requires_payment THEN (ARRAY[4500, 12500])[1 + g % 2] ELSE 0 END,
            CASE WHEN e.requires_payment THEN (ARRAY['general', 'vip'])[1 + g % 2] END,
            now() - (g * 3 + 1) * interval '1 minute'
       FROM generate_series(1, $1::int) AS g
       JOIN e ON e.k = g % 20`,
    [nRegistrations],
  );
  // The ledger (docs/decisions/017): a payment for each record with a provider id, succeeded unless the
  // record is pending or failed, and a completed transactions row for each succeeded one under its
  // payment (as the worker writes it), so Total Amount and a filtered summary read tables of a
  // realistic size. The payments' trigger sets the memberships' plan amounts (docs/decisions/035).
  await pool.query(
    `INSERT INTO payments (kind, record_id, amount_cents, state, idempotency_key, provider_transaction_id)
     SELECT kind, id, cents, CASE WHEN paid THEN 'succeeded' WHEN status = 'failed' THEN 'failed' ELSE 'queued' END,
            gen_random_uuid()::text, CASE WHEN paid THEN pt END
       FROM (SELECT CASE WHEN is_recurring THEN 'recurring_donation' ELSE 'donation' END AS kind, id,
                    (amount * 100)::int AS cents, status, pay_theory_payment_id AS pt FROM donations
             UNION ALL
             SELECT 'membership', id, 2500, status, pay_theory_payment_id FROM memberships
             UNION ALL
             SELECT 'registration', id, payment_amount, status, pay_theory_payment_id FROM event_registrations
            ) AS r, LATERAL (SELECT r.status NOT IN ('pending', 'failed') AS paid) AS s
      WHERE pt IS NOT NULL`,
  );
  await pool.query(
    `INSERT INTO transactions (payment_id, donation_id, amount, fees, status, payment_method, payment_provider,
                               provider_transaction_id, buyer_name)
     SELECT id, CASE WHEN kind IN ('donation', 'recurring_donation') THEN record_id END, amount_cents,
            round(amount_cents * 0.029), 'completed', 'card', 'paytheory', provider_transaction_id, 'Bench payor'
       FROM payments WHERE state = 'succeeded'`,
  );
  const indexStart = performance.now();
  const client = await pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const { indexdef } of indexes) await client.query(indexdef);
  } finally {
    client.release();
  }
  const indexMs = performance.now() - indexStart;
  // VACUUM as autovacuum would have long since done on a database of this age: it sets the
  // visibility map, without which no index-only scan (the counts, the plan check) skips the heap.
  await pool.query(`VACUUM ANALYZE ${SEEDED_TABLES}`);
  return { nDonations, nMemberships, nRegistrations, indexes: indexes.length, indexMs };
}

const SEEDED_TABLES = 'events, donations, memberships, event_registrations, payments, transactions';

/** The mix of a database kept by an earlier run (--database); it must hold `records` records. */
async function reusedMix(pool: pg.Pool, records: number): Promise<Awaited<ReturnType<typeof seed>>> {
  const [counts] = (
    await pool.query<{ d: number; m: number; r: number }>(
      `SELECT (SELECT count(*)::int FROM donations) AS d, (SELECT count(*)::int FROM memberships) AS m,
              (SELECT count(*)::int FROM event_registrations) AS r`,
    )
  ).rows;
  if (!counts || counts.d + counts.m + counts.r !== records) {
    throw new Error(
      `the kept database holds ${JSON.stringify(counts)} records, not ${records}: drop it or pass --records`,
    );
  }
  return { nDonations: counts.d, nMemberships: counts.m, nRegistrations: counts.r, indexes: 0, indexMs: 0 };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      records: { type: 'string' },
      runs: { type: 'string' },
      database: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const records = intOption(values.records, 'records', 50_000, 1_000_000);
  const runs = intOption(values.runs, 'runs', 20, 1000);
  const kept = values.database;
  if (kept !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(kept)) {
    throw new Error(`--database must be a lower-case identifier (got "${kept}")`);
  }
  if (kept !== undefined && !process.env.TEST_DATABASE_URL) {
    throw new Error('--database needs TEST_DATABASE_URL: an embedded server is removed after the run');
  }

  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    progress('starting PostgreSQL');
    const postgres = await provideTestPostgres();
    cleanup.push(() => postgres.stop());
    const databaseName = kept ?? `bench_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    let postgresVersion = 'unknown';
    let reused = false;
    try {
      reused =
        kept !== undefined &&
        (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName])).rowCount === 1;
      if (!reused) await admin.query(`CREATE DATABASE ${databaseName}`);
      postgresVersion =
        (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ??
        postgresVersion;
    } finally {
      await admin.end();
    }
    if (kept === undefined) cleanup.push(() => dropDatabase(postgres.adminUrl, databaseName));
    const databaseUrl = withDatabase(postgres.adminUrl, databaseName);

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
    const database = createDatabase(databaseUrl, { max: config.DATABASE_POOL_MAX });
    cleanup.push(() => database.close());
    progress(`migrating ${databaseName}`);
    await runMigrations(database.pool);

    const seedStart = performance.now();
    let mix: Awaited<ReturnType<typeof seed>>;
    if (reused) {
      mix = await reusedMix(database.pool, records);
      progress(`reusing ${databaseName} (${records} records); VACUUM ANALYZE after its migrations`);
      await database.pool.query(`VACUUM ANALYZE ${SEEDED_TABLES}`);
    } else {
      progress(`seeding ${records} records`);
      mix = await seed(database.pool, records);
    }
    const seedMs = performance.now() - seedStart;

    const silent = createLogger({ level: 'silent' });
    const queues = await createQueueBackend({
      redisUrl: undefined,
      databaseUrl,
      prefix: 'bench_queues',
      logger: silent,
    });
    cleanup.push(() => queues.close());
    // The route never charges: the provider is only a required dependency of the app, and a
    // fetch that refuses guarantees the bench sends nothing anywhere.
    const provider = createPayTheoryProvider({
      graphqlUrl: 'http://127.0.0.1:9/graphql',
      merchantUid: 'bench-merchant',
      secretKey: 'bench-secret',
      liveMode: false,
      post: () => Promise.reject(new Error('the admin bench makes no provider calls')),
    });
    const app = createApp({
      config,
      logger: silent,
      db: database.db,
      pool: database.pool,
      queues,
      provider,
      providerName: provider.name,
    });
    const cookie = await signIn(app, await createTestAdmin(database.db));

    const get = async (path: string) => {
      const started = performance.now();
      const res = await app.request(path, { headers: { cookie } });
      const text = await res.text();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      return { ms, text };
    };
    /** p50/p95 of `runs` requests after 3 warm-ups, and the last answer. */
    const timed = async (path: string) => {
      let last = '';
      for (let i = 0; i < 3; i++) last = (await get(path)).text;
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push((await get(path)).ms);
      times.sort((a, b) => a - b);
      return { times, last, p50: percentile(times, 50), p95: percentile(times, 95) };
    };

    progress(`timing ${runs} requests of each kind`);
    // The floor: the least an admin request costs in this app (routing, session check, one tiny
    // query, JSON), and one PostgreSQL round trip.
    const floor = await timed('/api/admin/users');
    const roundTrips: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await database.pool.query('SELECT 1');
      roundTrips.push(performance.now() - started);
    }
    roundTrips.sort((a, b) => a - b);

    const unpaged = await timed('/api/admin/contributors');
    const parsed = ContributorsResponse.parse(JSON.parse(unpaged.last));
    if (parsed.contributors.length !== Math.min(records, CONTRIBUTORS_UNPAGED_LIMIT)) {
      throw new Error(
        `expected ${Math.min(records, CONTRIBUTORS_UNPAGED_LIMIT)} rows, got ${parsed.contributors.length}`,
      );
    }

    const pagePath = '/api/admin/contributors/page?limit=50';
    const firstPage = await timed(pagePath);
    const first = ContributorsPage.parse(JSON.parse(firstPage.last));
    if (first.total !== records || !first.nextCursor) throw new Error(`first page: total ${first.total}`);
    const nextPage = await timed(`${pagePath}&cursor=${first.nextCursor}`);
    // A name as an admin types it: a few hundred matches among the million.
    const searchTerm = 'number 4242';
    const search = await timed(`${pagePath}&q=${encodeURIComponent(searchTerm)}`);
    const searched = ContributorsPage.parse(JSON.parse(search.last));
    const byAmount = await timed(`${pagePath}&sort=amount`);
    const byName = await timed(`${pagePath}&sort=name`);
    const summaryAll = await timed('/api/admin/contributors/summary');
    const summaryTyped = await timed('/api/admin/contributors/summary?type=Membership');
    const summarySearched = await timed(`/api/admin/contributors/summary?q=${encodeURIComponent(searchTerm)}`);
    const summary = ContributorsSummaryResponse.parse(JSON.parse(summaryAll.last)).summary;

    // The full export once: its time, bytes and lines, and how much the process's resident memory
    // grows meanwhile (sampled every 20 ms; client and server share the process, the client only
    // counts what it reads).
    progress('exporting every record as CSV');
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const exportStart = performance.now();
    const exported = await app.request('/api/admin/contributors/export', { headers: { cookie } });
    if (exported.status !== 200 || !exported.body) throw new Error(`export answered ${exported.status}`);
    let exportBytes = 0;
    let exportLines = 0;
    for await (const chunk of exported.body as ReadableStream<Uint8Array>) {
      exportBytes += chunk.length;
      for (const byte of chunk) if (byte === 10) exportLines += 1;
    }
    const exportMs = performance.now() - exportStart;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    if (exportLines !== records + 1) throw new Error(`export: ${exportLines} lines for ${records} records`);

    const serviceTimes: number[] = [];
    for (let i = 0; i < Math.min(runs, 5); i++) {
      const started = performance.now();
      await listContributors(database.db);
      serviceTimes.push(performance.now() - started);
    }
    serviceTimes.sort((a, b) => a - b);

    // The dashboard's own row query, as the route runs it.
    const plan = await database.db.execute<{ 'QUERY PLAN': string }>(
      sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${contributorRowsSql()}`,
    );

    const bytes = Buffer.byteLength(unpaged.last);
    const cpu = cpus();
    const row = (name: string, t: { p50: number; p95: number }, target: string) =>
      `${name.padEnd(34)} p50 ${fmtMs(t.p50).padStart(10)}   p95 ${fmtMs(t.p95).padStart(10)}   ${target}`;
    const target = (t: { p95: number }, ms: number) => `target p95 <= ${ms} ms: ${t.p95 <= ms ? 'met' : 'NOT met'}`;
    const lines = [
      '',
      'Admin dashboard benchmark: GET /api/admin/contributors[/page|/summary] through createApp(...).request (no socket)',
      '',
      `machine     ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()} ${arch()}, Node ${process.version}`,
      `infra       PostgreSQL ${postgresVersion} (${postgres.source}), same machine`,
      `records     ${records}: ${mix.nDonations} donations, ${mix.nMemberships} memberships, ${mix.nRegistrations} registrations over 20 events ${reused ? `(kept database ${databaseName}, reused: migrated and vacuumed in ${(seedMs / 1000).toFixed(1)} s)` : `(seeded in ${(seedMs / 1000).toFixed(1)} s, of which ${(mix.indexMs / 1000).toFixed(1)} s rebuilding ${mix.indexes} indexes)`}`,
      `summary     ${JSON.stringify(summary)}`,
      `runs        ${runs} per line after 3 warm-ups`,
      '',
      row('floor: GET /api/admin/users', floor, ''),
      row('floor: SELECT 1 round trip', { p50: percentile(roundTrips, 50), p95: percentile(roundTrips, 95) }, ''),
      row(
        `unparameterised (${parsed.contributors.length} rows)`,
        unpaged,
        records <= 50_000 ? target(unpaged, 150) : '',
      ),
      row('page: first 50, by date', firstPage, target(firstPage, 100)),
      row('page: next 50 (cursor)', nextPage, target(nextPage, 100)),
      row(`page: search "${searchTerm}" (${searched.total})`, search, target(search, 100)),
      row('page: first 50 by amount', byAmount, target(byAmount, 100)),
      row('page: first 50 by name', byName, target(byName, 100)),
      row('summary: every record', summaryAll, target(summaryAll, 150)),
      row('summary: type Membership', summaryTyped, target(summaryTyped, 150)),
      row(`summary: search "${searchTerm}"`, summarySearched, target(summarySearched, 150)),
      `${'export: every record as CSV'.padEnd(34)} ${(exportMs / 1000).toFixed(1)} s, ${fmtBytes(exportBytes)}, resident memory +${fmtBytes(rssPeak - rssBefore)} at peak   target < 15 s and < 100 MiB: ${records < 1_000_000 ? 'n/a below 1,000,000 records' : exportMs < 15_000 && rssPeak - rssBefore < 100 * 2 ** 20 ? 'met' : 'NOT met'}`,
      '',
      `unparameterised: listContributors alone (both queries + mapping, no JSON): p50 ${fmtMs(percentile(serviceTimes, 50))}; ${fmtBytes(bytes)} JSON, ${fmtBytes(gzipSync(unpaged.last).length)} gzipped`,
      '',
      'plan of the unparameterised row query (EXPLAIN ANALYZE):',
      ...plan.rows.map((r) => `  ${r['QUERY PLAN']}`),
      '',
    ];
    process.stdout.write(lines.join('\n'));
    return 0;
  } catch (error) {
    process.stderr.write(
      `benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 1;
  } finally {
    progress('tearing down');
    for (const step of cleanup.reverse()) {
      await step().catch((error: unknown) => progress(`teardown problem: ${String(error)}`));
    }
  }
}

process.exit(await main());
