import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate` to write a new migration from the schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './shared/platform/src/db/schema/index.ts',
  out: './shared/platform/src/db/migrations',
  casing: 'snake_case',
});
