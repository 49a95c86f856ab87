import { loadConfigOrExit } from '@pillars/platform/config';
import { createDatabase, runMigrations } from '@pillars/platform/db';
import { createLogger } from '@pillars/platform/logger';
import { provideDatabase } from './database';

// `npm run db:migrate`: apply committed migrations to DATABASE_URL or the embedded database.
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'db:migrate' });
const provided = await provideDatabase(config, logger);
const database = createDatabase(provided.url, { max: 1 });
try {
  await runMigrations(database.pool);
  logger.info('migrations applied');
} finally {
  await database.close();
  await provided.stop();
}
