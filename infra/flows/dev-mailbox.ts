import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@pillars/platform/config';
import { type Database, outboundEmails } from '@pillars/platform/db';
import { createLogger } from '@pillars/platform/logger';
import { createMailer } from '@pillars/platform/mail';
import type { Job } from 'bullmq';
import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { emailProcessor } from '@pillars/worker/jobs/email/email.processor';

/**
 * The worker's send-email processor writing to a dev mailbox folder of its own (removed after the
 * file's tests), configured as https://pillars.example.org for "Pillars" plus `env`. `sendQueued`
 * sends every queued e-mail, as the worker would, and returns the .eml files it wrote.
 */
export async function useDevMailbox(db: Database, env: Record<string, string> = {}, now?: () => Date) {
  const mailbox = await mkdtemp(join(tmpdir(), 'pillars-mailbox-'));
  afterAll(() => rm(mailbox, { recursive: true, force: true }));
  const logger = createLogger({ level: 'silent' });
  const sendEmail = emailProcessor({
    db,
    mailer: createMailer(
      { SMTP_URL: undefined, MAIL_FROM: 'Pillars <no-reply@example.org>', MAILBOX_DIR: mailbox },
      logger,
    ),
    logger,
    config: loadConfig({ PUBLIC_URL: 'https://pillars.example.org', ORG_NAME: 'Pillars', ...env }),
    ...(now ? { now } : {}),
  });
  async function sendQueued(): Promise<string[]> {
    const queued = await db.select().from(outboundEmails).where(eq(outboundEmails.state, 'queued'));
    const before = new Set(await readdir(mailbox));
    for (const row of queued) await sendEmail({ data: { emailId: row.id } } as Job);
    const files = (await readdir(mailbox)).filter((file) => !before.has(file));
    return Promise.all(files.map((file) => readFile(join(mailbox, file), 'utf8')));
  }
  return { mailbox, sendEmail, sendQueued };
}
