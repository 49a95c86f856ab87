import { type Database, outboundEmails } from '@pillars/platform/db';
import type { Logger } from '@pillars/platform/logger';
import type { Mailer } from '@pillars/platform/mail';
import { eq, sql } from 'drizzle-orm';
import { COMPOSERS, type EmailConfig, orgOf } from './compose';
import { createEmailRenderer } from './stencil';

export interface EmailDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  config: EmailConfig;
  now?: () => Date;
}

/** A failure a retry cannot mend: the e-mail row is gone, or a sent e-mail could not be marked sent. */
export class EmailNotRetried extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmailNotRetried';
  }
}

/**
 * Sends one outbound e-mail: the outbound_emails row says what to send and about which row
 * (docs/decisions/021). Its kind's composer reads what the message says from the database now,
 * renders it (HTML and plain text, one React template), and the mailer hands it over. A subject
 * that is gone, or an address with nothing to send to, ends `skipped`.
 *
 * Sent at most once after a handover: the row is marked `sent` (with the subject line as sent)
 * right after the mailer accepts the message, and a second call finds it so and sends nothing. A
 * failed handover records the error and throws (a retry may mend it). If the mark itself fails
 * after a handover, EmailNotRetried: a second copy is worse than a row an operator sees still
 * queued. Logs name the e-mail's id and kind, never its address or body.
 */
export function emailSender({ db, mailer, logger, config, now = () => new Date() }: EmailDeps) {
  const org = orgOf(config);
  const renderEmail = createEmailRenderer();
  const setRow = (emailId: string, values: Partial<typeof outboundEmails.$inferInsert>) =>
    db.update(outboundEmails).set(values).where(eq(outboundEmails.id, emailId));
  // The two statements every e-mail runs, built once and prepared on each connection once.
  const byId = eq(outboundEmails.id, sql.placeholder('id'));
  const readRow = db.select().from(outboundEmails).where(byId).limit(1).prepare('email_row');
  const markSent = db
    .update(outboundEmails)
    .set({
      state: 'sent',
      sentAt: sql`${sql.placeholder('sentAt')}::timestamptz`,
      lastError: null,
      subjectLine: sql`${sql.placeholder('subject')}`,
    })
    .where(byId)
    .prepare('email_sent');

  return async function sendEmail(emailId: string): Promise<'sent' | 'skipped'> {
    const [email] = await readRow.execute({ id: emailId });
    if (!email) throw new EmailNotRetried(`outbound e-mail ${emailId} not found`);
    if (email.state === 'sent' || email.state === 'skipped') return email.state;

    const composed = await COMPOSERS[email.kind]({ db, config, org, now: now() }, email);
    if ('skip' in composed) {
      await setRow(emailId, { state: 'skipped' });
      logger.info({ emailId, kind: email.kind, reason: composed.skip }, 'e-mail skipped; nothing sent');
      return 'skipped';
    }

    const { html, text } = await renderEmail(composed.body);
    const { to, subject, attachments } = composed;
    try {
      await mailer.send({ to, subject, html, text, ...(attachments ? { attachments } : {}) });
    } catch (error) {
      await setRow(emailId, { lastError: String(error).slice(0, 500) });
      throw error;
    }
    try {
      await markSent.execute({ id: emailId, sentAt: now().toISOString(), subject });
    } catch (error) {
      logger.error({ emailId, kind: email.kind, err: error }, 'e-mail sent but not marked sent; not retried');
      throw new EmailNotRetried(`outbound e-mail ${emailId} was sent but could not be marked sent`);
    }
    return 'sent';
  };
}
