import { type Config, loadConfig } from '@pillars/shared/config';
import type { DatabaseHandle } from '@pillars/shared/db';
import { createLogger } from '@pillars/shared/logger';
import { createApp } from '../app';

/** The real app over a real test database; only the clock and config are chosen by the test. */
export function testApp(database: DatabaseHandle, options: { env?: Record<string, string>; now?: () => Date } = {}) {
  const config: Config = loadConfig({ NODE_ENV: 'test', ...options.env });
  return createApp({
    config,
    db: database.db,
    pool: database.pool,
    logger: createLogger({ level: 'silent' }),
    ...(options.now ? { now: options.now } : {}),
  });
}
