import { randomUUID } from 'node:crypto';
import {
  GivingStatement,
  ManageOverview,
  ManageSessionStarted,
  PlanCancellation,
  manageMessages,
} from '@pillars/contracts';
import {
  type PaymentKind,
  auditLog,
  type donations,
  issueManageLink,
  manageLinks,
  manageSessions,
  outboundEmails,
  outbox,
  payments,
  transactions,
} from '@pillars/platform/db';
import { JOBS } from '@pillars/platform/jobs';
import { GENEROUS_LIMITS, LIMITS } from '@pillars/platform/limits';
import { markPlanEnded, receiptNumberOf } from '@pillars/money';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { testRecords } from '../../test/records';
import { testApp, useAppInfra } from '../../test/test-app';
import { MANAGE_SESSION_MS } from './manage-sessions';

const database = await useTestDatabase();
const infra = await useAppInfra(database);
const { db } = database;

// A clock the tests move forward a day each, so throttle windows, links and sessions start afresh.
let clock = new Date('2026-06-01T12:00:00Z');
const now = () => clock;
const env = { TRUST_PROXY: 'true' };
// The link requests' real limits, which this file tests; the per-address limit on every public
// write (tested in lib/limits.int.test.ts) would count this file's many writes from one client.
const limiters = { ...LIMITS, publicWriteAddress: GENEROUS_LIMITS.publicWriteAddress };
const app = testApp(database, { ...infra, now, env, limiters });

beforeEach(() => {
  clock = new Date(clock.getTime() + 24 * 3_600_000);
});

const HOUR = 3_600_000;
/** Each test its own client address and donor, so throttle counts and records never mix. */
const newClient = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 4)}`;
const newEmail = () => `donor-${randomUUID().slice(0, 8)}@example.org`;

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(`/api/manage${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const get = (path: string, cookie: string) => app.request(`/api/manage${path}`, { headers: { cookie } });

/** A link for the address, as the worker issues it when it sends the e-mail. */
const linkFor = (email: string, ttlMs = 72 * HOUR) => issueManageLink(db, email, new Date(clock.getTime() + ttlMs));

/** Spends a fresh link for the address and returns the Cookie header of its session. */
async function sessionFor(email: string): Promise<string> {
  const res = await post('/session', { token: await linkFor(email) });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no cookie');
  return cookie;
}

const records = testRecords(db);
const insertDonation = (email: string, extra: Partial<typeof donations.$inferInsert> = {}) =>
  records.insertDonation({ email, firstName: 'Ann', lastName: 'Donor', ...extra });
const insertMembership = (email: string) => records.insertMembership({ email, status: 'active' });
const insertPayment = (kind: PaymentKind, recordId: string, amountCents: number, recurring = false) =>
  records.insertPayment({
    kind,
    recordId,
    amountCents,
    providerTransactionId: `pt_${randomUUID()}`,
    providerRecurringId: recurring ? `rec_${randomUUID()}` : null,
    nextPaymentDate: recurring ? '2026-12-24' : null,
  });

/** A `transactions` row of the payment at the given instant: a charge, or a refund of `refundOf`. */
async function insertRow(
  payment: { id: string; kind: PaymentKind; recordId: string },
  amount: number,
  createdAt: Date,
  refundOf?: string,
) {
  const isGift = payment.kind === 'donation' || payment.kind === 'recurring_donation';
  const [row] = await db
    .insert(transactions)
    .values({
      paymentId: payment.id,
      donationId: isGift ? payment.recordId : null,
      amount,
      status: refundOf ? 'refunded' : 'completed',
      refundOf: refundOf ?? null,
      paymentMethod: 'card',
      paymentProvider: 'paytheory',
      providerTransactionId: `pt_${randomUUID()}`,
      buyerName: 'Ann Donor',
      createdAt,
    })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

const cancelOutboxRows = (paymentId: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.jobName, JOBS.cancelRecurring), sql`${outbox.payload}->>'paymentId' = ${paymentId}`));

describe('POST /api/manage/link', () => {
  it('answers a known and an unknown address alike, and queues a manage-link e-mail for each', async () => {
    const known = newEmail();
    await insertDonation(known);
    const unknown = newEmail();
    const answers = [];
    for (const email of [known.toUpperCase(), unknown]) {
      const res = await post('/link', { email }, { 'x-forwarded-for': newClient() });
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers[0]).toEqual({ status: 202, body: { success: true, message: manageMessages.linkRequested } });
    expect(answers[1]).toEqual(answers[0]);
    for (const email of [known, unknown]) {
      const rows = await db.select().from(outboundEmails).where(eq(outboundEmails.recipient, email));
      expect(rows).toMatchObject([{ kind: 'manage-link', state: 'queued', subjectId: null }]);
      const jobs = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.jobName, JOBS.sendEmail), sql`${outbox.payload}->>'emailId' = ${rows[0]?.id}`));
      expect(jobs).toHaveLength(1);
    }
  });

  it('refuses an invalid address with 400 and queues nothing', async () => {
    const res = await post('/link', { email: 'not-an-address' }, { 'x-forwarded-for': newClient() });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_DATA', error: 'Please enter a valid email address' });
  });

  it('throttles per address: past the limit, 429 with Retry-After and a message, whatever the client', async () => {
    const email = newEmail();
    for (let i = 0; i < LIMITS.manageLinkRecipient.points; i++) {
      expect((await post('/link', { email }, { 'x-forwarded-for': newClient() })).status).toBe(202);
    }
    const refused = await post('/link', { email }, { 'x-forwarded-for': newClient() });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(await refused.json()).toEqual({
      error: 'Too many link requests. Please try again in 60 minutes.',
      code: 'RATE_LIMITED',
    });
    const queued = await db.select().from(outboundEmails).where(eq(outboundEmails.recipient, email));
    expect(queued).toHaveLength(LIMITS.manageLinkRecipient.points);
  });

  // The limiter counts in real time (no clock to inject): the window's end is shown with 1 second.
  it('lets the address ask again once the window ends', async () => {
    const shortApp = testApp(database, {
      ...infra,
      now,
      env,
      limiters: { ...limiters, manageLinkRecipient: { points: 1, duration: 1 } },
    });
    const email = newEmail();
    const ask = () =>
      shortApp.request('/api/manage/link', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          'x-forwarded-for': newClient(),
        },
        body: JSON.stringify({ email }),
      });
    expect((await ask()).status).toBe(202);
    expect((await ask()).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await ask()).status).toBe(202);
  });

  it('throttles per client address across many addresses', async () => {
    const client = newClient();
    for (let i = 0; i < LIMITS.manageLinkAddress.points; i++) {
      expect((await post('/link', { email: newEmail() }, { 'x-forwarded-for': client })).status).toBe(202);
    }
    const refused = await post('/link', { email: newEmail() }, { 'x-forwarded-for': client });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await post('/link', { email: newEmail() }, { 'x-forwarded-for': newClient() })).status).toBe(202);
  });

  it('refuses a cross-site request', async () => {
    const res = await post('/link', { email: newEmail() }, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/manage/session', () => {
  it('spends the link once: a session cookie of its own, then 400 for the same token', async () => {
    const email = newEmail();
    const token = await linkFor(email.toUpperCase());
    const res = await post('/session', { token });
    expect(res.status).toBe(200);
    const body = ManageSessionStarted.parse(await res.json());
    expect(body).toEqual({ email, expiresAt: new Date(clock.getTime() + MANAGE_SESSION_MS).toISOString() });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^manage=[a-z2-7]{24}\.[a-z2-7]{24};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);

    const [link] = await db.select().from(manageLinks).where(eq(manageLinks.email, email));
    expect(link?.usedAt).toEqual(clock);

    const again = await post('/session', { token });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: manageMessages.linkInvalid, code: 'INVALID_DATA' });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('gives one session to two requests racing with one token', async () => {
    const token = await linkFor(newEmail());
    const statuses = await Promise.all([post('/session', { token }), post('/session', { token })]);
    expect(statuses.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link and an unknown token alike', async () => {
    const token = await linkFor(newEmail(), HOUR);
    clock = new Date(clock.getTime() + HOUR);
    for (const each of [token, 'not-a-token']) {
      const res = await post('/session', { token: each });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: manageMessages.linkInvalid, code: 'INVALID_DATA' });
    }
  });

  it('ends the session after an hour, and purges expired sessions when another opens', async () => {
    const email = newEmail();
    const cookie = await sessionFor(email);
    expect((await get('', cookie)).status).toBe(200);
    clock = new Date(clock.getTime() + MANAGE_SESSION_MS);
    const expired = await get('', cookie);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: manageMessages.sessionRequired, code: 'UNAUTHORIZED' });
    expect(expired.headers.get('set-cookie')).toMatch(/^manage=;/);

    const stale = await sessionFor(newEmail());
    clock = new Date(clock.getTime() + MANAGE_SESSION_MS + 1);
    await sessionFor(newEmail());
    const staleId = stale.split('=')[1]?.split('.')[0] ?? '';
    expect(await db.select().from(manageSessions).where(eq(manageSessions.id, staleId))).toEqual([]);
  });

  it('over HTTPS names the cookie __Host-manage and marks it Secure', async () => {
    const secureApp = testApp(database, { ...infra, now, env: { PUBLIC_URL: 'https://pillars.example.org' } });
    const res = await secureApp.request('/api/manage/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ token: await linkFor(newEmail()) }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-manage=.*Secure/);
  });

  it('sign-out ends the session', async () => {
    const cookie = await sessionFor(newEmail());
    const res = await post('/sign-out', undefined, { cookie });
    expect(res.status).toBe(200);
    expect((await get('', cookie)).status).toBe(401);
  });
});

describe('GET /api/manage', () => {
  it('401 without a session cookie, or with the admin session cookie name', async () => {
    expect((await app.request('/api/manage')).status).toBe(401);
    expect((await get('', 'session=abc.def')).status).toBe(401);
  });

  it("lists only the address's records, matched case-insensitively, with plans and receipts", async () => {
    const email = newEmail();
    const other = newEmail();
    const oneTime = await insertDonation(email.toUpperCase(), { amount: '17.76', status: 'completed' });
    const monthly = await insertDonation(email, { amount: '50.00', isRecurring: true, status: 'active' });
    const membership = await insertMembership(email);
    await insertDonation(other, { amount: '99.00' });
    const event = await records.insertEvent({
      slug: `gala-${randomUUID().slice(0, 8)}`,
      title: 'Liberty Gala',
      location: 'Philadelphia, PA',
    });
    const registration = await records.insertRegistration(event.id, {
      firstName: 'Ann',
      lastName: 'Donor',
      email,
      paymentAmount: 4500,
      status: 'confirmed',
    });
    const oneTimePayment = await insertPayment('donation', oneTime.id, 1776);
    const monthlyPayment = await insertPayment('recurring_donation', monthly.id, 5000, true);
    const membershipPayment = await insertPayment('membership', membership.id, 2500, true);
    const charge = await insertRow(oneTimePayment, 1776, new Date('2026-03-01T15:00:00Z'));
    const refund = await insertRow(oneTimePayment, 776, new Date('2026-03-02T15:00:00Z'), charge.id);
    await insertRow(membershipPayment, 2500, new Date('2026-03-03T15:00:00Z'));
    await db.update(payments).set({ cancelRequestedAt: clock }).where(eq(payments.id, membershipPayment.id));

    const res = await get('', await sessionFor(email));
    expect(res.status).toBe(200);
    const overview = ManageOverview.parse(await res.json());
    expect(overview.email).toBe(email);
    expect(overview.contributions).toEqual([
      expect.objectContaining({
        id: monthly.id,
        amountCents: 5000,
        isRecurring: true,
        status: 'active',
        plan: { paymentId: monthlyPayment.id, state: 'active', nextChargeDate: '2026-12-24', cancellable: true },
      }),
      // $7.76 of its $17.76 was given back: the ledger's state, and what was refunded.
      expect.objectContaining({
        id: oneTime.id,
        amountCents: 1776,
        isRecurring: false,
        plan: null,
        status: 'partly_refunded',
        refundedCents: 776,
      }),
    ]);
    expect(overview.memberships).toEqual([
      expect.objectContaining({
        id: membership.id,
        amountCents: 2500,
        plan: {
          paymentId: membershipPayment.id,
          state: 'cancellation-requested',
          nextChargeDate: null,
          cancellable: false,
        },
      }),
    ]);
    expect(overview.registrations).toEqual([
      expect.objectContaining({
        id: registration?.id,
        eventTitle: 'Liberty Gala',
        eventStartDate: '2026-07-04T22:00:00.000Z',
        amountCents: 4500,
        status: 'confirmed',
      }),
    ]);
    expect(
      overview.receipts.map(({ amountCents, kind, refund: isRefund }) => ({ amountCents, kind, isRefund })),
    ).toEqual([
      { amountCents: 2500, kind: 'membership', isRefund: false },
      { amountCents: -776, kind: 'donation', isRefund: true },
      { amountCents: 1776, kind: 'donation', isRefund: false },
    ]);
    expect(overview.receipts[1]?.receiptNumber).toBe(receiptNumberOf(refund));
    expect(overview.statementYears).toEqual([2026]);
  });
});

describe('POST /api/manage/plans/:paymentId/cancel', () => {
  it("answers 404 for another address's plan, and changes nothing", async () => {
    const mine = newEmail();
    const theirs = await insertDonation(newEmail(), { isRecurring: true, status: 'active' });
    const payment = await insertPayment('recurring_donation', theirs.id, 5000, true);
    const res = await post(`/plans/${payment.id}/cancel`, undefined, { cookie: await sessionFor(mine) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: manageMessages.planNotFound, code: 'NOT_FOUND' });
    const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.cancelRequestedAt).toBeNull();
    expect(await cancelOutboxRows(payment.id)).toEqual([]);
  });

  it('answers 404 for a one-time payment of the address, and for a malformed id', async () => {
    const email = newEmail();
    const gift = await insertDonation(email);
    const payment = await insertPayment('donation', gift.id, 2500);
    const cookie = await sessionFor(email);
    expect((await post(`/plans/${payment.id}/cancel`, undefined, { cookie })).status).toBe(404);
    expect((await post('/plans/not-a-uuid/cancel', undefined, { cookie })).status).toBe(404);
  });

  it('queues exactly one cancel-recurring job with an audit row; asking again answers already-requested', async () => {
    const email = newEmail();
    const membership = await insertMembership(email);
    const payment = await insertPayment('membership', membership.id, 2500, true);
    const cookie = await sessionFor(email);

    const first = await post(`/plans/${payment.id}/cancel`, undefined, { cookie });
    expect(first.status).toBe(200);
    expect(PlanCancellation.parse(await first.json())).toEqual({
      paymentId: payment.id,
      outcome: 'requested',
      message: 'Cancellation requested',
    });
    const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ cancelRequestedBy: 'donor', cancelReason: 'Cancelled by the donor' });
    expect(row?.cancelRequestedAt).toEqual(clock);
    expect(await cancelOutboxRows(payment.id)).toHaveLength(1);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, payment.id));
    expect(audit).toMatchObject([
      { actorUserId: null, actorLabel: 'donor', action: 'payment.plan-cancel-requested', entityType: 'payment' },
    ]);

    const second = await post(`/plans/${payment.id}/cancel`, undefined, { cookie });
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ outcome: 'already-requested' });
    expect(await cancelOutboxRows(payment.id)).toHaveLength(1);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, payment.id))).toHaveLength(1);

    const overview = ManageOverview.parse(await (await get('', cookie)).json());
    expect(overview.memberships[0]?.plan).toMatchObject({ state: 'cancellation-requested', cancellable: false });

    // Once the cancel-recurring job has ended the plan at the provider, the page reads cancelled.
    expect(await markPlanEnded(db, { paymentId: payment.id, at: clock })).toMatchObject({ kind: 'ended' });
    const ended = ManageOverview.parse(await (await get('', cookie)).json());
    expect(ended.memberships[0]).toMatchObject({
      status: 'cancelled',
      plan: { state: 'cancelled', nextChargeDate: null, cancellable: false },
    });
  });

  it('401 without a session, 403 cross-site', async () => {
    const id = randomUUID();
    expect((await post(`/plans/${id}/cancel`)).status).toBe(401);
    const cookie = await sessionFor(newEmail());
    expect((await post(`/plans/${id}/cancel`, undefined, { cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });
});

describe('GET /api/manage/statement', () => {
  it("totals the year's gifts less its refunds, in New York's year, without dues or fees", async () => {
    const email = newEmail();
    const oneTime = await insertDonation(email);
    // The name on the latest gift is the one the statement shows.
    const monthly = await insertDonation(email, { isRecurring: true, firstName: 'Martha', lastName: 'Washington' });
    const membership = await insertMembership(email);
    const oneTimePayment = await insertPayment('donation', oneTime.id, 10000);
    const monthlyPayment = await insertPayment('recurring_donation', monthly.id, 2500, true);
    const membershipPayment = await insertPayment('membership', membership.id, 2500, true);
    // 2025 in New York (19:00 on December 31), though 2026 in UTC.
    await insertRow(monthlyPayment, 2500, new Date('2026-01-01T00:00:00Z'));
    const gift = await insertRow(oneTimePayment, 10000, new Date('2026-02-01T15:00:00Z'));
    await insertRow(monthlyPayment, 2500, new Date('2026-02-15T15:00:00Z'));
    await insertRow(oneTimePayment, 3000, new Date('2026-03-01T15:00:00Z'), gift.id);
    await insertRow(membershipPayment, 2500, new Date('2026-02-20T15:00:00Z'));
    const cookie = await sessionFor(email);

    const res = await get('/statement?year=2026', cookie);
    expect(res.status).toBe(200);
    const statement = GivingStatement.parse(await res.json());
    expect(statement).toMatchObject({
      year: 2026,
      email,
      donorName: 'Martha Washington',
      orgLegalName: 'Patriot Pillars Foundation, Inc.',
      orgEin: '00-0000000',
      goodsStatement: 'No goods or services were provided in exchange for this contribution.',
      totalCents: 10000 + 2500 - 3000,
    });
    expect(statement.lines.map(({ amountCents, kind, refund }) => ({ amountCents, kind, refund }))).toEqual([
      { amountCents: 10000, kind: 'donation', refund: false },
      { amountCents: 2500, kind: 'recurring_donation', refund: false },
      { amountCents: -3000, kind: 'donation', refund: true },
    ]);
    expect(statement.lines[0]?.receiptNumber).toBe(receiptNumberOf(gift));

    const earlier = GivingStatement.parse(await (await get('/statement?year=2025', cookie)).json());
    expect(earlier.totalCents).toBe(2500);
    const overview = ManageOverview.parse(await (await get('', cookie)).json());
    expect(overview.statementYears).toEqual([2026, 2025]);
  });

  it('400 for a missing or impossible year', async () => {
    const cookie = await sessionFor(newEmail());
    expect((await get('/statement', cookie)).status).toBe(400);
    expect((await get('/statement?year=abc', cookie)).status).toBe(400);
    expect((await get('/statement?year=1999', cookie)).status).toBe(400);
  });
});

describe('OpenAPI document', () => {
  it('describes the manage routes and their schemas', async () => {
    const document = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    for (const path of [
      '/api/manage/link',
      '/api/manage/session',
      '/api/manage',
      '/api/manage/plans/{paymentId}/cancel',
      '/api/manage/statement',
      '/api/manage/sign-out',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
    for (const schema of ['ManageOverview', 'GivingStatement', 'PlanCancellation', 'ManageLinkRequest']) {
      expect(document.components.schemas).toHaveProperty([schema]);
    }
  });
});
