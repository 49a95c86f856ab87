import { randomUUID } from 'node:crypto';
import { AuditLogPage, PaymentsOfRecord } from '@pillars/contracts/admin';
import { auditLog, donations, payments } from '@pillars/platform/db';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { type TestAdmin, createTestAdmin, signIn } from '../../test/admin-session';
import { testApp, useAppInfra } from '../../test/test-app';

const database = await useTestDatabase();
const infra = await useAppInfra(database);
const app = testApp(database, infra);
const { db } = database;

let admin: TestAdmin;
let cookie: string;

const get = (path: string, as: string | null = cookie) =>
  app.request(`/api/admin${path}`, { headers: as ? { cookie: as } : {} });

async function page(query: string): Promise<AuditLogPage> {
  const res = await get(`/audit-log${query}`);
  expect(res.status).toBe(200);
  return AuditLogPage.parse(await res.json());
}

beforeAll(async () => {
  admin = await createTestAdmin(db);
  cookie = await signIn(app, admin);
  const entry = (at: string, action: string, label: string, userId: string | null) => ({
    actorUserId: userId,
    actorLabel: label,
    action,
    entityType: 'donation',
    entityId: randomUUID(),
    before: { status: 'pending' },
    after: { status: 'confirmed' },
    createdAt: new Date(at),
  });
  await db.insert(auditLog).values([
    entry('2026-01-10T10:00:00.000Z', 'contribution.confirmed', admin.username, admin.id),
    entry('2026-01-11T10:00:00.000Z', 'registration.confirmed', admin.username, admin.id),
    entry('2026-01-12T10:00:00.000Z', 'contribution.confirmed', 'someone-else', null),
    // Three in the same millisecond: the cursor must not skip or repeat any of them.
    entry('2026-01-13T10:00:00.000Z', 'user.created', admin.username, admin.id),
    entry('2026-01-13T10:00:00.000Z', 'user.created', admin.username, admin.id),
    entry('2026-01-13T10:00:00.000Z', 'user.created', admin.username, admin.id),
  ]);
});

describe('GET /api/admin/audit-log', () => {
  it('answers 401 without a session', async () => {
    expect((await get('/audit-log', null)).status).toBe(401);
  });

  it('lists newest first and pages by cursor without skipping or repeating an entry', async () => {
    const all = await page('?limit=100');
    expect(all.nextCursor).toBeNull();
    expect(all.data).toHaveLength(6);
    const times = all.data.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.data[0]?.after).toEqual({ status: 'confirmed' });

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next: AuditLogPage = await page(`?limit=2${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      expect(next.data.length).toBeLessThanOrEqual(2);
      seen.push(...next.data.map((e) => e.id));
      cursor = next.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.data.map((e) => e.id));
  });

  it('finds words of the action and the subject, in any case and as part of a word', async () => {
    await db.insert(auditLog).values([
      {
        actorUserId: null,
        actorLabel: 'refunder',
        action: 'payment.refunded',
        entityType: 'payment',
        entityId: 'pay_refund_target',
        before: null,
        after: { refundedCents: 500 },
        createdAt: new Date('2026-01-14T10:00:00.000Z'),
      },
      {
        actorUserId: null,
        actorLabel: 'worker',
        action: 'payment.duplicate_reversed',
        entityType: 'provider_transaction',
        entityId: 'pt_100%_dup',
        before: null,
        after: null,
        createdAt: new Date('2026-01-15T10:00:00.000Z'),
      },
    ]);
    const actions = async (what: string) =>
      (await page(`?action=${encodeURIComponent(what)}`)).data.map((e) => e.action);
    expect(await actions('refund')).toEqual(['payment.refunded']);
    expect(await actions('REFUND')).toEqual(['payment.refunded']);
    expect(await actions('CONFIRM')).toEqual([
      'contribution.confirmed',
      'registration.confirmed',
      'contribution.confirmed',
    ]);
    // Every word must be found, each in the action or the subject (entity type and id).
    expect(await actions('registration confirmed')).toEqual(['registration.confirmed']);
    expect(await actions('provider transaction')).toEqual(['payment.duplicate_reversed']);
    expect(await actions('refund_target')).toEqual(['payment.refunded']);
    // % and _ are the characters themselves, not patterns.
    expect(await actions('100%')).toEqual(['payment.duplicate_reversed']);
    expect(await actions('%')).toEqual(['payment.duplicate_reversed']);
    expect(await actions('refund nothing-like-it')).toEqual([]);
    await db.delete(auditLog).where(inArray(auditLog.action, ['payment.refunded', 'payment.duplicate_reversed']));
  });

  it('filters by actor (username or id), action words and dates', async () => {
    expect((await page('?actor=someone-else')).data.map((e) => e.actorLabel)).toEqual(['someone-else']);
    expect((await page(`?actor=${admin.id}`)).data).toHaveLength(5);
    expect((await page(`?actor=${admin.username}`)).data).toHaveLength(5);
    expect((await page('?action=contribution.confirmed')).data.map((e) => e.createdAt)).toEqual([
      '2026-01-12T10:00:00.000Z',
      '2026-01-10T10:00:00.000Z',
    ]);
    expect((await page('?action=contribution')).data.map((e) => e.action)).toEqual([
      'contribution.confirmed',
      'contribution.confirmed',
    ]);
    expect((await page('?action=contribution.cancelled')).data).toEqual([]);
    // A bare `to` date includes that whole day.
    const range = await page('?from=2026-01-11&to=2026-01-12');
    expect(range.data.map((e) => e.createdAt)).toEqual(['2026-01-12T10:00:00.000Z', '2026-01-11T10:00:00.000Z']);
    const instant = await page('?from=2026-01-13T10:00:00.000Z&action=user.created&actor=' + admin.username);
    expect(instant.data).toHaveLength(3);
  });

  it('answers 400 for a bad limit, date or cursor', async () => {
    for (const query of ['?limit=101', '?limit=0', '?from=yesterday', '?before=nonsense']) {
      expect((await get(`/audit-log${query}`)).status, query).toBe(400);
    }
  });
});

describe('GET /api/admin/payments?recordId=', () => {
  it("lists a record's payments, none for another, 400 for a non-UUID and 401 without a session", async () => {
    const [donation] = await db
      .insert(donations)
      .values({ email: 'ada@example.org', amount: '25.00', paymentMethod: 'card' })
      .returning({ id: donations.id });
    if (!donation) throw new Error('no donation');
    const [payment] = await db
      .insert(payments)
      .values({ kind: 'donation', recordId: donation.id, amountCents: 2500, idempotencyKey: randomUUID() })
      .returning({ id: payments.id });
    const res = await get(`/payments?recordId=${donation.id}`);
    expect(res.status).toBe(200);
    const body = PaymentsOfRecord.parse(await res.json());
    expect(body.data.map((p) => [p.id, p.kind, p.state, p.amountCents])).toEqual([
      [payment?.id, 'donation', 'queued', 2500],
    ]);
    expect(PaymentsOfRecord.parse(await (await get(`/payments?recordId=${randomUUID()}`)).json()).data).toEqual([]);
    expect((await get('/payments?recordId=nope')).status).toBe(400);
    expect((await get(`/payments?recordId=${donation.id}`, null)).status).toBe(401);
  });
});
