import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outboundEmails, sessions, users } from '@pillars/shared/db';
import { createLogger } from '@pillars/shared/logger';
import { createMailer } from '@pillars/shared/mail';
import type { Job } from 'bullmq';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { emailProcessor } from '@pillars/worker/jobs/email/email.processor';
import { asAdmin, createTestAdmin, signIn } from '../../test/admin-session';
import { testApp, useAppInfra } from '../../test/test-app';
import { redisThrottle } from './throttle';

const database = await useTestDatabase();
const infra = await useAppInfra(database);

// A clock the tests move forward, for idle and absolute session expiry and token expiry.
let clock = new Date('2026-03-01T12:00:00Z');
const now = () => clock;
const app = testApp(database, { ...infra, now });

const mailbox = await mkdtemp(join(tmpdir(), 'pillars-mailbox-'));
afterAll(() => rm(mailbox, { recursive: true, force: true }));
const sendEmails = emailProcessor({
  db: database.db,
  mailer: createMailer(
    { SMTP_URL: undefined, MAIL_FROM: 'Pillars <no-reply@example.org>', MAILBOX_DIR: mailbox },
    createLogger({ level: 'silent' }),
  ),
  logger: createLogger({ level: 'silent' }),
  config: { PUBLIC_URL: 'https://pillars.example.org', ORG_NAME: 'Pillars' },
  now,
});

beforeEach(() => {
  clock = new Date(clock.getTime() + 24 * 3_600_000);
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const me = (cookie: string) => app.request('/api/auth/me', { headers: { cookie } });

describe('POST /api/auth/login', () => {
  it('signs in with a new session in an HttpOnly, SameSite=Lax cookie, and GET /api/auth/me answers', async () => {
    const admin = await createTestAdmin(database.db);
    const res = await post('/api/auth/login', { username: admin.username, password: admin.password });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, user: { username: admin.username } });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^session=[a-z2-7]{24}\.[a-z2-7]{24};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);

    const cookie = setCookie.split(';')[0] ?? '';
    const user = await me(cookie);
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ username: admin.username, email: admin.email });

    // Only the SHA-256 of the secret is stored, never the token.
    const [row] = await database.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(row?.secretHash).toHaveLength(32);
    expect(cookie).not.toContain(row?.secretHash.toString('hex') ?? 'x');
  });

  it('stores passwords as argon2id with m=19456, t=2, p=1', async () => {
    const admin = await createTestAdmin(database.db);
    const [row] = await database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('gives each sign-in its own session', async () => {
    const admin = await createTestAdmin(database.db);
    const first = await signIn(app, admin);
    const second = await signIn(app, admin);
    expect(first).not.toBe(second);
    expect((await me(first)).status).toBe(200);
    expect((await me(second)).status).toBe(200);
  });

  it('answers a wrong password and an unknown username alike', async () => {
    const admin = await createTestAdmin(database.db);
    for (const body of [
      { username: admin.username, password: 'not the password' },
      { username: 'nobody-here', password: 'not the password' },
    ]) {
      const res = await post('/api/auth/login', body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Invalid username or password', code: 'UNAUTHORIZED' });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('refuses an empty form with the spec’s messages', async () => {
    const res = await post('/api/auth/login', { username: '', password: '' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { issues: { message: string }[] };
    expect(body.issues.map((i) => i.message)).toEqual(['Username is required', 'Password is required']);
  });

  it('throttles an account after 5 failures, even for the right password, until the window ends', async () => {
    const admin = await createTestAdmin(database.db);
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/login', { username: admin.username, password: 'wrong' })).status).toBe(401);
    }
    const blocked = await post('/api/auth/login', { username: admin.username, password: admin.password });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('900');
    expect(await blocked.json()).toEqual({
      error: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });

    clock = new Date(clock.getTime() + 15 * 60_000 + 1);
    expect((await post('/api/auth/login', { username: admin.username, password: admin.password })).status).toBe(200);
  });

  it('throttles one address trying many accounts (Redis store)', async () => {
    const throttle = redisThrottle(inject('redisUrl'), `test-throttle-${crypto.randomUUID()}`);
    afterAll(() => throttle.close());
    const redisApp = testApp(database, { ...infra, throttle, env: { TRUST_PROXY: 'true' } });
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 20; i += 1) {
      const res = await redisApp.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ username: `guess-${i}`, password: 'wrong' }),
      });
      expect(res.status).toBe(401);
    }
    const admin = await createTestAdmin(database.db);
    const blocked = await redisApp.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ username: admin.username, password: admin.password }),
    });
    expect(blocked.status).toBe(429);
    // Another address is not affected.
    const other = await redisApp.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ username: admin.username, password: admin.password }),
    });
    expect(other.status).toBe(200);
  });

  it('uses a Secure __Host- cookie when served over HTTPS', async () => {
    const httpsApp = testApp(database, { ...infra, env: { PUBLIC_URL: 'https://pillars.example.org' } });
    const admin = await createTestAdmin(database.db);
    const res = await httpsApp.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.username, password: admin.password }),
    });
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-session=.*; Path=\/;.*HttpOnly; Secure; SameSite=Lax/);
  });
});

describe('sessions end', () => {
  it('on logout, server-side: the old cookie no longer works', async () => {
    const admin = await createTestAdmin(database.db);
    const cookie = await signIn(app, admin);
    const res = await app.request('/api/auth/logout', { method: 'POST', headers: asAdmin(cookie) });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^session=;/);
    expect((await me(cookie)).status).toBe(401);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toEqual([]);
  });

  it('after an hour without requests (idle expiry)', async () => {
    const admin = await createTestAdmin(database.db);
    const cookie = await signIn(app, admin);
    clock = new Date(clock.getTime() + 59 * 60_000);
    expect((await me(cookie)).status).toBe(200);
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect((await me(cookie)).status).toBe(401);
  });

  it('12 hours after sign-in however active (absolute expiry)', async () => {
    const admin = await createTestAdmin(database.db);
    const cookie = await signIn(app, admin);
    for (let hour = 0; hour < 23; hour += 1) {
      clock = new Date(clock.getTime() + 30 * 60_000);
      expect((await me(cookie)).status).toBe(200);
    }
    clock = new Date(clock.getTime() + 30 * 60_000);
    expect((await me(cookie)).status).toBe(401);
  });

  it('refuses a forged or malformed token', async () => {
    const admin = await createTestAdmin(database.db);
    const cookie = await signIn(app, admin);
    const [id] = cookie.replace('session=', '').split('.');
    for (const forged of [`session=${id ?? ''}.${'a'.repeat(24)}`, 'session=garbage', 'session=a.b.c']) {
      expect((await me(forged)).status).toBe(401);
    }
  });
});

describe('CSRF', () => {
  it('refuses a cross-site state change that carries the session cookie', async () => {
    const admin = await createTestAdmin(database.db);
    const cookie = await signIn(app, admin);
    const attempts: Record<string, string>[] = [
      { cookie, 'sec-fetch-site': 'cross-site' },
      { cookie, 'sec-fetch-site': 'same-site' },
      { cookie, origin: 'https://evil.example' },
    ];
    for (const headers of attempts) {
      const res = await app.request('/api/auth/logout', { method: 'POST', headers });
      expect(res.status).toBe(403);
    }
    expect((await me(cookie)).status).toBe(200);
    // From our own pages it goes through.
    const ok = await app.request('/api/auth/logout', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost' },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a cross-site sign-in (login CSRF)', async () => {
    const admin = await createTestAdmin(database.db);
    const res = await post(
      '/api/auth/login',
      { username: admin.username, password: admin.password },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(res.status).toBe(403);
  });
});

describe('password reset by e-mail', () => {
  const forgot = (email: string) => post('/api/auth/forgot-password', { email });

  async function sendQueued(): Promise<string[]> {
    const queued = await database.db.select().from(outboundEmails).where(eq(outboundEmails.state, 'queued'));
    const before = new Set(await readdir(mailbox));
    for (const row of queued) await sendEmails({ data: { emailId: row.id } } as Job);
    const files = (await readdir(mailbox)).filter((f) => !before.has(f));
    return Promise.all(files.map((f) => readFile(join(mailbox, f), 'utf8')));
  }

  function linkIn(eml: string): string {
    // Quoted-printable soft line breaks are joined before reading the link.
    const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /https:\/\/pillars\.example\.org\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text);
    if (!match) throw new Error('no reset link in the e-mail');
    return match[0];
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

    const again = await post('/api/auth/reset-password', { token, newPassword: 'yet another passphrase' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'This reset link is invalid or has expired.' });
  });

  it('refuses an expired link, and a new request replaces the older link', async () => {
    const admin = await createTestAdmin(database.db);
    await forgot(admin.email);
    const first = new URL(linkIn((await sendQueued())[0] ?? '')).searchParams.get('token') ?? '';
    await forgot(admin.email);
    const second = new URL(linkIn((await sendQueued())[0] ?? '')).searchParams.get('token') ?? '';
    expect(
      (await post('/api/auth/reset-password', { token: first, newPassword: 'a brand new passphrase' })).status,
    ).toBe(400);
    clock = new Date(clock.getTime() + 60 * 60_000 + 1);
    const expired = await post('/api/auth/reset-password', { token: second, newPassword: 'a brand new passphrase' });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: 'This reset link is invalid or has expired.' });
  });

  it('refuses a very common password with a clear message, keeping the link usable', async () => {
    const admin = await createTestAdmin(database.db);
    await forgot(admin.email);
    const token = new URL(linkIn((await sendQueued())[0] ?? '')).searchParams.get('token') ?? '';
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

describe('admin API', () => {
  it('answers 401 without a session', async () => {
    const res = await app.request('/api/admin/contributors');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
  });
});
