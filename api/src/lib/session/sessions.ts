import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { Config } from '@pillars/platform/config';
import { type Database, sessions, users } from '@pillars/platform/db';
import { eq, lt } from 'drizzle-orm';

/**
 * Sessions after Lucia's current guide (lucia-auth.com, "Basic session API"): the cookie holds
 * `<id>.<secret>`, each 120 random bits; the database keeps the id and the SHA-256 of the
 * secret, compared in constant time, so a leaked sessions table signs nobody in.
 */

export type SessionUser = { id: string; username: string };
export type ValidSession = { id: string; user: SessionUser; expiresAt: Date };

/** A refreshed idle timer is written at most this often, not on every request. */
const ACTIVITY_WRITE_EVERY_MS = 60_000;

/** 24 characters of base32 = 120 bits from the CSPRNG (admin and manage sessions alike). */
export function randomSecret(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)));
}

export function hashSecret(secret: string): Buffer {
  return Buffer.from(sha256(new TextEncoder().encode(secret)));
}

export type SessionTimeouts = { idleMs: number; absoluteMs: number };

export function sessionTimeoutsOf(config: Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>) {
  return { idleMs: config.SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000 };
}

export function createSessionStore(db: Database, timeouts: SessionTimeouts, now: () => Date = () => new Date()) {
  return {
    /** A new session for a fresh sign-in; the token goes into the cookie and nowhere else. */
    async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const id = randomSecret();
      const secret = randomSecret();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + timeouts.absoluteMs);
      await db.insert(sessions).values({
        id,
        userId,
        secretHash: hashSecret(secret),
        createdAt,
        lastVerifiedAt: createdAt,
        expiresAt,
      });
      return { token: `${id}.${secret}`, expiresAt };
    },

    /** The session and its user, or null when the token is malformed, unknown, wrong or expired. */
    async validate(token: string | undefined): Promise<ValidSession | null> {
      const [id, secret, extra] = token?.split('.') ?? [];
      if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
      const [row] = await db
        .select({
          id: sessions.id,
          secretHash: sessions.secretHash,
          lastVerifiedAt: sessions.lastVerifiedAt,
          expiresAt: sessions.expiresAt,
          userId: users.id,
          username: users.username,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id))
        .limit(1);
      if (!row || !constantTimeEqual(hashSecret(secret), row.secretHash)) return null;
      const at = now().getTime();
      if (at >= row.expiresAt.getTime() || at - row.lastVerifiedAt.getTime() >= timeouts.idleMs) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (at - row.lastVerifiedAt.getTime() >= ACTIVITY_WRITE_EVERY_MS) {
        await db
          .update(sessions)
          .set({ lastVerifiedAt: new Date(at) })
          .where(eq(sessions.id, id));
      }
      return { id: row.id, user: { id: row.userId, username: row.username }, expiresAt: row.expiresAt };
    },

    async invalidate(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** After a password reset every device is signed out. */
    async invalidateAllOf(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Housekeeping: sessions past their absolute expiry. */
    async deleteExpired(): Promise<number> {
      const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, now())).returning({ id: sessions.id });
      return deleted.length;
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
