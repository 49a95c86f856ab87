import { withMigratedDatabase } from './database';

// `npm run db:migrate`: apply committed migrations to DATABASE_URL or the embedded database.
await withMigratedDatabase('db:migrate', (_database, { logger }) => {
  logger.info('migrations applied');
  return Promise.resolve();
});
