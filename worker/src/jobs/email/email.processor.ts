import type { Config } from '@pillars/shared/config';
import { type Database, issueResetToken, outboundEmails, users } from '@pillars/shared/db';
import { EmailJobData } from '@pillars/shared/jobs';
import type { Logger } from '@pillars/shared/logger';
import type { Mailer } from '@pillars/shared/mail';
import { type Job, UnrecoverableError } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import { passwordResetEmail } from './templates';

export interface EmailDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  config: Pick<Config, 'PUBLIC_URL' | 'ORG_NAME'>;
  now?: () => Date;
}

/** A reset link works for one hour (issue 5). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/**
 * send-email: the outbound_emails row says what to send. For a password reset the worker looks
 * the address up (the API answered the same either way); an unknown one ends `skipped`. A
 * known one gets a new single-use token, replacing any older one, stored as its hash, and the
 * link is built from PUBLIC_URL, never from a request's Host header. A retry after a failed
 * send issues a fresh token, so only the link in the e-mail that arrived works.
 */
export function emailProcessor({ db, mailer, logger, config, now = () => new Date() }: EmailDeps) {
  return async (job: Job) => {
    const { emailId } = EmailJobData.parse(job.data);
    const [email] = await db.select().from(outboundEmails).where(eq(outboundEmails.id, emailId)).limit(1);
    if (!email) throw new UnrecoverableError(`outbound e-mail ${emailId} not found`);
    if (email.state === 'sent' || email.state === 'skipped') return email.state;
    if (email.kind !== 'password-reset') {
      // Kept queued for a worker that knows the kind, rather than sent wrong.
      throw new Error(`no template for outbound e-mail kind ${email.kind} yet`);
    }

    const [user] = await db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.recipient}`)
      .limit(1);
    if (!user?.email) {
      await db.update(outboundEmails).set({ state: 'skipped' }).where(eq(outboundEmails.id, emailId));
      logger.info({ emailId }, 'password reset requested for an address with no account; nothing sent');
      return 'skipped';
    }

    const token = await issueResetToken(db, user.id, new Date(now().getTime() + RESET_TOKEN_TTL_MS));
    const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, config.PUBLIC_URL).href;
    try {
      await mailer.send({
        to: user.email,
        ...passwordResetEmail({ orgName: config.ORG_NAME, username: user.username, link }),
      });
    } catch (error) {
      await db
        .update(outboundEmails)
        .set({ lastError: String(error).slice(0, 500) })
        .where(eq(outboundEmails.id, emailId));
      throw error;
    }
    await db
      .update(outboundEmails)
      .set({ state: 'sent', sentAt: now(), lastError: null })
      .where(eq(outboundEmails.id, emailId));
    return 'sent';
  };
}
