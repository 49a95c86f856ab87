import { type Database, outboundEmails } from '@pillars/platform/db';
import { EmailJobData } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import type { Mailer } from '@pillars/platform/mail';
import { render, toPlainText } from '@react-email/render';
import { type Job, UnrecoverableError } from 'bullmq';
import { eq } from 'drizzle-orm';
import { COMPOSERS, type EmailConfig, orgOf } from './compose';

export { RESET_TOKEN_TTL_MS, type EmailConfig } from './compose';

/**
 * The plain-text part: the rendered HTML through html-to-text, headings kept in their case. Taken
 * from the one HTML render rather than rendering the template a second time (which doubled the cost).
 */
const PLAIN_TEXT_OPTIONS = { selectors: [{ selector: 'h1', options: { uppercase: false } }] };

export interface EmailDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  config: EmailConfig;
  now?: () => Date;
}

/**
 * send-email: the outbound_emails row says what to send and about which row (docs/decisions/021).
 * The job carries the e-mail's id only; its kind's composer reads what the message says from the
 * database now, renders it (HTML and plain text, one React template), and the mailer hands it
 * over. A subject that is gone, or an address with nothing to send to, ends `skipped`.
 *
 * Sent at most once after a handover: the row is marked `sent` (with the subject line as sent)
 * right after the mailer accepts the message, and a replayed job finds it so and sends nothing. A
 * failed handover records the error and is retried. If the mark itself fails after a handover,
 * the job stops without retrying: a second copy is worse than a row an operator sees still queued.
 * Logs name the e-mail's id and kind, never its address or body.
 */
export function emailProcessor({ db, mailer, logger, config, now = () => new Date() }: EmailDeps) {
  const org = orgOf(config);
  return async (job: Job) => {
    const { emailId } = EmailJobData.parse(job.data);
    const [email] = await db.select().from(outboundEmails).where(eq(outboundEmails.id, emailId)).limit(1);
    if (!email) throw new UnrecoverableError(`outbound e-mail ${emailId} not found`);
    if (email.state === 'sent' || email.state === 'skipped') return email.state;

    const composed = await COMPOSERS[email.kind]({ db, config, org, now: now() }, email);
    if ('skip' in composed) {
      await db.update(outboundEmails).set({ state: 'skipped' }).where(eq(outboundEmails.id, emailId));
      logger.info({ emailId, kind: email.kind, reason: composed.skip }, 'e-mail skipped; nothing sent');
      return 'skipped';
    }

    const html = await render(composed.body);
    const text = toPlainText(html, PLAIN_TEXT_OPTIONS);
    try {
      await mailer.send({
        to: composed.to,
        subject: composed.subject,
        html,
        text,
        ...(composed.attachments ? { attachments: composed.attachments } : {}),
      });
    } catch (error) {
      await db
        .update(outboundEmails)
        .set({ lastError: String(error).slice(0, 500) })
        .where(eq(outboundEmails.id, emailId));
      throw error;
    }
    try {
      await db
        .update(outboundEmails)
        .set({ state: 'sent', sentAt: now(), lastError: null, subjectLine: composed.subject })
        .where(eq(outboundEmails.id, emailId));
    } catch (error) {
      logger.error({ emailId, kind: email.kind, err: error }, 'e-mail sent but not marked sent; not retried');
      throw new UnrecoverableError(`outbound e-mail ${emailId} was sent but could not be marked sent`);
    }
    return 'sent';
  };
}
