import { createHash, randomBytes } from 'node:crypto';
import type { Database } from './client';
import { manageLinks } from './schema';

/**
 * "Manage your giving" links (docs/decisions/020). The worker issues them when it sends an e-mail
 * that carries one; the API redeems them. Both go through this file so they hash alike.
 */

/** The page a manage link opens; the token rides in the query string like a reset link's. */
export const MANAGE_PATH = '/manage';

/** A token is stored only as its SHA-256, like session secrets and reset tokens. */
export function hashManageToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * A new single-use link for the address, not yet stored: 256 random bits, the token to put in the
 * URL and the manage_links row to store (for a caller that stores it within a statement of its own).
 */
export function newManageLink(email: string, expiresAt: Date): { token: string; row: typeof manageLinks.$inferInsert } {
  const token = randomBytes(32).toString('base64url');
  return { token, row: { email: email.toLowerCase(), tokenHash: hashManageToken(token), expiresAt } };
}

/** A new single-use link for the address, stored; returns the token to put in the URL. */
export async function issueManageLink(db: Pick<Database, 'insert'>, email: string, expiresAt: Date): Promise<string> {
  const { token, row } = newManageLink(email, expiresAt);
  await db.insert(manageLinks).values(row);
  return token;
}

/** The absolute URL of a manage link, always from PUBLIC_URL, never from a request's Host. */
export function manageLinkUrl(publicUrl: string, token: string): string {
  return new URL(`${MANAGE_PATH}?token=${encodeURIComponent(token)}`, publicUrl).href;
}
