// Server-only: drizzle schema, client, migrations and seed. Never imported by the web app.
export * from './schema';
export * from './client';
export * from './migrate';
export * from './seed';
export * from './reset-tokens';
export * from './statement';
export * from './manage-links';
export * from './audit';
export * from './slugs';
