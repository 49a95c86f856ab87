import { serve } from '@hono/node-server';
import { loadConfigOrExit } from '@pillars/shared/config';
import { createDatabase, runMigrations } from '@pillars/shared/db';
import { createLogger } from '@pillars/shared/logger';
import { createApp } from './app';

const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'api' });

if (!config.DATABASE_URL) {
  logger.fatal('DATABASE_URL is not set. `npm start` provides an embedded database; see README.md.');
  process.exit(1);
}

const database = createDatabase(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
await runMigrations(database.pool);

const app = createApp({ config, logger, ...database });
const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, (info) => {
  logger.info({ port: info.port }, 'api listening');
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'api stopping');
  // Stop accepting connections, let in-flight requests finish, then release the pool.
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
  logger.info('api stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
