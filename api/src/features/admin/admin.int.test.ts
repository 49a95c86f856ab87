import { randomUUID } from 'node:crypto';
import {
  AdminPaymentDetail,
  AdminUserCreated,
  AdminUserList,
  ContributionDetailList,
  ContributorsResponse,
  MemberDetailList,
  ProfileUpdated,
  RegistrationDetailList,
  StatusChanged,
} from '@pillars/contracts/admin';
import {
  DUPLICATE_REVERSED_ACTION,
  auditLog,
  donations,
  eventRegistrations,
  memberships,
  type PaymentKind,
  payments,
  sessions,
  transactions,
  users,
} from '@pillars/platform/db';
import { JOB_OPTIONS, QUEUES } from '@pillars/platform/jobs';
import { insertTransactionRow, transactionRow } from '@pillars/money';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { asAdmin, createTestAdmin, signIn } from '../../test/admin-session';
import { adminRequests, signedInAdmin, useAdminTestApp } from '../../test/admin-app';
import { testRecords } from '../../test/records';
import { testApp } from '../../test/test-app';
import { deleteAdmin, userMessages } from './users.service';

const suite = await useAdminTestApp();
const { app, db, database, infra } = suite;
// A database of its own for the last-admin tests, so they control exactly which accounts exist.
const lonely = await useTestDatabase();
const lonelyApp = testApp(lonely, infra);

const { admin, cookie } = await signedInAdmin(suite);
/** The admin API as the holder of `as` asks it: the default admin unless another cookie is named. */
const requestsAs = (as: string) => adminRequests(suite, as);
const { get, send } = requestsAs(cookie);

const at = (iso: string) => new Date(iso);

const { insertEvent, insertDonation, insertMembership, insertRegistration, insertPayment } = testRecords(db);

/**
 * A card payment for a record, as accept and the worker leave it: the payment row and, when the
 * provider charged it, its first `transactions` row (written by the one builder, transactionRow).
 */
async function insertCharge(
  kind: PaymentKind,
  recordId: string,
  amountCents: number,
  outcome: 'succeeded' | 'failed' | 'queued' = 'succeeded',
  providerRecurringId: string | null = null,
) {
  const providerTransactionId = `pt_${randomUUID()}`;
  const payment = await insertPayment({
    kind,
    recordId,
    amountCents,
    state: outcome,
    providerTransactionId: outcome === 'succeeded' ? providerTransactionId : null,
    providerRecurringId,
  });
  if (outcome === 'succeeded') await insertInstalment(payment, amountCents, true, providerTransactionId);
  return payment;
}

/** A `transactions` row the worker wrote for a charge of the payment (a later instalment, or the first). */
async function insertInstalment(
  payment: { id: string; kind: PaymentKind; recordId: string },
  amountCents: number,
  succeeded: boolean,
  providerTransactionId = `pt_${randomUUID()}`,
) {
  const row = transactionRow({
    payment,
    payor: { firstName: 'Ann', lastName: 'Payor', email: 'payor@example.org' },
    amountCents,
    providerTransactionId,
    succeeded,
    provider: { providerName: 'paytheory', liveMode: false },
  });
  if (!(await insertTransactionRow(db, row))) throw new Error('transaction already recorded');
}

/** Only the given records and charges exist, so the summary counts exactly them. */
async function emptyRecordsAndLedger() {
  await db.delete(transactions);
  await db.delete(payments);
  await db.delete(eventRegistrations);
  await db.delete(donations);
  await db.delete(memberships);
}

const auditRowsFor = (entityId: string) =>
  db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);

describe('without a session', () => {
  const id = randomUUID();
  it.each([
    ['GET', '/contributors'],
    ['GET', '/contributors-detail'],
    ['GET', '/members-detail'],
    ['GET', '/event-registrations'],
    ['GET', '/users'],
    ['POST', '/users'],
    ['DELETE', `/users/${id}`],
    ['PUT', '/profile'],
    ['PUT', `/contributions/${id}/status`],
    ['PUT', `/registrations/${id}/status`],
    ['GET', `/payments/${id}`],
  ])('%s %s answers 401', async (method, path) => {
    const res = await app.request(`/api/admin${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: JSON.stringify({ status: 'confirmed' }) }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
  });

  it('answers 401 to a session cookie that is not a session', async () => {
    expect((await requestsAs('session=aaaa.bbbb').get('/contributors')).status).toBe(401);
  });
});

describe('GET /api/admin/contributors', () => {
  it('lists every kind newest first, amounts in dollars, and totals only money received', async () => {
    // A known mix, alone in the tables.
    await emptyRecordsAndLedger();
    const tiers = [{ id: 'vip', name: 'VIP Table', price: 5000, description: 'Dinner', benefits: [] }];
    const gala = await insertEvent({
      title: 'Liberty Gala',
      requiresPayment: true,
      pricingTiers: JSON.stringify(tiers),
    });
    const picnic = await insertEvent({ title: 'Fourth of July Picnic', pricingTiers: '[not json' });

    const oneTime = await insertDonation({
      firstName: 'John',
      lastName: 'Adams',
      email: 'john@example.org',
      phone: '6175550100',
      amount: '50.00',
      status: 'completed',
      payTheoryPaymentId: 'pt_completed_1',
      createdAt: at('2026-03-01T10:00:00Z'),
    });
    const monthly = await insertDonation({
      amount: '17.76',
      isRecurring: true,
      status: 'pending',
      createdAt: at('2026-03-02T10:00:00Z'),
    });
    const failed = await insertDonation({ amount: '100.00', status: 'failed', createdAt: at('2026-03-03T10:00:00Z') });
    const active = await insertMembership({
      firstName: 'Abigail',
      lastName: 'Adams',
      message: 'Proud to join',
      status: 'active',
      createdAt: at('2026-03-04T10:00:00Z'),
    });
    const applied = await insertMembership({ status: 'pending', createdAt: at('2026-03-05T10:00:00Z') });
    const paid = await insertRegistration(gala.id, {
      paymentAmount: 5000,
      selectedTier: 'vip',
      status: 'paid',
      payTheoryPaymentId: 'pt_paid_1',
      createdAt: at('2026-03-06T10:00:00Z'),
    });
    const unpaid = await insertRegistration(gala.id, {
      paymentAmount: 5000,
      selectedTier: 'vip',
      status: 'pending',
      createdAt: at('2026-03-07T10:00:00Z'),
    });
    const free = await insertRegistration(picnic.id, { status: 'confirmed', createdAt: at('2026-03-08T10:00:00Z') });
    // What the worker recorded: the charges that went through, and the one that failed.
    await insertCharge('donation', oneTime.id, 5000);
    await insertCharge('donation', failed.id, 10000, 'failed');
    await insertCharge('membership', active.id, 2500, 'succeeded', 'plan_active');
    await insertCharge('registration', paid.id, 5000);

    const res = await get('/contributors');
    expect(res.status).toBe(200);
    const body = ContributorsResponse.parse(await res.json());

    expect(body.summary).toEqual({
      // People, by address: john@ (the completed gift), member@ (the active membership) and betsy@
      // (every registration); the pending and failed gifts and the application are not counted.
      totalContributors: 3,
      totalDonations: 1,
      totalMemberships: 1,
      totalEventRegistrations: 3,
      // The ledger's received charges: 50.00 donation + 25.00 membership + 50.00 registration.
      totalAmount: 125,
    });
    expect(body.contributors.map((r) => r.id)).toEqual([
      free.id,
      unpaid.id,
      paid.id,
      applied.id,
      active.id,
      failed.id,
      monthly.id,
      oneTime.id,
    ]);
    const byId = new Map(body.contributors.map((r) => [r.id, r]));
    expect(byId.get(oneTime.id)).toEqual({
      id: oneTime.id,
      firstName: 'John',
      lastName: 'Adams',
      email: 'john@example.org',
      phone: '6175550100',
      type: 'Contribution',
      amount: 50,
      status: 'completed',
      state: 'completed',
      paymentMethod: 'card',
      isRecurring: false,
      payTheoryPaymentId: 'pt_completed_1',
      details: 'One-time contribution',
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    // The card was declined: the stored status says failed, the row says what happened.
    expect(byId.get(failed.id)).toMatchObject({ status: 'failed', state: 'declined' });
    expect(byId.get(monthly.id)).toMatchObject({
      amount: 17.76,
      isRecurring: true,
      details: 'Monthly contribution',
      status: 'pending',
      firstName: null,
      phone: null,
    });
    expect(byId.get(active.id)).toMatchObject({
      type: 'Membership',
      amount: 25,
      isRecurring: true,
      details: 'Proud to join',
      status: 'active',
    });
    // An application without a card is no $25 a month plan.
    expect(byId.get(applied.id)).toMatchObject({
      type: 'Membership',
      amount: 0,
      isRecurring: false,
      details: 'Monthly membership',
    });
    expect(byId.get(paid.id)).toMatchObject({
      type: 'Event Registration',
      amount: 50,
      paymentMethod: 'card',
      isRecurring: false,
      details: 'Liberty Gala - VIP Table',
      payTheoryPaymentId: 'pt_paid_1',
      phone: '2155550100',
    });
    expect(byId.get(free.id)).toMatchObject({
      amount: 0,
      paymentMethod: 'free',
      details: 'Fourth of July Picnic',
      status: 'confirmed',
    });
  });

  it('sums cents exactly', async () => {
    await emptyRecordsAndLedger();
    for (const [amount, cents] of [
      ['0.10', 10],
      ['0.20', 20],
      ['17.76', 1776],
    ] as const) {
      const donation = await insertDonation({ amount, status: 'completed' });
      await insertCharge('donation', donation.id, cents);
    }
    const body = ContributorsResponse.parse(await (await get('/contributors')).json());
    expect(body.summary.totalAmount).toBe(18.06);
  });
});

describe('Total Amount is the money the ledger received (docs/decisions/017)', () => {
  const totalAmount = async () =>
    ContributorsResponse.parse(await (await get('/contributors')).json()).summary.totalAmount;
  const confirm = (kind: 'contributions' | 'registrations', id: string) =>
    send('PUT', `/${kind}/${id}/status`, { status: 'confirmed' });

  it('is unchanged by confirming an application that never paid or a registration whose card failed', async () => {
    await emptyRecordsAndLedger();
    const gift = await insertDonation({ amount: '40.00', status: 'completed' });
    await insertCharge('donation', gift.id, 4000);
    const application = await insertMembership({ paymentMethod: 'card', status: 'pending' });
    const event = await insertEvent({ requiresPayment: true });
    const declined = await insertRegistration(event.id, { paymentAmount: 12500, status: 'pending' });
    await insertCharge('registration', declined.id, 12500, 'failed');
    expect(await totalAmount()).toBe(40);

    expect((await confirm('contributions', application.id)).status).toBe(200);
    expect((await confirm('registrations', declined.id)).status).toBe(200);

    expect(await totalAmount()).toBe(40);
    const body = ContributorsResponse.parse(await (await get('/contributors')).json());
    const byId = new Map(body.contributors.map((r) => [r.id, r]));
    expect(byId.get(application.id)).toMatchObject({ status: 'confirmed', amount: 0, isRecurring: false });
    // The fee stays what the registration costs; its status says confirmed, the total that $0 came in.
    expect(byId.get(declined.id)).toMatchObject({ status: 'confirmed', amount: 125, isRecurring: false });
    const members = MemberDetailList.parse(await (await get('/members-detail')).json()).data;
    expect(members.find((m) => m.id === application.id)).toMatchObject({ amount: '0.00', isRecurring: false });
  });

  it("equals the sum of received transactions: a plan's later instalment counts, a failed one does not", async () => {
    await emptyRecordsAndLedger();
    const monthly = await insertDonation({ amount: '25.00', isRecurring: true, status: 'completed' });
    const plan = await insertCharge('recurring_donation', monthly.id, 2500, 'succeeded', 'plan_monthly');
    const member = await insertMembership({ status: 'active' });
    const membership = await insertCharge('membership', member.id, 2500, 'succeeded', 'plan_member');
    expect(await totalAmount()).toBe(50);

    await insertInstalment(plan, 2500, true);
    await insertInstalment(membership, 2500, true);
    expect(await totalAmount()).toBe(100);

    await insertInstalment(plan, 2500, false);
    await insertInstalment(membership, 2500, false);
    expect(await totalAmount()).toBe(100);

    const [ledger] = await db
      .select({ cents: sql<string>`sum(${transactions.amount})` })
      .from(transactions)
      .where(eq(transactions.status, 'completed'));
    expect(Number(ledger?.cents) / 100).toBe(100);
  });
});

describe('detail lists', () => {
  it('GET /contributors-detail lists the donations newest first', async () => {
    const older = await insertDonation({ amount: '10.50', createdAt: at('2020-01-01T00:00:00Z') });
    const newer = await insertDonation({ amount: '99.99', isRecurring: true, createdAt: at('2030-01-01T00:00:00Z') });
    const res = await get('/contributors-detail');
    expect(res.status).toBe(200);
    const { data } = ContributionDetailList.parse(await res.json());
    expect(data[0]).toMatchObject({ id: newer.id, amount: '99.99', isRecurring: true });
    expect(data.at(-1)).toMatchObject({ id: older.id, amount: '10.50', createdAt: '2020-01-01T00:00:00.000Z' });
  });

  it('GET /members-detail lists card memberships at $25.00 a month with the waiver', async () => {
    const member = await insertMembership({
      waiverAccepted: true,
      waiverAcceptedAt: at('2026-02-01T15:30:00Z'),
      createdAt: at('2031-01-01T00:00:00Z'),
    });
    await insertCharge('membership', member.id, 2500, 'queued');
    const unsigned = await insertMembership({ createdAt: at('2019-01-01T00:00:00Z') });
    const res = await get('/members-detail');
    expect(res.status).toBe(200);
    const { data } = MemberDetailList.parse(await res.json());
    expect(data[0]).toEqual({
      id: member.id,
      firstName: null,
      lastName: null,
      email: 'member@example.org',
      phone: null,
      amount: '25.00',
      status: 'pending',
      state: 'pending',
      paymentMethod: 'card',
      isRecurring: true,
      payTheoryPaymentId: null,
      createdAt: '2031-01-01T00:00:00.000Z',
      waiverAccepted: true,
      waiverAcceptedAt: '2026-02-01T15:30:00.000Z',
      waiverVersion: 'v1.0',
    });
    // An application without a card payment: no plan, so nothing a month.
    expect(data.at(-1)).toMatchObject({
      id: unsigned.id,
      amount: '0.00',
      isRecurring: false,
      waiverAccepted: false,
      waiverAcceptedAt: null,
    });
  });

  it('GET /event-registrations lists registrations with their event', async () => {
    const event = await insertEvent({ title: 'Town Hall', location: 'Boston, MA' });
    const reg = await insertRegistration(event.id, {
      comments: 'Two seats',
      selectedTier: null,
      paymentAmount: 4500,
      createdAt: at('2032-01-01T00:00:00Z'),
    });
    const res = await get('/event-registrations');
    expect(res.status).toBe(200);
    const { data } = RegistrationDetailList.parse(await res.json());
    expect(data[0]).toEqual({
      id: reg.id,
      firstName: 'Betsy',
      lastName: 'Ross',
      email: 'betsy@example.org',
      phone: '2155550100',
      status: 'pending',
      state: 'pending',
      selectedTier: null,
      selectedTierName: null,
      comments: 'Two seats',
      paymentAmount: 4500,
      // Nothing received yet: the fee is due, not paid.
      paidCents: 0,
      payTheoryPaymentId: null,
      createdAt: '2032-01-01T00:00:00.000Z',
      event: {
        title: 'Town Hall',
        startDate: '2026-07-04T22:00:00.000Z',
        endDate: '2026-07-05T01:00:00.000Z',
        location: 'Boston, MA',
      },
    });
  });

  it('GET /event-registrations names the selected tier from the event’s tiers', async () => {
    const tiers = [{ id: 'vip', name: 'VIP Pass', price: 12500, description: 'Front row', benefits: [] }];
    const event = await insertEvent({ requiresPayment: true, pricingTiers: JSON.stringify(tiers) });
    const reg = await insertRegistration(event.id, { selectedTier: 'vip', createdAt: at('2033-01-01T00:00:00Z') });
    const { data } = RegistrationDetailList.parse(await (await get('/event-registrations')).json());
    expect(data.find((row) => row.id === reg.id)).toMatchObject({ selectedTier: 'vip', selectedTierName: 'VIP Pass' });
  });
});

describe('status changes', () => {
  const confirm = (kind: 'contributions' | 'registrations', id: string, body: unknown = { status: 'confirmed' }) =>
    send('PUT', `/${kind}/${id}/status`, body);

  it('confirms a pending donation and writes the audit row', async () => {
    const donation = await insertDonation({ status: 'pending' });
    const res = await confirm('contributions', donation.id);
    expect(res.status).toBe(200);
    expect(StatusChanged.parse(await res.json())).toEqual({
      success: true,
      data: { id: donation.id, status: 'confirmed' },
    });
    const [row] = await db.select().from(donations).where(eq(donations.id, donation.id));
    expect(row?.status).toBe('confirmed');
    const audit = await auditRowsFor(donation.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: admin.id,
      actorLabel: admin.username,
      action: 'contribution.confirmed',
      entityType: 'donation',
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });
    expect(audit[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('confirms a pending membership through the contributions route', async () => {
    const membership = await insertMembership({ status: 'pending' });
    expect((await confirm('contributions', membership.id)).status).toBe(200);
    const [row] = await db.select().from(memberships).where(eq(memberships.id, membership.id));
    expect(row?.status).toBe('confirmed');
    const audit = await auditRowsFor(membership.id);
    expect(audit.map((a) => [a.action, a.entityType])).toEqual([['membership.confirmed', 'membership']]);
  });

  it('confirms a pending registration', async () => {
    const event = await insertEvent();
    const reg = await insertRegistration(event.id);
    expect((await confirm('registrations', reg.id)).status).toBe(200);
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, reg.id));
    expect(row?.status).toBe('confirmed');
    expect((await auditRowsFor(reg.id)).map((a) => a.action)).toEqual(['registration.confirmed']);
  });

  it('refuses anything but pending with a 409 and changes nothing', async () => {
    const completed = await insertDonation({ status: 'completed' });
    const res = await confirm('contributions', completed.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'Only pending items can be confirmed; this one is completed.',
      code: 'CONFLICT',
    });
    const [row] = await db.select().from(donations).where(eq(donations.id, completed.id));
    expect(row?.status).toBe('completed');
    expect(await auditRowsFor(completed.id)).toEqual([]);

    const cancelled = await insertMembership({ status: 'cancelled' });
    expect(await (await confirm('contributions', cancelled.id)).json()).toMatchObject({
      error: 'Only pending items can be confirmed; this one is cancelled.',
    });

    const event = await insertEvent();
    const paid = await insertRegistration(event.id, { status: 'paid', paymentAmount: 2000 });
    const refused = await confirm('registrations', paid.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'Only pending items can be confirmed; this one is paid.' });
    const [reg] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, paid.id));
    expect(reg?.status).toBe('paid');
  });

  it('confirms once: the second confirmation is a 409 and writes no second audit row', async () => {
    const donation = await insertDonation({ status: 'pending' });
    const [first, second] = await Promise.all([
      confirm('contributions', donation.id),
      confirm('contributions', donation.id),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await auditRowsFor(donation.id)).toHaveLength(1);
  });

  it('leaves an item whose card payment is underway to the worker', async () => {
    const donation = await insertDonation({ status: 'pending' });
    await insertPayment({ kind: 'donation', recordId: donation.id, amountCents: 2500, state: 'processing' });
    const res = await confirm('contributions', donation.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: 'A card payment for this item is being processed or has succeeded; its status will update by itself.',
    });
    const [row] = await db.select().from(donations).where(eq(donations.id, donation.id));
    expect(row?.status).toBe('pending');
  });

  it('still confirms an item whose card payment failed (paid another way)', async () => {
    const event = await insertEvent({ requiresPayment: true, price: 2000 });
    const reg = await insertRegistration(event.id, { paymentAmount: 2000 });
    await insertPayment({ kind: 'registration', recordId: reg.id, amountCents: 2000, state: 'failed' });
    expect((await confirm('registrations', reg.id)).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id, and for an id of the other route', async () => {
    expect((await confirm('contributions', randomUUID())).status).toBe(404);
    expect((await confirm('registrations', randomUUID())).status).toBe(404);
    expect((await confirm('contributions', 'not-a-uuid')).status).toBe(404);
    const event = await insertEvent();
    const reg = await insertRegistration(event.id);
    const res = await confirm('contributions', reg.id);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Contribution not found', code: 'NOT_FOUND' });
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, reg.id));
    expect(row?.status).toBe('pending');
  });

  it('accepts only { status: "confirmed" }', async () => {
    const donation = await insertDonation({ status: 'pending' });
    expect((await confirm('contributions', donation.id, { status: 'completed' })).status).toBe(400);
    const [row] = await db.select().from(donations).where(eq(donations.id, donation.id));
    expect(row?.status).toBe('pending');
  });
});

describe('admin users', () => {
  it('GET /users lists the accounts without password hashes', async () => {
    const res = await get('/users');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('$argon2');
    expect(text).not.toMatch(/password|resetToken/i);
    const list = AdminUserList.parse(JSON.parse(text));
    expect(list.find((u) => u.id === admin.id)).toMatchObject({ username: admin.username, email: admin.email });
  });

  it('POST /users creates an admin who can sign in, with an audit row', async () => {
    const email = `New.Admin-${randomUUID().slice(0, 6)}@Example.org`;
    const res = await send('POST', '/users', {
      email,
      password: 'a long and unusual passphrase',
      firstName: 'Martha',
      lastName: 'Washington',
      phone: '7035550100',
    });
    expect(res.status).toBe(201);
    const { user } = AdminUserCreated.parse(await res.json());
    expect(user).toMatchObject({
      username: email.toLowerCase(),
      email: email.toLowerCase(),
      firstName: 'Martha',
      lastName: 'Washington',
      phone: '7035550100',
    });
    expect(
      (await signIn(app, { username: email.toLowerCase(), password: 'a long and unusual passphrase' })).length,
    ).toBeGreaterThan(0);

    const [audit] = await auditRowsFor(user.id);
    expect(audit).toMatchObject({
      actorUserId: admin.id,
      action: 'user.created',
      entityType: 'user',
      before: null,
      after: { id: user.id, username: user.username, email: user.email },
    });
    expect(JSON.stringify(audit?.after)).not.toMatch(/argon2|password/i);
  });

  it('refuses a duplicate e-mail, whatever its case, with a 409', async () => {
    const existing = await createTestAdmin(db);
    const res = await send('POST', '/users', { email: existing.email.toUpperCase(), password: 'another fine phrase' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'An admin with this email already exists.', code: 'CONFLICT' });
  });

  it('refuses a weak or invalid request with a 400', async () => {
    const weak = await send('POST', '/users', { email: `weak-${randomUUID()}@example.org`, password: 'password' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ error: expect.stringMatching(/too common/) });
    expect((await send('POST', '/users', { email: 'not an email', password: 'long enough phrase' })).status).toBe(400);
    expect((await send('POST', '/users', { email: 'short@example.org', password: '12345' })).status).toBe(400);
  });

  it('DELETE /users/:id deletes another admin, ends their sessions and writes the audit row', async () => {
    const other = await createTestAdmin(db);
    const otherCookie = await signIn(app, other);
    expect((await requestsAs(otherCookie).get('/users')).status).toBe(200);

    const res = await send('DELETE', `/users/${other.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await db.select().from(users).where(eq(users.id, other.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, other.id))).toEqual([]);
    expect((await requestsAs(otherCookie).get('/users')).status).toBe(401);

    const [audit] = await auditRowsFor(other.id);
    expect(audit).toMatchObject({
      actorUserId: admin.id,
      action: 'user.deleted',
      entityType: 'user',
      before: { id: other.id, username: other.username, email: other.email },
      after: null,
    });
    expect(JSON.stringify(audit?.before)).not.toMatch(/argon2|password/i);
  });

  it('refuses to delete oneself (409) and answers 404 for an unknown or malformed id', async () => {
    const self = await send('DELETE', `/users/${admin.id}`);
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({ error: 'You cannot delete your own account.', code: 'CONFLICT' });
    expect(await db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
    expect((await send('DELETE', `/users/${randomUUID()}`)).status).toBe(404);
    expect((await send('DELETE', '/users/nobody')).status).toBe(404);
  });
});

describe('the last admin', () => {
  it('survives two admins deleting each other at the same moment', async () => {
    const a = await createTestAdmin(lonely.db);
    const b = await createTestAdmin(lonely.db);
    const [cookieA, cookieB] = [await signIn(lonelyApp, a), await signIn(lonelyApp, b)];
    const [{ name }] = (await lonely.pool.query<{ name: string }>('SELECT current_database() AS name')).rows as [
      { name: string },
    ];

    // Hold every account row so both deletes have passed the session check and wait on the lock,
    // then let them go at once.
    const gate = await lonely.pool.connect();
    try {
      await gate.query('BEGIN');
      await gate.query('SELECT id FROM users ORDER BY id FOR UPDATE');
      const remove = (id: string, as: string) =>
        lonelyApp.request(`/api/admin/users/${id}`, { method: 'DELETE', headers: asAdmin(as) });
      const racing = Promise.all([remove(b.id, cookieA), remove(a.id, cookieB)]);
      await expect
        .poll(
          async () =>
            Number(
              (
                await database.pool.query<{ n: string }>(
                  `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
                  [name],
                )
              ).rows[0]?.n,
            ),
          { timeout: 10_000, interval: 50 },
        )
        .toBe(2);
      await gate.query('COMMIT');
      const answers = await racing;
      const bodies = await Promise.all(answers.map((r) => r.json()));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(bodies).toContainEqual({ error: 'The last admin cannot be deleted.', code: 'CONFLICT' });
    } finally {
      gate.release();
    }
    expect(await lonely.db.select({ id: users.id }).from(users)).toHaveLength(1);
    expect(await lonely.db.select().from(auditLog).where(eq(auditLog.action, 'user.deleted'))).toHaveLength(1);
  });

  it('is refused even to an actor whose own account is already gone', async () => {
    // Over HTTP that actor has no session left (sessions cascade with the account); the rule
    // itself is checked on the service.
    const [last] = await lonely.db.select({ id: users.id }).from(users);
    if (!last) throw new Error('no account left');
    await expect(deleteAdmin(lonely.db, { userId: randomUUID(), label: 'ghost' }, last.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: userMessages.deleteLast,
    });
    expect(await lonely.db.select({ id: users.id }).from(users)).toHaveLength(1);
  });
});

describe('PUT /api/admin/profile', () => {
  it('updates the signed-in admin’s own details and writes the audit row', async () => {
    const me = await createTestAdmin(db);
    const myCookie = await signIn(app, me);
    const email = `Renamed-${randomUUID().slice(0, 6)}@Example.org`;
    const res = await requestsAs(myCookie).send('PUT', '/profile', {
      firstName: 'Dolley',
      lastName: 'Madison',
      email,
      phone: '',
    });
    expect(res.status).toBe(200);
    const body = ProfileUpdated.parse(await res.json());
    expect(body.message).toBe('Profile updated successfully');
    expect(body.user).toMatchObject({
      id: me.id,
      username: me.username,
      firstName: 'Dolley',
      lastName: 'Madison',
      email: email.toLowerCase(),
      phone: null,
    });
    const [audit] = await auditRowsFor(me.id);
    expect(audit).toMatchObject({
      actorUserId: me.id,
      action: 'user.profile-updated',
      before: { firstName: 'Test', lastName: 'Admin', email: me.email, phone: null },
      after: { firstName: 'Dolley', lastName: 'Madison', email: email.toLowerCase(), phone: null },
    });
  });

  it('leaves fields that are not sent as they are', async () => {
    const me = await createTestAdmin(db);
    const res = await requestsAs(await signIn(app, me)).send('PUT', '/profile', { phone: '2025550100' });
    expect(ProfileUpdated.parse(await res.json()).user).toMatchObject({
      firstName: 'Test',
      email: me.email,
      phone: '2025550100',
    });
  });

  it('refuses another admin’s e-mail with a 409 and changes nothing', async () => {
    const me = await createTestAdmin(db);
    const other = await createTestAdmin(db);
    const res = await requestsAs(await signIn(app, me)).send('PUT', '/profile', { email: other.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'Another admin already uses this email.', code: 'CONFLICT' });
    const [row] = await db.select().from(users).where(eq(users.id, me.id));
    expect(row?.email).toBe(me.email);
    expect(await auditRowsFor(me.id)).toEqual([]);
  });

  it('refuses an invalid e-mail with a 400', async () => {
    expect((await send('PUT', '/profile', { email: 'nope' })).status).toBe(400);
  });
});

describe('GET /api/admin/payments/:id', () => {
  /** A $25 payment of a new donation or membership, queued unless `extra` says otherwise. */
  const paymentOf = async (kind: 'donation' | 'membership', extra: Partial<typeof payments.$inferInsert> = {}) => {
    const record = kind === 'donation' ? await insertDonation() : await insertMembership();
    return insertPayment({ kind, recordId: record.id, amountCents: 2500, state: 'queued', ...extra });
  };

  it('shows the ledger row and its queue job’s state, never the card token', async () => {
    const payment = await paymentOf('donation', {
      state: 'failed',
      attempts: 3,
      failureCode: 'card_declined',
      failureMessage: 'The card was declined.',
      paymentMethodToken: 'pm_secret_token',
    });
    await infra.queues
      .queue(QUEUES.charges)
      .add(
        'charge',
        { paymentId: payment.id },
        { ...JOB_OPTIONS.charge, jobId: `charge-${payment.id}`, delay: 60_000 },
      );

    const res = await get(`/payments/${payment.id}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('pm_secret_token');
    expect(AdminPaymentDetail.parse(JSON.parse(text))).toMatchObject({
      id: payment.id,
      kind: 'donation',
      recordId: payment.recordId,
      state: 'failed',
      attempts: 3,
      failureCode: 'card_declined',
      failureMessage: 'The card was declined.',
      providerTransactionId: null,
      job: { name: 'charge', queue: 'charges', id: `charge-${payment.id}`, state: 'delayed' },
    });
  });

  it('names the job that settles each kind, and says when the job is gone', async () => {
    const payment = await paymentOf('membership');
    const detail = AdminPaymentDetail.parse(await (await get(`/payments/${payment.id}`)).json());
    expect(detail.job).toEqual({
      name: 'start-recurring',
      queue: 'charges',
      id: `start-recurring-${payment.id}`,
      state: 'unknown',
    });
  });

  it('shows the duplicate charges the worker reversed for a payment', async () => {
    const payment = await paymentOf('membership');
    expect(AdminPaymentDetail.parse(await (await get(`/payments/${payment.id}`)).json()).duplicatesReversed).toEqual(
      [],
    );
    await db.insert(auditLog).values({
      actorLabel: 'worker',
      action: DUPLICATE_REVERSED_ACTION,
      entityType: 'provider_recurring',
      entityId: 'pt_rec_duplicate',
      before: { paymentId: payment.id, idempotencyKey: payment.idempotencyKey },
      after: { refundId: 'pt_txn_refund' },
    });
    const detail = AdminPaymentDetail.parse(await (await get(`/payments/${payment.id}`)).json());
    expect(detail.duplicatesReversed).toEqual([
      {
        entityType: 'provider_recurring',
        entityId: 'pt_rec_duplicate',
        refundId: 'pt_txn_refund',
        at: expect.any(String),
      },
    ]);
  });

  it("shows a plan's dunning and cancellation, counting the failed instalments since it started failing", async () => {
    const failingSince = new Date(Date.now() - 3 * 86_400_000);
    const cancelRequestedAt = new Date(Date.now() - 60_000);
    const payment = await paymentOf('membership', {
      state: 'succeeded',
      providerRecurringId: `pt_rec_${randomUUID()}`,
      failingSince,
      cancelRequestedAt,
      cancelRequestedBy: 'system',
      cancelReason: 'Monthly charge declined.',
    });
    const row = (status: string, createdAt: Date) => ({
      paymentId: payment.id,
      amount: 2500,
      status,
      paymentMethod: 'card',
      paymentProvider: 'paytheory',
      providerTransactionId: `pt_txn_${randomUUID()}`,
      buyerName: 'Ada Lovelace',
      createdAt,
    });
    await db
      .insert(transactions)
      .values([
        row('failed', new Date(failingSince.getTime() - 40 * 86_400_000)),
        row('completed', new Date(failingSince.getTime() - 10 * 86_400_000)),
        row('failed', failingSince),
        row('failed', new Date()),
      ]);
    const detail = AdminPaymentDetail.parse(await (await get(`/payments/${payment.id}`)).json());
    expect(detail.plan).toEqual({
      failingSince: failingSince.toISOString(),
      failedAttemptsSince: 2,
      cancelRequestedAt: cancelRequestedAt.toISOString(),
      cancelRequestedBy: 'system',
      cancelReason: 'Monthly charge declined.',
      cancelledAt: null,
    });

    const oneTime = await paymentOf('donation');
    expect(AdminPaymentDetail.parse(await (await get(`/payments/${oneTime.id}`)).json()).plan).toBeNull();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await get(`/payments/${randomUUID()}`)).status).toBe(404);
    expect((await get('/payments/xyz')).status).toBe(404);
  });
});
