import { type Config, fromRepoRoot } from '@pillars/platform/config';
import type { Logger } from '@pillars/platform/logger';
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
