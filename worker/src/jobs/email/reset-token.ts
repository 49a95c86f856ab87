import { createHash, randomBytes } from 'node:crypto';
import { type Database, users } from '@pillars/shared/db';
import { eq } from 'drizzle-orm';

/**
 * A new reset token for the user: 256 random bits, stored only as its SHA-256 (the API hashes
 * what the link brings back the same way). Writing it replaces any older token of the user.
 */
export async function issueResetToken(db: Database, userId: string, expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  await db.update(users).set({ resetToken: tokenHash, resetTokenExpiry: expiresAt }).where(eq(users.id, userId));
  return token;
}
