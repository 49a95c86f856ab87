import { type Config, ConfigError, type ProviderConfig, loadConfigOrExit, providerConfigOf } from '../config';
import { type DatabaseHandle, createDatabase, runMigrations } from '../db';
import { type QueueBackend, createQueueBackend } from '../jobs';
import { type Logger, createLogger } from '../logger';

export interface Runtime {
  config: Config;
  logger: Logger;
  databaseUrl: string;
  database: DatabaseHandle;
  /** The card provider's validated settings; the process builds its provider from them (@pillars/money/provider). */
  providerConfig: ProviderConfig;
  queues: QueueBackend;
}

/**
 * What every server process (api, worker) starts with: validated config, a logger, a migrated
 * database, the card provider's settings and the queue backend. Misconfiguration exits with the list.
 */
export async function bootstrap(name: string): Promise<Runtime> {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, name });
  const databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    logger.fatal('DATABASE_URL is not set. `npm start` provides an embedded database; see README.md.');
    process.exit(1);
  }
  let providerConfig: ProviderConfig;
  try {
    providerConfig = providerConfigOf(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const database = createDatabase(databaseUrl, { max: config.DATABASE_POOL_MAX, name });
  await runMigrations(database.pool);
  const queues = await createQueueBackend({
    redisUrl: config.REDIS_URL,
    databaseUrl,
    prefix: config.QUEUE_PREFIX,
    lockMs: config.WORKER_LOCK_MS,
    name,
    logger,
  });
  warnOfQueuesInPostgres(config, logger);
  return { config, logger, databaseUrl, database, providerConfig, queues };
}

/** Production without REDIS_URL: the PostgreSQL queues' trade-off, said at start (docs/decisions/006). */
export function warnOfQueuesInPostgres(config: Pick<Config, 'NODE_ENV' | 'REDIS_URL'>, logger: Logger): void {
  if (config.NODE_ENV !== 'production' || config.REDIS_URL) return;
  logger.warn(
    'REDIS_URL is not set: queues run on PostgreSQL, which is slower than Redis and holds more database ' +
      'connections (each api and worker replica adds its queue pool and LISTEN connection); it suits ' +
      'one-machine installs, not several replicas. Set REDIS_URL (docs/decisions/006)',
  );
}

/** Runs `stop` once on SIGTERM or SIGINT, logging around it, then exits 0. */
export function onShutdown(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handle = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void handle('SIGTERM'));
  process.on('SIGINT', () => void handle('SIGINT'));
}
