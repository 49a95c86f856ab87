/**
 * What the payments benchmark runs on: PostgreSQL with pg_stat_statements (TEST_DATABASE_URL's
 * server, else an embedded one), a fresh migrated database, an observer role whose own queries the
 * statement counts leave out, and Redis for `--queues redis`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, runMigrations } from '@pillars/platform/db';
import { type QueueBackendKind } from '@pillars/platform/jobs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startEmbeddedPostgres } from '@pillars/embedded/postgres';
import { withDatabase } from '@pillars/testing/postgres';
import { freePort } from '@pillars/testing/provision';
import { provideTestRedis } from '@pillars/testing/redis';
import { dropDatabase } from '@pillars/testing/template-database';
import { type Teardown, assertLoopback, errorOf, progress, untilAborted } from './common';

export interface Infra {
  postgresSource: string;
  postgresVersion: string;
  /** PID of the postmaster when this run started it (for CPU time), else undefined. */
  postgresPid: number | undefined;
  redisSource: string;
  redisVersion: string;
  /** The database the app uses, as the role it uses. */
  databaseUrl: string;
  databaseName: string;
  /** The same database as the observer role, for the bench's own checks. */
  observerUrl: string | undefined;
  redisUrl: string | undefined;
  prefix: string;
  /** Counts statements, or says why it cannot. */
  statements: StatementCounter | { unavailable: string };
}

export interface StatementCount {
  calls: number;
  top: { query: string; calls: number }[];
}

export interface StatementCounter {
  /** Forgets this database's statement counts. */
  reset(): Promise<void>;
  /** Calls by the app's role in the bench database since the last reset (observer excluded). */
  read(topN: number): Promise<StatementCount>;
}

/** Embedded PostgreSQL loads the extension at start (`-c shared_preload_libraries=…`). */
const STAT_SETTINGS = { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'top' };

/** TEST_DATABASE_URL's server, else an embedded one on `port` (any free port when unset). */
export async function providePostgres(
  teardown: Teardown,
  signal: AbortSignal,
  port?: number,
): Promise<{ adminUrl: string; source: string; pid: number | undefined }> {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) return { adminUrl: fromEnv, source: 'TEST_DATABASE_URL', pid: undefined };
  const dataDir = await mkdtemp(join(tmpdir(), 'pillars-bench-pg-'));
  teardown.add('PostgreSQL data directory', () => rm(dataDir, { recursive: true, force: true }));
  // mkdtemp makes it private to us; as root, PostgreSQL runs as another user that must enter it.
  await chmod(dataDir, 0o755);
  const server = await untilAborted(
    startEmbeddedPostgres({
      dataDir,
      port: port ?? (await freePort()),
      database: 'postgres',
      persistent: false,
      settings: STAT_SETTINGS,
    }),
    signal,
  );
  teardown.add('PostgreSQL (embedded)', () => server.stop());
  const pidFile = await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(pidFile.split('\n')[0]);
  return { adminUrl: server.adminUrl, source: 'embedded, pg_stat_statements loaded', pid: pid > 0 ? pid : undefined };
}

/**
 * pg_stat_statements in the maintenance database (it sees every database's statements), counting
 * only the app's role in the bench database: the observer's checks run as another role, and the
 * reads of the counts themselves run in another database.
 */
async function statementCounter(
  adminUrl: string,
  databaseName: string,
  appRole: string,
  teardown: Teardown,
): Promise<StatementCounter | { unavailable: string }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let created = false;
  try {
    const { rowCount } = await admin.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements'`);
    if (!rowCount) {
      await admin.query('CREATE EXTENSION pg_stat_statements');
      created = true;
    }
    await admin.query('SELECT count(*) FROM pg_stat_statements');
  } catch (error) {
    // Leave the server as it was: the extension stays only if it was there before.
    if (created) await admin.query('DROP EXTENSION IF EXISTS pg_stat_statements').catch(() => undefined);
    await admin.end();
    const reason = errorOf(error).message;
    return { unavailable: `pg_stat_statements is not usable on this server (${reason})` };
  }
  teardown.add('statement counter', async () => {
    if (created) await admin.query('DROP EXTENSION IF EXISTS pg_stat_statements').catch(() => undefined);
    await admin.end();
  });
  const { rows } = await admin.query<{ dbid: string; userid: string }>(
    `SELECT (SELECT oid FROM pg_database WHERE datname = $1)::text AS dbid,
            (SELECT oid FROM pg_roles WHERE rolname = $2)::text AS userid`,
    [databaseName, appRole],
  );
  const dbid = rows[0]?.dbid;
  const userid = rows[0]?.userid;
  return {
    async reset() {
      await admin.query('SELECT pg_stat_statements_reset(0::oid, $1::oid, 0::bigint)', [dbid]);
    },
    async read(topN) {
      // Ordered by the bigint column (an output alias of the text would sort as text).
      const result = await admin.query<{ query: string; calls: string }>(
        `SELECT s.query, s.calls::text AS calls FROM pg_stat_statements s
          WHERE s.dbid = $1::oid AND s.userid = $2::oid ORDER BY s.calls DESC, s.query`,
        [dbid, userid],
      );
      const all = result.rows.map((row) => ({ query: row.query, calls: Number(row.calls) }));
      return { calls: all.reduce((sum, row) => sum + row.calls, 0), top: all.slice(0, topN) };
    },
  };
}

/** A login role that reads everything and writes nothing: the bench's checks run as it. */
async function createObserver(
  admin: pg.Client,
  adminUrl: string,
  databaseName: string,
  teardown: Teardown,
): Promise<string | { unavailable: string }> {
  const role = `bench_observer_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const password = randomBytes(18).toString('hex');
  try {
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
  } catch (error) {
    return { unavailable: `cannot create an observer role (${errorOf(error).message})` };
  }
  teardown.add(`role ${role}`, async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP ROLE IF EXISTS ${role}`);
    } finally {
      await client.end();
    }
  });
  try {
    await admin.query(`GRANT pg_read_all_data TO ${role}`);
  } catch (error) {
    return { unavailable: `cannot let the observer role read (${errorOf(error).message})` };
  }
  const url = new URL(withDatabase(adminUrl, databaseName));
  url.username = role;
  url.password = password;
  return url.toString();
}

export async function provision(queues: QueueBackendKind, teardown: Teardown, signal: AbortSignal): Promise<Infra> {
  progress('starting PostgreSQL');
  const postgres = await providePostgres(teardown, signal);
  assertLoopback(postgres.adminUrl, 'the PostgreSQL URL');

  const databaseName = `bench_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await untilAborted(admin.connect(), signal);
  let postgresVersion: string;
  let appRole: string;
  let observer: string | { unavailable: string };
  try {
    await admin.query(`CREATE DATABASE ${databaseName}`);
    teardown.add(`database ${databaseName}`, () => dropDatabase(postgres.adminUrl, databaseName));
    const { rows } = await admin.query<{ server_version: string; role: string }>(
      'SELECT current_setting($1) AS server_version, current_user AS role',
      ['server_version'],
    );
    postgresVersion = rows[0]?.server_version ?? 'unknown';
    appRole = rows[0]?.role ?? 'postgres';
    observer = await createObserver(admin, postgres.adminUrl, databaseName, teardown);
  } finally {
    await admin.end();
  }
  const databaseUrl = withDatabase(postgres.adminUrl, databaseName);

  progress(`migrating database ${databaseName}`);
  const migrator = createDatabase(databaseUrl, { max: 1 });
  try {
    await untilAborted(runMigrations(migrator.pool), signal);
  } finally {
    await migrator.close();
  }
  const statements =
    typeof observer === 'string'
      ? await statementCounter(postgres.adminUrl, databaseName, appRole, teardown)
      : observer;

  // Unique per run: Redis key prefix, or the schema of BullMQ's PostgreSQL backend.
  const prefix = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let redisUrl: string | undefined;
  let redisSource = 'not used';
  let redisVersion = '';
  if (queues === 'redis') {
    progress('starting Redis');
    const dataDir = await mkdtemp(join(tmpdir(), 'pillars-bench-redis-'));
    teardown.add('Redis data directory', () => rm(dataDir, { recursive: true, force: true }));
    const redis = await untilAborted(provideTestRedis(dataDir), signal);
    teardown.add(`Redis (${redis.source})`, () => redis.stop());
    assertLoopback(redis.url, 'the Redis URL');
    redisUrl = redis.url;
    redisSource = redis.source;
    const probe = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      const info = await probe.info('server');
      redisVersion = /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
    } finally {
      probe.disconnect();
    }
    // On a shared Redis (TEST_REDIS_URL) leave nothing behind: delete this run's keys.
    const url = redis.url;
    teardown.add(`Redis keys ${prefix}:*`, () => deleteRedisKeys(url, prefix));
  }
  return {
    postgresSource: postgres.source,
    postgresVersion,
    postgresPid: postgres.pid,
    redisSource,
    redisVersion,
    databaseUrl,
    databaseName,
    observerUrl: typeof observer === 'string' ? observer : undefined,
    redisUrl,
    prefix,
    statements,
  };
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    // Bounded: SCAN visits every key once per full pass; 100 000 batches is far beyond a run's keys.
    for (let batch = 0; batch < 100_000; batch++) {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = nextCursor;
      if (cursor === '0') return;
    }
  } finally {
    redis.disconnect();
  }
}

/** Redis's own CPU seconds (user + system), in ms; works for any server the bench can reach. */
export async function redisCpuMs(url: string): Promise<number | undefined> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const info = await redis.info('cpu');
    const user = Number(/used_cpu_user:([\d.]+)/.exec(info)?.[1]);
    const sys = Number(/used_cpu_sys:([\d.]+)/.exec(info)?.[1]);
    return Number.isFinite(user + sys) ? (user + sys) * 1000 : undefined;
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}
