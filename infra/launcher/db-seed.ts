import { seedDemoContent } from '@pillars/platform/db';
import { withMigratedDatabase } from './database';

// `npm run db:seed`: insert the demo news and events; rows that exist (by slug) are kept.
await withMigratedDatabase('db:seed', async (database, { logger }) => {
  const inserted = await seedDemoContent(database.db);
  logger.info(inserted, 'demo content seeded');
});
