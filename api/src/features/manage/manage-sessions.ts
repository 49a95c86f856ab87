import { constantTimeEqual } from '@oslojs/crypto/subtle';
import type { Config } from '@pillars/platform/config';
import { type Database, hashManageToken, manageLinks, manageSessions } from '@pillars/platform/db';
import { eq, lt, sql } from 'drizzle-orm';
import { hashSecret, randomSecret } from '../../lib/session/sessions';
import { sessionCookie } from '../../lib/session/session-http';

/**
 * A donor's manage session (docs/decisions/020): opened by spending a manage link, it lasts an
 * hour from then, whatever the activity, and is only ever about the link's address. Its cookie
 * holds `<id>.<secret>` like an admin session's, and only the SHA-256 of the secret is stored.
 */
export const MANAGE_SESSION_MS = 60 * 60_000;

/** Its own cookie, never the admin's: `__Host-manage` over HTTPS, or `manage` over http. */
export const manageCookie = (config: Pick<Config, 'PUBLIC_URL'>) => sessionCookie('manage', config);

export type ManageSession = { id: string; email: string; expiresAt: Date };

export function createManageSessionStore(db: Database, now: () => Date) {
  return {
    /**
     * Spends a link and opens a session for its address in ONE statement: the link is marked used
     * only if it was unused and unexpired, and the session row is written from what that update
     * returned, so two requests racing with one token get one session between them. Null when
     * the token is unknown, spent or expired. Expired sessions are purged on the way (lazily:
     * nothing else reads them).
     */
    async redeem(token: string): Promise<{ token: string; email: string; expiresAt: Date } | null> {
      const at = now();
      const id = randomSecret();
      const secret = randomSecret();
      const expiresAt = new Date(at.getTime() + MANAGE_SESSION_MS);
      const { rows } = await db.execute<{ email: string }>(sql`
        WITH spent AS (
          UPDATE ${manageLinks} SET used_at = ${at}
          WHERE token_hash = ${hashManageToken(token)} AND used_at IS NULL AND expires_at > ${at}
          RETURNING email
        )
        INSERT INTO ${manageSessions} (id, email, secret_hash, created_at, expires_at)
        SELECT ${id}, email, ${hashSecret(secret)}, ${at}, ${expiresAt} FROM spent
        RETURNING email`);
      await db.delete(manageSessions).where(lt(manageSessions.expiresAt, at));
      const email = rows[0]?.email;
      return email ? { token: `${id}.${secret}`, email, expiresAt } : null;
    },

    /** The session of a cookie, or null when it is malformed, unknown, wrong or expired. */
    async validate(cookie: string | undefined): Promise<ManageSession | null> {
      const [id, secret, extra] = cookie?.split('.') ?? [];
      if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
      const [row] = await db.select().from(manageSessions).where(eq(manageSessions.id, id)).limit(1);
      if (!row || !constantTimeEqual(hashSecret(secret), row.secretHash)) return null;
      if (now().getTime() >= row.expiresAt.getTime()) {
        await db.delete(manageSessions).where(eq(manageSessions.id, id));
        return null;
      }
      return { id: row.id, email: row.email, expiresAt: row.expiresAt };
    },

    async end(sessionId: string): Promise<void> {
      await db.delete(manageSessions).where(eq(manageSessions.id, sessionId));
    },
  };
}
export type ManageSessionStore = ReturnType<typeof createManageSessionStore>;
