import { type Config, loadConfig } from '@pillars/platform/config';
import type { DatabaseHandle } from '@pillars/platform/db';
import type { QueueBackend } from '@pillars/platform/jobs';
import { GENEROUS_LIMITS, type LimitRules, type Limiters, createLimiters, limitersOf } from '@pillars/platform/limits';
import { type Logger, createLogger } from '@pillars/platform/logger';
import type { MediaStore } from '@pillars/platform/media';
import type { Registry } from '@pillars/platform/metrics';
import type { CardProvider } from '@pillars/money/provider';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { createApp } from '../app';
import type { PaymentEvents } from '../lib/payment-events';

export interface TestAppOptions {
  queues: QueueBackend;
  provider: CardProvider;
  env?: Record<string, string>;
  now?: () => Date;
  logger?: Logger;
  paymentEvents?: PaymentEvents;
  /**
   * The rate limits: a limiter set (e.g. over Redis), or rules for the PostgreSQL store. Default:
   * GENEROUS_LIMITS in memory, so suites that send many requests from one client (app.request has no socket,
   * so every request comes from "unknown") never meet a limit; the limit tests pass LIMITS.
   */
  limiters?: Limiters | LimitRules;
  media?: MediaStore;
  /** The app's metrics registry, for tests that read it directly; the app's own when omitted. */
  metrics?: Registry;
}

/** The real app over real test infrastructure; only the clock, config and logger are the test's. */
export function testApp(database: DatabaseHandle, options: TestAppOptions) {
  const config: Config = loadConfig({ NODE_ENV: 'test', ...options.env });
  const limiters =
    options.limiters === undefined
      ? // Never reached, so counted in memory: the suites' statement counts stay the app's own.
        createLimiters({ prefix: 'test', hashKey: config.RATE_LIMIT_HASH_KEY, rules: GENEROUS_LIMITS })
      : 'consume' in options.limiters
        ? options.limiters
        : limitersOf(config, database.pool, options.limiters);
  return createApp({
    config,
    db: database.db,
    pool: database.pool,
    logger: options.logger ?? createLogger({ level: 'silent' }),
    queues: options.queues,
    provider: options.provider,
    providerName: options.provider.name,
    ...(options.paymentEvents ? { paymentEvents: options.paymentEvents } : {}),
    ...(options.now ? { now: options.now } : {}),
    limiters,
    ...(options.media ? { media: options.media } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
}

/** Redis queues of the file's own and a sandbox provider, for tests that build the app. */
export async function useAppInfra(database: DatabaseHandle & { url: string }) {
  const [queues, sandbox] = await Promise.all([useQueueBackend('redis', database.url), useSandbox()]);
  return { queues, ...sandbox };
}
