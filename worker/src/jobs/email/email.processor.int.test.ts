import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { loadConfig } from '@pillars/platform/config';
import { hashResetToken, outboundEmails, users } from '@pillars/platform/db';
import { JOBS, JOB_OPTIONS, QUEUES } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { createMailer } from '@pillars/platform/mail';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useQueueWorker } from '../../test/queue-worker';
import { RESET_TOKEN_TTL_MS, emailProcessor } from './email.processor';

const PUBLIC_URL = 'https://pillars.example.org';
const clock = new Date('2026-11-24T12:00:00.000Z');

/**
 * send-email on real PostgreSQL, a real queue and the real dev mailbox (nodemailer writing .eml
 * files to a directory of this file's own), with the clock injected.
 */
describe.each(['redis', 'postgres'] as const)('send-email (%s queues)', async (kind) => {
  const database = await useTestDatabase();
  const { db } = database;
  const backend = await useQueueBackend(kind, database.url);
  const logger = createLogger({ level: 'silent' });
  const root = await mkdtemp(join(tmpdir(), 'pillars-mailbox-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const mailbox = join(root, 'mailbox');
  const mailer = createMailer(
    { SMTP_URL: undefined, MAIL_FROM: 'Pillars <no-reply@example.org>', MAILBOX_DIR: mailbox },
    logger,
  );
  const { run } = useQueueWorker(
    backend,
    QUEUES.email,
    emailProcessor({
      db,
      mailer,
      logger,
      config: loadConfig({ PUBLIC_URL, ORG_NAME: 'Patriot Pillars' }),
      now: () => clock,
    }),
  );

  const [admin] = await db
    .insert(users)
    .values({ username: 'grace', passwordHash: 'not-a-real-hash', email: 'Grace@Example.org' })
    .returning();
  if (!admin) throw new Error('insert returned no user');

  async function requestReset(recipient: string) {
    const [row] = await db.insert(outboundEmails).values({ kind: 'password-reset', recipient }).returning();
    if (!row) throw new Error('insert returned no outbound e-mail');
    return row.id;
  }
  const emailOf = async (id: string) => (await db.select().from(outboundEmails).where(eq(outboundEmails.id, id)))[0];
  const userOf = async () => (await db.select().from(users).where(eq(users.id, admin.id)))[0];

  /** Every message in the mailbox, quoted-printable soft breaks undone. */
  async function messages(): Promise<string[]> {
    const files = await readdir(mailbox).catch(() => []);
    return Promise.all(
      files.map(async (file) =>
        (await readFile(join(mailbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '='),
      ),
    );
  }
  const tokenIn = (message: string) =>
    /https:\/\/pillars\.example\.org\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(message)?.[1];

  it('mails the account a link built from PUBLIC_URL, whose token is the one stored and lasts an hour', async () => {
    const before = (await messages()).length;
    const emailId = await requestReset('grace@example.org');
    await expect(run(JOBS.sendEmail, { emailId })).resolves.toMatchObject({ ok: true, result: 'sent' });

    const sent = (await messages()).slice(before);
    expect(sent).toHaveLength(1);
    const [message = ''] = sent;
    // The account's address (nodemailer writes the domain in lower case).
    expect(message).toMatch(/^To: Grace@example\.org$/m);
    expect(message).toContain('Subject: Reset your Patriot Pillars admin password');
    const token = tokenIn(message) ?? '';
    expect(token).not.toBe('');
    const user = await userOf();
    // Only the token's hash is stored; the token itself exists only in the e-mail.
    expect(user?.resetToken).toBe(hashResetToken(token));
    expect(user?.resetTokenExpiry).toEqual(new Date(clock.getTime() + RESET_TOKEN_TTL_MS));
    expect(await emailOf(emailId)).toMatchObject({ state: 'sent', sentAt: clock, lastError: null });
  });

  it('issues the token once: a replayed job sends nothing and leaves the mailed link working', async () => {
    const emailId = await requestReset('grace@example.org');
    await expect(run(JOBS.sendEmail, { emailId })).resolves.toMatchObject({ ok: true, result: 'sent' });
    const count = (await messages()).length;
    const stored = (await userOf())?.resetToken;

    await expect(run(JOBS.sendEmail, { emailId })).resolves.toMatchObject({ ok: true, result: 'sent' });
    expect(await messages()).toHaveLength(count);
    expect((await userOf())?.resetToken).toBe(stored);
  });

  it('sends nothing and issues no token for an address with no account', async () => {
    const count = (await messages()).length;
    const stored = (await userOf())?.resetToken;
    const emailId = await requestReset('nobody@example.org');
    await expect(run(JOBS.sendEmail, { emailId })).resolves.toMatchObject({ ok: true, result: 'skipped' });
    expect(await emailOf(emailId)).toMatchObject({ state: 'skipped', sentAt: null });
    expect(await messages()).toHaveLength(count);
    expect((await userOf())?.resetToken).toBe(stored);
  });

  it('after a mail failure, retries with a fresh token: only the link that arrived works', async () => {
    // The mailbox cannot be written: a file stands where its directory should be.
    await rm(mailbox, { recursive: true, force: true });
    await writeFile(mailbox, 'not a directory');
    const emailId = await requestReset('grace@example.org');
    const undelivered: Array<{ resetToken: string | null; lastError: string | null; state: string }> = [];
    const outcome = await run(
      JOBS.sendEmail,
      { emailId },
      {
        ...JOB_OPTIONS[JOBS.sendEmail],
        // A short fixed backoff keeps the file fast; the block is lifted as soon as the attempt fails.
        backoff: { type: 'fixed', delay: 1000 },
        onAttemptFailed: () => {
          rmSync(mailbox, { force: true });
          void Promise.all([userOf(), emailOf(emailId)]).then(([user, email]) =>
            undelivered.push({
              resetToken: user?.resetToken ?? null,
              lastError: email?.lastError ?? null,
              state: email?.state ?? '',
            }),
          );
        },
      },
    );
    expect(outcome).toMatchObject({ ok: true, result: 'sent', failedAttempts: 1 });

    // The failed attempt had stored a token's hash and recorded the error, without sending.
    expect(undelivered).toHaveLength(1);
    const [failed] = undelivered;
    expect(failed?.state).toBe('queued');
    expect(failed?.lastError).toMatch(/EEXIST|ENOTDIR/);
    const sent = await messages();
    expect(sent).toHaveLength(1);
    const token = tokenIn(sent[0] ?? '') ?? '';
    expect(token).not.toBe('');
    const stored = (await userOf())?.resetToken;
    // The delivered link's token is the only one stored; the undelivered one was replaced.
    expect(stored).toBe(hashResetToken(token));
    expect(stored).not.toBe(failed?.resetToken);
    expect(await emailOf(emailId)).toMatchObject({ state: 'sent', lastError: null });
  });
});
