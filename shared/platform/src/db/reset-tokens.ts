import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { users } from './schema';

/**
 * Password reset tokens. The worker issues them (send-email), the API redeems them
 * (POST /api/auth/reset-password); both go through this file so they hash alike.
 */

/** A token is stored only as its SHA-256, like session secrets. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new reset token for the user: 256 random bits. Writing its hash replaces any older token of
 * the user, so only the newest link works.
 */
export async function issueResetToken(db: Database, userId: string, expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(users)
    .set({ resetToken: hashResetToken(token), resetTokenExpiry: expiresAt })
    .where(eq(users.id, userId));
  return token;
}
