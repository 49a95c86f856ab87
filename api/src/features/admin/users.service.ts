import { type AdminUser, type CreateAdminRequest, type ProfileUpdate, authResponseMessages } from '@pillars/contracts';
import { type Database, type Tx, users } from '@pillars/platform/db';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors';
import { visibleUserColumns } from '../auth/auth.service';
import { hashPassword, passwordProblem } from '../auth/passwords';
import { type Actor, writeAudit } from '../../lib/audit';

export const userMessages = {
  duplicateEmail: 'An admin with this email already exists.',
  emailTaken: 'Another admin already uses this email.',
  deleteSelf: 'You cannot delete your own account.',
  deleteLast: 'The last admin cannot be deleted.',
  profileUpdated: 'Profile updated successfully',
} as const;

type UserRow = { [K in keyof typeof visibleUserColumns]: (typeof users.$inferSelect)[K] };

const toAdminUser = (row: UserRow): AdminUser => ({ ...row, createdAt: row.createdAt.toISOString() });

const PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

/** '' clears an optional field; undefined leaves it alone. */
const optional = (value: string | undefined) => (value === undefined ? undefined : value || null);

/** PostgreSQL's unique_violation, however deep drizzle wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Is this address (or username) already some admin's, other than `exceptId`? */
async function emailInUse(db: Database | Tx, email: string, exceptId?: string): Promise<boolean> {
  const sameAddress = or(sql`lower(${users.email}) = ${email}`, sql`lower(${users.username}) = ${email}`);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(sameAddress, ne(users.id, exceptId)) : sameAddress)
    .limit(1);
  return row !== undefined;
}

/** The admin accounts, oldest first. */
export async function listAdmins(db: Database): Promise<AdminUser[]> {
  const rows = await db.select(visibleUserColumns).from(users).orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(toAdminUser);
}

/** A new admin whose username is the e-mail, lower-cased; the password is checked and hashed here. */
export async function createAdmin(db: Database, actor: Actor, request: CreateAdminRequest): Promise<AdminUser> {
  const email = request.email.trim().toLowerCase();
  const problem = passwordProblem(request.password, { username: email, email });
  if (problem) throw new AppError('INVALID_DATA', problem);
  if (await emailInUse(db, email)) throw new AppError('CONFLICT', userMessages.duplicateEmail);
  const passwordHash = await hashPassword(request.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: email,
          email,
          passwordHash,
          firstName: optional(request.firstName) ?? null,
          lastName: optional(request.lastName) ?? null,
          phone: optional(request.phone) ?? null,
        })
        .returning(visibleUserColumns);
      if (!row) throw new Error('insert returned no row');
      const user = toAdminUser(row);
      await writeAudit(tx, actor, { action: 'user.created', entityType: 'user', entityId: user.id, after: user });
      return user;
    });
  } catch (error) {
    // Two requests for the same address at once: the unique indexes decide, the loser gets a 409.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', userMessages.duplicateEmail, { cause: error });
    throw error;
  }
}

/**
 * Deletes another admin. Every account row is locked first (in id order, so two deletes cannot
 * deadlock): of two admins deleting each other at once, the second sees one account left and is
 * refused, so there is always at least one admin. Their sessions go with the row (ON DELETE CASCADE).
 */
export async function deleteAdmin(db: Database, actor: Actor, id: string): Promise<AdminUser> {
  if (id === actor.userId) throw new AppError('CONFLICT', userMessages.deleteSelf);
  return db.transaction(async (tx) => {
    const accounts = await tx.select(visibleUserColumns).from(users).orderBy(asc(users.id)).for('update');
    const target = accounts.find((u) => u.id === id);
    if (!target) throw notFound('Admin user');
    if (accounts.length <= 1) throw new AppError('CONFLICT', userMessages.deleteLast);
    await tx.delete(users).where(eq(users.id, id));
    const user = toAdminUser(target);
    await writeAudit(tx, actor, { action: 'user.deleted', entityType: 'user', entityId: id, before: user });
    return user;
  });
}

/** The signed-in admin's own name, e-mail and phone. The username (what they sign in with) stays. */
export async function updateProfile(db: Database, actor: Actor, update: ProfileUpdate): Promise<AdminUser> {
  const email = update.email?.trim().toLowerCase();
  if (email !== undefined && (await emailInUse(db, email, actor.userId))) {
    throw new AppError('CONFLICT', userMessages.emailTaken);
  }
  const changes: Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>> = {};
  for (const field of PROFILE_FIELDS) {
    const value = field === 'email' ? email : optional(update[field]);
    if (value !== undefined) changes[field] = value;
  }
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select(visibleUserColumns).from(users).where(eq(users.id, actor.userId)).for('update');
      // The account was deleted after this request's session was checked.
      if (!before) throw new AppError('UNAUTHORIZED', authResponseMessages.authenticationRequired);
      if (Object.keys(changes).length === 0) return toAdminUser(before);
      const [after] = await tx
        .update(users)
        .set(changes)
        .where(eq(users.id, actor.userId))
        .returning(visibleUserColumns);
      if (!after) throw new Error('update returned no row');
      const pick = (row: UserRow) => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, row[f]]));
      await writeAudit(tx, actor, {
        action: 'user.profile-updated',
        entityType: 'user',
        entityId: actor.userId,
        before: pick(before),
        after: pick(after),
      });
      return toAdminUser(after);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', userMessages.emailTaken, { cause: error });
    throw error;
  }
}
