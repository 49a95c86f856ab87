import { randomUUID } from 'node:crypto';
import { rateLimitMessages } from '@pillars/contracts';
import {
  donations,
  idempotencyKeys,
  membershipApplications,
  memberships,
  outbox,
  payments,
} from '@pillars/platform/db';
import { GENEROUS_LIMITS, LIMITS, type LimitRules, createLimiters } from '@pillars/platform/limits';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { testApp, useAppInfra } from '../test/test-app';

// The limits of every public write and of charges (docs/decisions/026), over the PostgreSQL store
// of the embedded default. Each test uses its own client addresses, e-mails and tokens, so the
// counts of one never reach another.
const database = await useTestDatabase();
const infra = await useAppInfra(database);
const { db } = database;
const env = { TRUST_PROXY: 'true' };

const appWith = (limiters: LimitRules) => testApp(database, { ...infra, env, limiters });
/** The charge limits as they are, the public-write limit out of the way. */
const chargeApp = appWith({ ...LIMITS, publicWriteAddress: GENEROUS_LIMITS.publicWriteAddress });

const newAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 6)}`;
const newEmail = () => `donor-${randomUUID().slice(0, 8)}@example.org`;
const newToken = () => `pm_${randomUUID().replace(/-/g, '')}`;

function post(app: ReturnType<typeof testApp>, path: string, body: unknown, address: string) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

const donation = (email: string, token: string) => ({
  firstName: 'Martha',
  lastName: 'Washington',
  email,
  phone: '555-010-1776',
  amount: '1.00',
  paymentMethod: 'card',
  isRecurring: false,
  paymentMethodToken: token,
});

/** Rows of every table a public write or a charge writes to. */
async function rowCounts() {
  const tables = { donations, memberships, membershipApplications, payments, outbox, idempotencyKeys };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('public writes, per client address', () => {
  const app = appWith({ ...GENEROUS_LIMITS, publicWriteAddress: { points: 3, duration: 600, blockDuration: 600 } });
  const application = () => ({ firstName: 'Ann', lastName: 'Member', email: newEmail() });

  it('refuses past the limit with 429, Retry-After and a sentence saying when, and writes nothing', async () => {
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await post(app, '/api/memberships', application(), address)).status).toBe(201);
    const before = await rowCounts();
    const refused = await post(app, '/api/memberships', application(), address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(await refused.json()).toEqual({
      error: 'Too many requests from your connection. Please try again in 10 minutes.',
      code: 'RATE_LIMITED',
    });
    expect(await rowCounts()).toEqual(before);

    // Every public write counts against the same address, whatever the door.
    const link = await post(app, '/api/manage/link', { email: newEmail() }, address);
    expect(link.status).toBe(429);
    // Another address is not affected.
    expect((await post(app, '/api/memberships', application(), newAddress())).status).toBe(201);
  });

  it("leaves the provider's webhooks out: the provider posts them all from its own addresses", async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const res = await post(app, `/api/webhooks/paytheory/${'x'.repeat(40)}`, {}, address);
      expect(res.status).toBe(404);
    }
  });
});

describe('card testing: charges per e-mail, per card token, per address', () => {
  it('refuses the 6th charge for one e-mail in an hour, from any address and card, writing nothing', async () => {
    const email = newEmail();
    for (let i = 0; i < LIMITS.chargeEmail.points; i++) {
      expect((await post(chargeApp, '/api/donations', donation(email, newToken()), newAddress())).status).toBe(202);
    }
    const before = await rowCounts();
    const refused = await post(chargeApp, '/api/donations', donation(email.toUpperCase(), newToken()), newAddress());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await refused.json()).toEqual({
      error: rateLimitMessages.tooManyPayments(3600_000),
      code: 'RATE_LIMITED',
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses the 4th charge with one card token, whoever pays, on every door that charges', async () => {
    const token = newToken();
    for (let i = 0; i < LIMITS.chargeToken.points; i++) {
      expect((await post(chargeApp, '/api/donations', donation(newEmail(), token), newAddress())).status).toBe(202);
    }
    const before = await rowCounts();
    const membership = {
      amount: 2500,
      buyer: { first_name: 'Abigail', last_name: 'Adams', email: newEmail() },
      membership: { firstName: 'Abigail', lastName: 'Adams', email: newEmail(), waiverAccepted: true },
      paymentMethod: 'card',
      payment_method_id: token,
      tokenized: true,
    };
    const refused = await post(chargeApp, '/api/process-membership-payment', membership, newAddress());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses the 11th charge from one address in an hour', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.chargeAddress.points; i++) {
      expect((await post(chargeApp, '/api/donations', donation(newEmail(), newToken()), address)).status).toBe(202);
    }
    const refused = await post(chargeApp, '/api/donations', donation(newEmail(), newToken()), address);
    expect(refused.status).toBe(429);
    // A donation without a card token starts no charge: only the public-write limit applies.
    const { paymentMethodToken: _, ...noToken } = donation(newEmail(), newToken());
    expect((await post(chargeApp, '/api/donations', noToken, address)).status).toBe(201);
  });
});

describe('with the limiter store down (docs/decisions/026)', () => {
  // Nothing listens on this port: every limiter command fails after the client's 2 s timeout.
  const down = createLimiters({
    redisUrl: 'redis://127.0.0.1:6199',
    prefix: 'test',
    hashKey: 'test-hash-key-0123456789',
  });
  afterAll(() => down.close());
  const downApp = testApp(database, { ...infra, env, limiters: down });

  it('public writes and charges go through (fail open)', async () => {
    const res = await post(downApp, '/api/donations', donation(newEmail(), newToken()), newAddress());
    expect(res.status).toBe(202);
  });

  it('sign-in is refused (fail closed)', async () => {
    const res = await post(downApp, '/api/auth/login', { username: 'someone', password: 'anything' }, newAddress());
    expect(res.status).toBe(500);
  });
});
