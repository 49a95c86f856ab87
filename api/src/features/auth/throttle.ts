import { type Database, loginThrottle } from '@pillars/shared/db';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';

/**
 * Attempts counted in fixed windows: failed sign-ins per account and per client address, and
 * reset e-mails per address. Past the limit, sign-in is refused (429) until the window ends,
 * before any password is checked. Counters live in Redis with the Redis queue backend, and in
 * PostgreSQL otherwise, so every api replica sees the same counts.
 */
export type ThrottleRule = { limit: number; windowMs: number };

export const THROTTLE_RULES = {
  /** Guessing one admin's password: 5 tries per 15 minutes. */
  account: { limit: 5, windowMs: 15 * 60_000 },
  /** One address trying many accounts: 20 tries per 15 minutes. */
  address: { limit: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleKey = { key: string; rule: ThrottleRule };

export interface LoginThrottle {
  /** How long until sign-in is allowed again for any of the keys; 0 when it is. */
  retryAfterMs(keys: ThrottleKey[]): Promise<number>;
  /** Counts one more attempt against each key: a failed sign-in, or a reset e-mail asked for. */
  hit(keys: ThrottleKey[]): Promise<void>;
  /** A successful sign-in clears the account's count (not the address's). */
  clear(key: ThrottleKey): Promise<void>;
  close(): Promise<void>;
}

export function throttleKeys(username: string, address: string): { account: ThrottleKey; address: ThrottleKey } {
  return {
    account: { key: `login:account:${username.trim().toLowerCase()}`, rule: THROTTLE_RULES.account },
    address: { key: `login:address:${address}`, rule: THROTTLE_RULES.address },
  };
}

export function redisThrottle(redisUrl: string, prefix: string): LoginThrottle {
  // Sign-in must not hang on an unreachable Redis: a command waits 2 s at most, like the queue
  // producers; sign-in then fails (closed) rather than skipping the throttle.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 2000 });
  const k = (key: ThrottleKey) => `${prefix}:${key.key}`;
  return {
    async retryAfterMs(keys) {
      let wait = 0;
      for (const key of keys) {
        const [[, count], [, ttl]] = (await redis.multi().get(k(key)).pttl(k(key)).exec()) as [
          [unknown, string | null],
          [unknown, number],
        ];
        if (Number(count ?? 0) >= key.rule.limit && ttl > 0) wait = Math.max(wait, ttl);
      }
      return wait;
    },
    async hit(keys) {
      for (const key of keys) {
        const [[, count]] = (await redis.multi().incr(k(key)).pttl(k(key)).exec()) as [[unknown, number]];
        if (count === 1) await redis.pexpire(k(key), key.rule.windowMs);
      }
    },
    async clear(key) {
      await redis.del(k(key));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function postgresThrottle(db: Database, now: () => Date = () => new Date()): LoginThrottle {
  return {
    async retryAfterMs(keys) {
      let wait = 0;
      for (const key of keys) {
        const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key.key)).limit(1);
        const left = row ? row.windowEndsAt.getTime() - now().getTime() : 0;
        if (row && row.failures >= key.rule.limit && left > 0) wait = Math.max(wait, left);
      }
      return wait;
    },
    async hit(keys) {
      for (const key of keys) {
        const at = now();
        const windowEndsAt = new Date(at.getTime() + key.rule.windowMs);
        // A new window when the old one has ended; otherwise one more failure in it.
        await db
          .insert(loginThrottle)
          .values({ key: key.key, failures: 1, windowEndsAt })
          .onConflictDoUpdate({
            target: loginThrottle.key,
            set: {
              failures: sql`CASE WHEN ${loginThrottle.windowEndsAt} <= ${at} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
              windowEndsAt: sql`CASE WHEN ${loginThrottle.windowEndsAt} <= ${at} THEN ${windowEndsAt} ELSE ${loginThrottle.windowEndsAt} END`,
            },
          });
      }
    },
    async clear(key) {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key.key));
    },
    async close() {},
  };
}
