import {
  type AdminUser,
  type LoginRequest,
  type ResetPasswordRequest,
  authMessages,
  authResponseMessages,
} from '@pillars/contracts';
import { auditLog, hashResetToken, users } from '@pillars/platform/db';
import { publishNow, queueEmails } from '@pillars/platform/jobs';
import { type Limiters, type Refusal, orAllowOnOutage } from '@pillars/platform/limits';
import type { Logger } from '@pillars/platform/logger';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from './passwords';
import type { SessionStore } from '../../lib/session/sessions';
import { longest } from '../../lib/limits';

/** The columns an admin may see of an account: never the password hash or the reset token. */
export const visibleUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  createdAt: users.createdAt,
};

export type SignIn =
  { kind: 'throttled'; retryAfterMs: number } | { kind: 'signed-in'; username: string; token: string; expiresAt: Date };

/** The sign-in limits count an account by its username as typed, case and spaces aside. */
const accountKey = (username: string) => username.trim().toLowerCase();

/** Signing in and out, the signed-in admin, and password resets. */
export function authService(deps: AppDeps, sessions: SessionStore, limiters: Limiters) {
  const { db, queues } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Checks the credentials, limited per account and per address (docs/decisions/026); a new
     * session replaces the one the request carried. Each attempt spends its point before the
     * password is checked, atomically in the store, so a burst of concurrent attempts gets no more
     * password checks than the limit. A store outage fails the sign-in (closed).
     */
    async signIn(
      { username, password }: LoginRequest,
      address: string,
      previousSessionId: string | undefined,
      logger: Logger,
    ): Promise<SignIn> {
      const account = accountKey(username);
      const refusal = longest(
        await Promise.all([limiters.consume('signInAccount', account), limiters.consume('signInAddress', address)]),
      );
      if (refusal) return { kind: 'throttled', retryAfterMs: refusal.retryAfterMs };
      const [user] = await db
        .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username.trim()})`)
        .limit(1);
      // An unknown username costs a password check too, so timing does not tell which accounts exist.
      const valid = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyPassword(await decoyPasswordHash(), password).then(() => false);
      if (!user || !valid) {
        logger.info({ event: 'login.failed' }, 'sign-in refused');
        throw new AppError('UNAUTHORIZED', authMessages.invalidCredentials);
      }
      // The right password ends the account's count, and is not held against the address.
      await Promise.all([limiters.clear('signInAccount', account), limiters.reward('signInAddress', address)]);
      if (previousSessionId) await sessions.invalidate(previousSessionId);
      const session = await sessions.create(user.id);
      logger.info({ event: 'login.succeeded', userId: user.id }, 'signed in');
      return { kind: 'signed-in', username: user.username, token: session.token, expiresAt: session.expiresAt };
    },

    async signOut(sessionId: string | undefined): Promise<void> {
      if (sessionId) await sessions.invalidate(sessionId);
    },

    /** The admin of a session, as the API shows an account. */
    async currentUser(userId: string | undefined): Promise<AdminUser> {
      if (!userId) throw new AppError('UNAUTHORIZED', authResponseMessages.authenticationRequired);
      const [user] = await db.select(visibleUserColumns).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new AppError('UNAUTHORIZED', authResponseMessages.authenticationRequired);
      return { ...user, createdAt: user.createdAt.toISOString() };
    },

    /**
     * The same work whether or not the address belongs to an admin: the request is recorded and
     * queued; only the worker looks the address up. Limited per client (refused with a wait) and
     * per asked-for address (past it, silently not sent: the answer stays the same for any
     * address). A store outage lets the request through (docs/decisions/026).
     */
    async requestPasswordReset(email: string, client: string, logger: Logger): Promise<Refusal | null> {
      const recipient = email.trim().toLowerCase();
      const byClient = await orAllowOnOutage(logger, 'resetAddress', () => limiters.consume('resetAddress', client));
      if (byClient) return byClient;
      const byRecipient = await orAllowOnOutage(logger, 'resetRecipient', () =>
        limiters.consume('resetRecipient', recipient),
      );
      if (byRecipient) return null;
      const outboxRows = await db.transaction((tx) => queueEmails(tx, [{ kind: 'password-reset', recipient }]));
      await publishNow(db, queues, logger, outboxRows);
      return null;
    },

    /** Sets a new password with a reset token (single use), and signs the admin out everywhere. */
    async resetPassword({ token, newPassword }: ResetPasswordRequest, logger: Logger): Promise<void> {
      const tokenHash = hashResetToken(token);
      const [user] = await db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpiry, now())))
        .limit(1);
      if (!user) throw new AppError('INVALID_DATA', authResponseMessages.invalidResetLink);
      const problem = passwordProblem(newPassword, user);
      if (problem) throw new AppError('INVALID_DATA', problem);
      const passwordHash = await hashPassword(newPassword);
      const changed = await db.transaction(async (tx) => {
        // Single use: the token is cleared in the same statement that checks it is still there.
        const updated = await tx
          .update(users)
          .set({ passwordHash, resetToken: null, resetTokenExpiry: null })
          .where(and(eq(users.id, user.id), eq(users.resetToken, tokenHash)))
          .returning({ id: users.id });
        if (updated.length === 0) return false;
        await tx.insert(auditLog).values({
          actorUserId: user.id,
          actorLabel: user.username,
          action: 'user.password-reset',
          entityType: 'user',
          entityId: user.id,
        });
        return true;
      });
      if (!changed) throw new AppError('INVALID_DATA', authResponseMessages.invalidResetLink);
      // Whoever knew the old password is signed out everywhere; and an admin locked out by
      // someone else's failed attempts gets in with the new password at once.
      await sessions.invalidateAllOf(user.id);
      await limiters.clear('signInAccount', accountKey(user.username));
      logger.info({ event: 'password.reset', userId: user.id }, 'password reset');
    },
  };
}
