import type { Config } from '@pillars/platform/config';
import type { Database } from '@pillars/platform/db';
import type { QueueBackend } from '@pillars/platform/jobs';
import type { Limiters } from '@pillars/platform/limits';
import type { Logger } from '@pillars/platform/logger';
import type { MediaStore } from '@pillars/platform/media';
import type { Registry } from '@pillars/platform/metrics';
import type { CardProvider } from '@pillars/money/provider';
import type pg from 'pg';
import type { ValidSession } from './session/sessions';
import type { PaymentEvents } from './payment-events';

/** What the app needs from the outside world; tests pass real instances of each. */
export interface AppDeps {
  config: Config;
  db: Database;
  pool: pg.Pool;
  logger: Logger;
  /** Where charges are queued (Redis, or BullMQ's PostgreSQL backend). */
  queues: QueueBackend;
  /** Used synchronously only by the raw-card fallback; charges happen in the worker. */
  provider: CardProvider;
  /** Sent back as `provider` in payment responses, a field the product's API fixes. */
  providerName: string;
  /** Makes payment long-polls answer as soon as the worker settles; optional in tests. */
  paymentEvents?: PaymentEvents;
  /** Clock injection point, so "upcoming" can be tested without waiting for time to pass. */
  now?: () => Date;
  /** Uploaded images; the store MEDIA_* and DATA_DIR configure when omitted (docs/decisions/023). */
  media?: MediaStore;
  /**
   * Every rate limit (shared/platform/src/limits, docs/decisions/026). Omitted: the real rules over
   * REDIS_URL's Redis, or PostgreSQL without it. Tests pass their own (test/test-app.ts).
   */
  limiters?: Limiters;
  /**
   * Where the app's metrics go (GET /metrics); a registry of its own when omitted, so tests building
   * several apps in one process never share one (docs/decisions/029).
   */
  metrics?: Registry;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** The admin's session, when the request carries a valid session cookie. */
    session?: ValidSession;
  };
}
