import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { type Config, fromRepoRoot } from '../config';
import type { Logger } from '../logger';

/** A file sent with a message (a registration's .ics); the content is the file's text. */
export type MailAttachment = { filename: string; content: string; contentType: string };

export type MailMessage = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

export interface Mailer {
  /** Sends the message, or writes it to the dev mailbox; resolves once it is handed over. */
  send(message: MailMessage): Promise<void>;
  /** Where messages go, for the start-up log: an SMTP host or the mailbox folder. */
  readonly destination: string;
}

/**
 * Outbound e-mail through nodemailer. With SMTP_URL it speaks SMTP; without it (the embedded
 * default) each message is written as an .eml file to MAILBOX_DIR, which any mail client opens.
 * Logs name the recipient's domain only, never the body (it may hold a reset link).
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAILBOX_DIR'>, logger: Logger): Mailer {
  const domainOf = (address: string) => address.split('@')[1] ?? 'unknown';
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    const host = new URL(config.SMTP_URL).host;
    return {
      destination: `smtp://${host}`,
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
        logger.info({ toDomain: domainOf(message.to), subject: message.subject }, 'e-mail sent');
      },
    };
  }
  const dir = fromRepoRoot(config.MAILBOX_DIR);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: dir,
    async send(message) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...message });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.eml`,
      );
      const write = () => writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The folder is made when a write finds it missing (the first, or after someone emptied it
      // away), not before every message.
      await write().catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true });
        await write();
      });
      logger.info(
        { toDomain: domainOf(message.to), subject: message.subject, file },
        'e-mail written to the dev mailbox',
      );
    },
  };
}
