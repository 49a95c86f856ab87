import type { Config } from '@pillars/platform/config';
import { type Database, auditLog, users } from '@pillars/platform/db';
import type { Logger } from '@pillars/platform/logger';
import { sql } from 'drizzle-orm';
import { hashPassword, passwordProblem } from './passwords';

export type NewAdmin = { username: string; password: string; email?: string | undefined };

export class AdminAccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminAccountError';
  }
}

/** Serialises "create the first admin" across api replicas starting at once. */
const FIRST_ADMIN_LOCK = 7_271_776;

/**
 * Creates an admin account (argon2id hash, the password rules of the reset form) and records it
 * in the audit log. Throws AdminAccountError with a message for people when it cannot.
 */
export async function createAdminAccount(
  db: Database,
  admin: NewAdmin,
  actorLabel: string,
  options: { onlyIfNoUsers?: boolean } = {},
): Promise<{ id: string; username: string } | null> {
  const username = admin.username.trim();
  if (!username) throw new AdminAccountError('A username is required.');
  const problem = passwordProblem(admin.password, { username, email: admin.email ?? null });
  if (problem) throw new AdminAccountError(problem);
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
    if (options.onlyIfNoUsers) {
      const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
      if ((row?.count ?? 0) > 0) return null;
    }
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    if (taken.length > 0) throw new AdminAccountError(`An admin named ${username} already exists.`);
    const [created] = await tx
      .insert(users)
      .values({ username, passwordHash, email: admin.email?.trim().toLowerCase() || null })
      .returning({ id: users.id, username: users.username });
    if (!created) throw new Error('insert returned no row');
    await tx.insert(auditLog).values({
      actorLabel,
      action: 'user.created',
      entityType: 'user',
      entityId: created.id,
      after: { username: created.username, email: admin.email ?? null },
    });
    return created;
  });
}

/**
 * For containers: ADMIN_USERNAME and ADMIN_PASSWORD create the first admin at start, once, when
 * no user exists yet. Later starts, or a database with users, change nothing.
 */
export async function ensureFirstAdmin(
  db: Database,
  config: Pick<Config, 'ADMIN_USERNAME' | 'ADMIN_PASSWORD'>,
  logger: Logger,
): Promise<void> {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = config;
  if (!username || !password) return;
  try {
    const created = await createAdminAccount(db, { username, password }, 'ADMIN_USERNAME at start', {
      onlyIfNoUsers: true,
    });
    if (created) logger.info({ username: created.username }, 'first admin created from ADMIN_USERNAME');
  } catch (error) {
    if (!(error instanceof AdminAccountError)) throw error;
    logger.error({ reason: error.message }, 'ADMIN_USERNAME / ADMIN_PASSWORD: first admin not created');
  }
}
