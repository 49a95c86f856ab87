import { createHmac } from 'node:crypto';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger';

/**
 * Every rate limit of the site, in one place (docs/decisions/026). rate-limiter-flexible's units:
 * `points` per `duration` seconds; past them a key is refused until its window ends, or for
 * `blockDuration` seconds when one is set. Each number is the ADR's, with its reason beside it.
 */
export interface LimitRule {
  points: number;
  /** Seconds. */
  duration: number;
  /** Seconds a key stays refused once over its points (0: until the window ends). */
  blockDuration?: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /** Guessing one admin's password: 5 tries per 15 minutes (the product's rule since ADR 009). */
  signInAccount: { points: 5, duration: 15 * MINUTE },
  /** One address trying many accounts: 20 tries per 15 minutes, room for a shared office address. */
  signInAddress: { points: 20, duration: 15 * MINUTE },
  /**
   * Reset e-mails asked for one address: enough for a typo and a retry, not enough to flood a
   * mailbox. Over it the request is silently dropped: the answer never tells whether an admin exists.
   */
  resetRecipient: { points: 5, duration: HOUR },
  /** Reset e-mails asked from one client: a sweep of guessed addresses is refused (429). */
  resetAddress: { points: 20, duration: HOUR },
  /** Manage links asked for one address (docs/decisions/020): a typo and a retry, not a flood. */
  manageLinkRecipient: { points: 5, duration: HOUR },
  /** Manage links asked from one client: a household's, not a sweep of guessed addresses. */
  manageLinkAddress: { points: 20, duration: HOUR },
  /**
   * Every public write (forms, payments, links) from one client: a person submits a handful of
   * forms an hour; 60 in 10 minutes leaves room for a family or an office behind one address, and
   * stops a script. Over it, the address waits 10 minutes.
   */
  publicWriteAddress: { points: 60, duration: 10 * MINUTE, blockDuration: 10 * MINUTE },
  /**
   * Charges started from one client (card testing: many small charges with stolen cards). A donor
   * gives once or twice; 10 an hour leaves room for a household and a few declines.
   */
  chargeAddress: { points: 10, duration: HOUR },
  /** Charges for one payer e-mail: 5 an hour (a gift, a membership, a registration and retries). */
  chargeEmail: { points: 5, duration: HOUR },
  /**
   * Charges with one card token: a token is made for one payment, so a few uses (retries) are
   * honest and more is someone probing amounts with one card.
   */
  chargeToken: { points: 3, duration: HOUR },
  /**
   * Declines counted by the worker per payer e-mail: 3 declines in a day refuse new charges for
   * that e-mail until the day from the first decline ends. A donor who mistypes twice still gets
   * a third try; a card tester cycling cards under one e-mail is stopped.
   */
  declinesEmail: { points: 3, duration: 24 * HOUR },
  /**
   * Declines counted by the worker per client address (its pseudonym, carried in the charge job):
   * 5 in a day refuse new charges from that address until the day from the first decline ends.
   * More than per e-mail, since a household or an office shares an address; a tester rotating
   * e-mails and cards from one machine is stopped.
   */
  declinesAddress: { points: 5, duration: 24 * HOUR },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;
export type LimitRules = Record<LimitName, LimitRule>;

/** Rules so wide no test reaches them: for suites that send thousands of requests from one client. */
export const GENEROUS_LIMITS: LimitRules = Object.fromEntries(
  Object.entries(LIMITS).map(([name, rule]) => [name, { ...rule, points: 1_000_000 }]),
) as LimitRules;

/** A refused request: how long until the key is allowed again. */
export interface Refusal {
  retryAfterMs: number;
}

export interface Limiters {
  readonly rules: LimitRules;
  /**
   * Spends `points` on the key of `value` under the limit; null when allowed, the wait when refused.
   * Atomic in both stores: concurrent calls each get their own count. A store error is thrown.
   */
  consume(name: LimitName, value: string, points?: number): Promise<Refusal | null>;
  /** Whether the key is over its points, without spending any (for counts others add to). */
  refused(name: LimitName, value: string): Promise<Refusal | null>;
  /** Forgets the key's count. */
  clear(name: LimitName, value: string): Promise<void>;
  /**
   * The keyed hash the store counts `value` under: what a charge job carries to name its client
   * address, so the worker can count a decline against it without the address itself ever being
   * stored (docs/decisions/026). Counting a pseudonym hashes it again, the same way on every side.
   */
  pseudonymOf(value: string): string;
  /** Gives points back (a successful sign-in is not held against its address). */
  reward(name: LimitName, value: string, points?: number): Promise<void>;
  close(): Promise<void>;
}

export interface LimiterStoreOptions {
  /** Redis (production); without it, the `rate_limits` table in PostgreSQL. */
  redisUrl?: string | undefined;
  /**
   * Without Redis or a pool, the counts live in this process's memory: only for tests whose
   * generous limits are never reached, so they cost the database nothing.
   */
  pool?: pg.Pool | undefined;
  /** Namespace of the Redis keys, so deployments can share a server (QUEUE_PREFIX). */
  prefix: string;
  /** Keys the hash of every counted value (RATE_LIMIT_HASH_KEY): the store never holds an address or e-mail. */
  hashKey: string;
  rules?: LimitRules | undefined;
}

/** How often expired rows leave the PostgreSQL table (Redis expires its keys itself). */
const PG_CLEANUP_MS = 5 * 60_000;

/**
 * The limiters over one store: Redis when REDIS_URL is set, else PostgreSQL's `rate_limits` table
 * (created by migration 0010, so the library never creates tables at run time).
 */
export function createLimiters(options: LimiterStoreOptions): Limiters {
  const rules = options.rules ?? LIMITS;
  const names = Object.keys(rules) as LimitName[];
  let redis: Redis | undefined;
  let cleanup: NodeJS.Timeout | undefined;
  type Limiter = RateLimiterRedis | RateLimiterPostgres | RateLimiterMemory;
  let make: (name: LimitName, rule: LimitRule) => Limiter;
  if (options.redisUrl) {
    // A limiter must not hang on an unreachable Redis: a command waits 2 s at most, then fails;
    // each door decides whether that refuses (sign-in) or lets through (docs/decisions/026).
    // Auto-pipelined: the checks a request makes at once (a charge's three counts) share one write.
    const client = new Redis(options.redisUrl, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: 2000,
      enableAutoPipelining: true,
    });
    client.on('error', () => undefined);
    redis = client;
    make = (name, rule) =>
      new RateLimiterRedis({ storeClient: client, keyPrefix: `${options.prefix}:limits:${name}`, ...rule });
  } else if (!options.pool) {
    make = (name, rule) => new RateLimiterMemory({ keyPrefix: name, ...rule });
  } else {
    const { pool } = options;
    make = (name, rule) =>
      new RateLimiterPostgres({
        storeClient: pool,
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: name,
        ...rule,
      });
    // The library's own cleanup timer would keep the process alive; this one does not.
    cleanup = setInterval(() => {
      pool.query('DELETE FROM rate_limits WHERE expire < $1', [Date.now()]).catch(() => undefined);
    }, PG_CLEANUP_MS);
    cleanup.unref();
  }
  const limiters = Object.fromEntries(names.map((name) => [name, make(name, rules[name])])) as Record<
    LimitName,
    Limiter
  >;
  const keyOf = (value: string) => createHmac('sha256', options.hashKey).update(value).digest('base64url');

  return {
    rules,
    async consume(name, value, points = 1) {
      try {
        await limiters[name].consume(keyOf(value), points);
        return null;
      } catch (error) {
        if (error instanceof RateLimiterRes) return { retryAfterMs: Math.max(error.msBeforeNext, 1000) };
        throw error;
      }
    },
    async refused(name, value) {
      if (redis) return refusedInRedis(redis, limiters[name].getKey(keyOf(value)), rules[name].points);
      const res = await limiters[name].get(keyOf(value));
      if (!res || res.consumedPoints < rules[name].points) return null;
      return { retryAfterMs: Math.max(res.msBeforeNext, 1000) };
    },
    pseudonymOf: keyOf,
    async clear(name, value) {
      await limiters[name].delete(keyOf(value));
    },
    async reward(name, value, points = 1) {
      await limiters[name].reward(keyOf(value), points);
    },
    async close() {
      if (cleanup) clearInterval(cleanup);
      await redis?.quit().catch(() => redis?.disconnect());
    },
  };
}

/**
 * `refused` on Redis, reading the count the library keeps under `rlKey` (its own key for the
 * value): a plain GET that auto-pipelines with the request's other checks, and the wait (PTTL)
 * only for a key over its points. The library's own read is a MULTI of GET and PTTL for every
 * check, four commands where an allowed charge needs one; nothing is written either way.
 */
async function refusedInRedis(redis: Redis, rlKey: string, points: number): Promise<Refusal | null> {
  const consumed = await redis.get(rlKey);
  if (consumed === null || Number.parseInt(consumed, 10) < points) return null;
  return { retryAfterMs: Math.max(await redis.pttl(rlKey), 1000) };
}

/**
 * For doors that fail open (public writes, charges): a store outage lets the request through with
 * a warning, so a limiter failure never blocks a payment (docs/decisions/026).
 */
export async function orAllowOnOutage(
  logger: Logger,
  name: LimitName,
  check: () => Promise<Refusal | null>,
): Promise<Refusal | null> {
  try {
    return await check();
  } catch (error) {
    logger.warn(
      { limit: name, error: error instanceof Error ? error.message : String(error) },
      'rate limiter unavailable; allowed',
    );
    return null;
  }
}

/** The limiters a process's config asks for: Redis when REDIS_URL is set, PostgreSQL otherwise. */
export function limitersOf(
  config: {
    REDIS_URL?: string | undefined;
    QUEUE_PREFIX: string;
    RATE_LIMIT_HASH_KEY: string;
    RATE_LIMITS_RELAXED: boolean;
  },
  pool: pg.Pool,
  rules?: LimitRules,
): Limiters {
  return createLimiters({
    redisUrl: config.REDIS_URL,
    pool,
    prefix: config.QUEUE_PREFIX,
    hashKey: config.RATE_LIMIT_HASH_KEY,
    rules: rules ?? (config.RATE_LIMITS_RELAXED ? GENEROUS_LIMITS : LIMITS),
  });
}
