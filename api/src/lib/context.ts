import type { Config } from '@pillars/shared/config';
import type { Database } from '@pillars/shared/db';
import type { Logger } from '@pillars/shared/logger';
import type pg from 'pg';

/** What the app needs from the outside world; tests pass real instances of each. */
export interface AppDeps {
  config: Config;
  db: Database;
  pool: pg.Pool;
  logger: Logger;
  /** Clock injection point, so "upcoming" can be tested without waiting for time to pass. */
  now?: () => Date;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}
