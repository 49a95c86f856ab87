import { outboundEmails, users } from '@pillars/platform/db';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '@pillars/api/test/admin-session';
import { testApp, useAppInfra } from '@pillars/api/test/test-app';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useDevMailbox } from './dev-mailbox';

// A password reset from the request to the mailbox: the API queues the e-mail, the worker's
// send-email processor writes it to a dev mailbox folder, and the link in it resets the password.
const database = await useTestDatabase();
const infra = await useAppInfra(database);

// A clock the tests move forward, for token expiry.
let clock = new Date('2026-03-01T12:00:00Z');
const now = () => clock;
const app = testApp(database, { ...infra, now });

const { sendQueued } = await useDevMailbox(database.db, {}, now);

beforeEach(() => {
  clock = new Date(clock.getTime() + 24 * 3_600_000);
});

const post = (path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const me = (cookie: string) => app.request('/api/auth/me', { headers: { cookie } });

describe('password reset by e-mail', () => {
  const forgot = (email: string) => post('/api/auth/forgot-password', { email });

  function linkIn(eml: string): string {
    // Quoted-printable soft line breaks are joined before reading the link.
    const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /https:\/\/pillars\.example\.org\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text);
    if (!match) throw new Error('no reset link in the e-mail');
    return match[0];
  }

  // The token in the reset link of the next e-mail the worker sends.
  const nextToken = async () => new URL(linkIn((await sendQueued())[0] ?? '')).searchParams.get('token') ?? '';

  async function expectLinkRefused(res: Response): Promise<void> {
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'This reset link is invalid or has expired.' });
  }

  it('answers the same whether or not the address has an account', async () => {
    const admin = await createTestAdmin(database.db);
    const known = await forgot(admin.email.toUpperCase());
    const unknown = await forgot('nobody@example.org');
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ success: true, message: 'If the email exists, a reset link has been sent.' });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({
      success: true,
      message: 'If the email exists, a reset link has been sent.',
    });

    const mails = await sendQueued();
    expect(mails).toHaveLength(1);
    const [skipped] = await database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.recipient, 'nobody@example.org'));
    expect(skipped?.state).toBe('skipped');
  });

  it('sends a link on the public URL; it sets a new password once, and ends every session', async () => {
    const admin = await createTestAdmin(database.db);
    const oldSession = await signIn(app, admin);
    await forgot(admin.email);
    const [mail] = await sendQueued();
    expect(mail).toContain(`To: ${admin.email}`);
    const link = new URL(linkIn(mail ?? ''));
    const token = link.searchParams.get('token') ?? '';
    // The token is stored only as its hash.
    const [row] = await database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.resetToken).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.resetToken).not.toBe(token);

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
    expect((await me(oldSession)).status).toBe(401);
    expect((await post('/api/auth/login', { username: admin.username, password: admin.password })).status).toBe(401);
    await signIn(app, { username: admin.username, password: 'a brand new passphrase' });

    await expectLinkRefused(await post('/api/auth/reset-password', { token, newPassword: 'yet another passphrase' }));
  });

  it('refuses an expired link, and a new request replaces the older link', async () => {
    const admin = await createTestAdmin(database.db);
    await forgot(admin.email);
    const first = await nextToken();
    await forgot(admin.email);
    const second = await nextToken();
    expect(
      (await post('/api/auth/reset-password', { token: first, newPassword: 'a brand new passphrase' })).status,
    ).toBe(400);
    clock = new Date(clock.getTime() + 60 * 60_000 + 1);
    await expectLinkRefused(
      await post('/api/auth/reset-password', { token: second, newPassword: 'a brand new passphrase' }),
    );
  });

  it('refuses a very common password with a clear message, keeping the link usable', async () => {
    const admin = await createTestAdmin(database.db);
    await forgot(admin.email);
    const token = await nextToken();
    for (const newPassword of ['Password1', 'qwerty123', admin.username]) {
      const res = await post('/api/auth/reset-password', { token, newPassword });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: 'This password is too common. Please choose a less predictable one.',
      });
    }
    expect((await post('/api/auth/reset-password', { token, newPassword: 'short' })).status).toBe(400);
    expect((await post('/api/auth/reset-password', { token, newPassword: 'a brand new passphrase' })).status).toBe(200);
  });
});
