import { loadConfigOrExit } from '@pillars/platform/config';
import { createDatabase, runMigrations, seedDemoContent } from '@pillars/platform/db';
import { createLogger } from '@pillars/platform/logger';
import { provideDatabase } from './database';

// `npm run db:seed`: insert the demo news and events; rows that exist (by slug) are kept.
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'db:seed' });
const provided = await provideDatabase(config, logger);
const database = createDatabase(provided.url, { max: 1 });
try {
  await runMigrations(database.pool);
  const inserted = await seedDemoContent(database.db);
  logger.info(inserted, 'demo content seeded');
} finally {
  await database.close();
  await provided.stop();
}
