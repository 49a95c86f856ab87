import { issueResetToken, outboundEmails, sessions, users } from '@pillars/platform/db';
import { GENEROUS_LIMITS, LIMITS, createLimiters } from '@pillars/platform/limits';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { asAdmin, createTestAdmin, signIn } from '../../test/admin-session';
import { testApp, useAppInfra } from '../../test/test-app';

const database = await useTestDatabase();
const infra = await useAppInfra(database);

// A clock the tests move forward, for idle and absolute session expiry and token expiry.
let clock = new Date('2026-03-01T12:00:00Z');
const now = () => clock;
// The real limits, which this file tests (other suites run with generous ones, test-app.ts), but for
// the per-address ones: every request here comes from one client, and its failed sign-ins add up
// across tests. The per-address sign-in limit has its own test, with an address per request.
const limits = {
  ...LIMITS,
  signInAddress: GENEROUS_LIMITS.signInAddress,
  publicWriteAddress: GENEROUS_LIMITS.publicWriteAddress,
};
const app = testApp(database, { ...infra, now, limiters: limits });

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

  it('throttles an account after 5 failures, even for the right password', async () => {
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
  });

  // The limiter counts in real time (rate-limiter-flexible has no clock to inject), so the end of
  // the window is shown with a window of 1 second instead of the injected clock's 15 minutes.
  it('lets the account in again once the window ends', async () => {
    const shortApp = testApp(database, {
      ...infra,
      limiters: { ...limits, signInAccount: { points: 5, duration: 1 } },
    });
    const admin = await createTestAdmin(database.db);
    const login = (password: string) =>
      shortApp.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: admin.username, password }),
      });
    for (let i = 0; i < 5; i += 1) expect((await login('wrong')).status).toBe(401);
    expect((await login(admin.password)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await login(admin.password)).status).toBe(200);
  });

  for (const store of ['postgres', 'redis'] as const) {
    it(`accepts no password after the limit under a burst of 200 concurrent sign-ins (${store} store)`, async () => {
      const redis =
        store === 'redis'
          ? createLimiters({
              redisUrl: inject('redisUrl'),
              pool: database.pool,
              prefix: `test-${crypto.randomUUID()}`,
              hashKey: 'test-hash-key-0123456789',
            })
          : undefined;
      const burstApp = testApp(database, { ...infra, limiters: redis ?? limits, env: { TRUST_PROXY: 'true' } });
      const admin = await createTestAdmin(database.db);
      // Each attempt from its own address, so only the account's limit applies.
      const answers = await Promise.all(
        Array.from({ length: 200 }, async (_, i) =>
          burstApp.request('/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i}` },
            body: JSON.stringify({ username: admin.username, password: i === 150 ? admin.password : 'wrong' }),
          }),
        ),
      );
      await redis?.close();
      const statuses = answers.map((res) => res.status);
      // A password is checked only by an attempt that got a point: 401 (wrong) or 200 (right).
      const checked = statuses.filter((status) => status === 401 || status === 200).length;
      expect(checked).toBeLessThanOrEqual(LIMITS.signInAccount.points);
      expect(statuses[150]).toBe(429);
      expect(statuses.filter((status) => status === 429)).toHaveLength(200 - checked);
      expect(answers[150]?.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  }

  it('lets an admin locked out by someone else in with a password reset', async () => {
    const admin = await createTestAdmin(database.db);
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/login', { username: admin.username, password: 'wrong' })).status).toBe(401);
    }
    expect((await post('/api/auth/login', { username: admin.username, password: admin.password })).status).toBe(429);

    const token = await issueResetToken(database.db, admin.id, new Date(clock.getTime() + 3_600_000));
    const newPassword = 'a brand new passphrase';
    expect((await post('/api/auth/reset-password', { token, newPassword })).status).toBe(200);
    expect((await post('/api/auth/login', { username: admin.username, password: newPassword })).status).toBe(200);
  });

  it('throttles one address trying many accounts (Redis store)', async () => {
    const limiters = createLimiters({
      redisUrl: inject('redisUrl'),
      pool: database.pool,
      prefix: `test-${crypto.randomUUID()}`,
      hashKey: 'test-hash-key-0123456789',
    });
    afterAll(() => limiters.close());
    const redisApp = testApp(database, { ...infra, limiters, env: { TRUST_PROXY: 'true' } });
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

describe('POST /api/auth/forgot-password limits', () => {
  const limitedApp = testApp(database, { ...infra, now, limiters: LIMITS, env: { TRUST_PROXY: 'true' } });
  const forgot = (email: string, address: string) =>
    limitedApp.request('/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email }),
    });
  const sameAnswer = { success: true, message: 'If the email exists, a reset link has been sent.' };
  const resetsFor = (recipient: string) =>
    database.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.recipient, recipient), eq(outboundEmails.kind, 'password-reset')));

  it('past the per-address limit, answers the same and sends nothing more, known address or not', async () => {
    const admin = await createTestAdmin(database.db);
    for (const email of [admin.email, `nobody-${crypto.randomUUID().slice(0, 8)}@example.org`]) {
      for (let i = 0; i < LIMITS.resetRecipient.points + 2; i += 1) {
        const res = await forgot(email, `192.0.2.${i}-${crypto.randomUUID().slice(0, 6)}`);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual(sameAnswer);
      }
      expect(await resetsFor(email.toLowerCase())).toHaveLength(LIMITS.resetRecipient.points);
    }
  });

  it('refuses one client asking for many addresses with 429 and Retry-After', async () => {
    const address = `198.51.100.7-${crypto.randomUUID().slice(0, 6)}`;
    for (let i = 0; i < LIMITS.resetAddress.points; i += 1) {
      expect((await forgot(`guess-${i}-${crypto.randomUUID().slice(0, 6)}@example.org`, address)).status).toBe(200);
    }
    const email = `guess-last-${crypto.randomUUID().slice(0, 6)}@example.org`;
    const refused = await forgot(email, address);
    expect(refused.status).toBe(429);
    // The hour began with the first of the 20 requests, a moment ago.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({
      error: 'Too many requests from your connection. Please try again in 60 minutes.',
      code: 'RATE_LIMITED',
    });
    expect(await resetsFor(email)).toEqual([]);
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

  // The minutes between requests the session still answers, then the wait after which it is gone.
  it.each([
    { when: 'after an hour without requests (idle expiry)', alive: [59], expiresAfter: 60 },
    {
      when: '12 hours after sign-in however active (absolute expiry)',
      alive: Array<number>(23).fill(30),
      expiresAfter: 30,
    },
  ])('$when', async ({ alive, expiresAfter }) => {
    const admin = await createTestAdmin(database.db);
    const cookie = await signIn(app, admin);
    for (const minutes of alive) {
      clock = new Date(clock.getTime() + minutes * 60_000);
      expect((await me(cookie)).status).toBe(200);
    }
    clock = new Date(clock.getTime() + expiresAfter * 60_000);
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

describe('admin API', () => {
  it('answers 401 without a session', async () => {
    const res = await app.request('/api/admin/contributors');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
  });
});
