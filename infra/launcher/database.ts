import { type Config, fromRepoRoot, loadConfigOrExit } from '@pillars/platform/config';
import { createDatabase, runMigrations } from '@pillars/platform/db';
import { type Logger, createLogger } from '@pillars/platform/logger';
import asyncExitHook from 'async-exit-hook';

export interface ProvidedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR (started or reused). */
export async function provideDatabase(config: Config, logger: Logger): Promise<ProvidedDatabase> {
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, embedded: false, stop: () => Promise.resolve() };
  }
  // Imported here, not at the top: the production image runs db-seed against DATABASE_URL and
  // carries no embedded PostgreSQL (docs/decisions/030-process-lifecycle.md).
  const { startEmbeddedPostgres } = await import('@pillars/embedded/postgres').catch((cause: unknown) => {
    throw new Error('DATABASE_URL is not set, and this installation has no embedded PostgreSQL: set DATABASE_URL', {
      cause,
    });
  });
  const dataDir = fromRepoRoot(config.DATA_DIR);
  logger.info({ dataDir, port: config.EMBEDDED_POSTGRES_PORT }, 'starting embedded PostgreSQL');
  const pg = await startEmbeddedPostgres({
    dataDir,
    port: config.EMBEDDED_POSTGRES_PORT,
    database: 'pillars',
    persistent: true,
    onLog: (message) => logger.debug({ postgres: message.trim() }, 'postgres'),
  });
  // embedded-postgres installs signal handlers that stop the database at once. The launcher
  // stops its children first and the database last, so it takes those signals over.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) asyncExitHook.unhookEvent(signal);
  if (!pg.owned) logger.info('reusing the embedded PostgreSQL another process started');
  return { url: pg.url, embedded: true, stop: () => pg.stop() };
}

/**
 * A launcher command's work on its database (DATABASE_URL, else the embedded one), with the
 * committed migrations applied first; after it, the connection is closed and a server this
 * command started is stopped. `name` names the command's logs.
 */
export async function withMigratedDatabase<T>(
  name: string,
  work: (database: ReturnType<typeof createDatabase>, context: { config: Config; logger: Logger }) => Promise<T>,
): Promise<T> {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name });
  const provided = await provideDatabase(config, logger);
  const database = createDatabase(provided.url, { max: 1 });
  try {
    await runMigrations(database.pool);
    return await work(database, { config, logger });
  } finally {
    await database.close();
    await provided.stop();
  }
}
