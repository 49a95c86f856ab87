import { CONTRIBUTOR_RECIPIENTS_MAX, ContributorRecipients } from '@pillars/contracts/admin';
import { donations, eventRegistrations, memberships } from '@pillars/platform/db';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, useAdminTestApp } from '../../test/admin-app';
import { RECIPIENTS_WINDOW_ROWS } from './contributor-recipients.service';
import { insertCardSeries, testRecords } from '../../test/records';

const suite = await useAdminTestApp();
const { app } = suite;
// A database of its own for the cap: it holds more distinct addresses than the answer may carry.
const crowded = await useAdminTestApp({}, suite.infra);
const crowdedApp = crowded.app;
const { cookie } = await signedInAdmin(suite);
const { cookie: crowdedCookie } = await signedInAdmin(crowded);

const day = (d: number) => new Date(`2026-01-${String(d).padStart(2, '0')}T12:00:00Z`);

beforeAll(async () => {
  const { db } = suite;

  const event = await testRecords(db).insertEvent({
    slug: 'liberty-gala',
    title: 'Liberty Gala',
    location: 'Independence Hall',
  });

  // Ann gives twice (two spellings of one address) and joins later; Bob gives $25; Cy registers;
  // "100% Pure" has a name that LIKE would read as a pattern.
  await db.insert(donations).values([
    {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.org',
      amount: '10.00',
      paymentMethod: 'card',
      createdAt: day(1),
    },
    {
      firstName: 'Ann',
      lastName: 'Lee',
      email: ' Ann@Example.org ',
      amount: '15.00',
      paymentMethod: 'card',
      createdAt: day(2),
    },
    {
      firstName: 'Bob',
      lastName: 'Ray',
      email: 'bob@example.org',
      amount: '25.00',
      paymentMethod: 'card',
      createdAt: day(3),
    },
    {
      firstName: '100% Pure',
      lastName: 'Special',
      email: 'pure@example.net',
      amount: '7.00',
      paymentMethod: 'card',
      createdAt: day(4),
    },
  ]);
  await db
    .insert(memberships)
    .values({ firstName: 'Ann', lastName: 'Lee', email: 'ANN@example.org', paymentMethod: 'card', createdAt: day(6) });
  await db.insert(eventRegistrations).values({
    eventId: event.id,
    firstName: 'Cy',
    lastName: 'Young',
    email: 'cy@example.org',
    phone: '2155550100',
    createdAt: day(5),
  });
});

async function recipients(query: Record<string, string>, target = app, session = cookie) {
  const res = await target.request(`/api/admin/contributors/recipients?${new URLSearchParams(query).toString()}`, {
    headers: { cookie: session },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ContributorRecipients.parse(await res.json());
}

describe('GET /api/admin/contributors/recipients', () => {
  it('answers each address of the matching rows once, whatever its case or spaces, most recent first', async () => {
    expect(await recipients({})).toEqual({
      success: true,
      // Ann's three records are one recipient, dated by her newest (the membership); her address
      // is written as its first spelling in byte order, trimmed.
      recipients: ['ANN@example.org', 'cy@example.org', 'pure@example.net', 'bob@example.org'],
      capped: false,
    });
  });

  it('applies the filters of the page: type, search (literally), transaction id and exact amount', async () => {
    expect((await recipients({ type: 'Contribution' })).recipients).toEqual([
      'pure@example.net',
      'bob@example.org',
      'Ann@Example.org',
    ]);
    expect(await recipients({ q: '100%' })).toEqual({ success: true, recipients: ['pure@example.net'], capped: false });
    expect((await recipients({ q: 'liberty gala' })).recipients).toEqual(['cy@example.org']);
    expect((await recipients({ amount: '$25', type: 'Contribution' })).recipients).toEqual(['bob@example.org']);
    expect(await recipients({ q: 'nobody-by-this-name' })).toEqual({ success: true, recipients: [], capped: false });
  });

  it(`answers at most ${String(CONTRIBUTOR_RECIPIENTS_MAX)} addresses, the newest, and says more match`, async () => {
    const distinct = CONTRIBUTOR_RECIPIENTS_MAX + 5;
    // Every address twice (a donation and a membership): the cap is of addresses, not rows.
    await insertCardSeries(crowded.db, 'donations', { prefix: 'd', count: distinct, from: '2026-01-01' });
    await insertCardSeries(crowded.db, 'memberships', { prefix: 'D', count: distinct, from: '2025-01-01' });
    const body = await recipients({}, crowdedApp, crowdedCookie);
    expect(body.capped).toBe(true);
    expect(body.recipients).toHaveLength(CONTRIBUTOR_RECIPIENTS_MAX);
    expect(new Set(body.recipients.map((r) => r.toLowerCase())).size).toBe(CONTRIBUTOR_RECIPIENTS_MAX);
    // The newest first; the oldest five are the ones left out.
    expect(body.recipients[0]?.toLowerCase()).toBe(`d${String(distinct)}@example.org`);
    expect(body.recipients.at(-1)?.toLowerCase()).toBe('d6@example.org');
    // Exactly the cap: all of them, not capped.
    const exact = await recipients({ q: 'd1' }, crowdedApp, crowdedCookie);
    expect(exact.capped).toBe(false);
  });

  it(`reads past the newest ${String(RECIPIENTS_WINDOW_ROWS)} rows when they hold too few addresses`, async () => {
    // The newest rows are one person giving again and again: the other addresses are older.
    await crowded.db.execute(sql`
      INSERT INTO ${donations} (email, amount, payment_method, created_at)
      SELECT 'Same@example.org', 5, 'card', timestamptz '2027-01-01' + n * interval '1 second'
        FROM generate_series(1, ${RECIPIENTS_WINDOW_ROWS}) AS n`);
    const body = await recipients({}, crowdedApp, crowdedCookie);
    expect(body.capped).toBe(true);
    expect(body.recipients).toHaveLength(CONTRIBUTOR_RECIPIENTS_MAX);
    expect(body.recipients.slice(0, 3)).toEqual(['Same@example.org', 'D2005@example.org', 'D2004@example.org']);
  });

  it('refuses an invalid filter and a request without a session', async () => {
    const invalid: Record<string, string>[] = [{ type: 'Donation' }, { amount: 'ten' }, { q: 'x'.repeat(201) }];
    for (const query of invalid) {
      const res = await app.request(`/api/admin/contributors/recipients?${new URLSearchParams(query).toString()}`, {
        headers: { cookie },
      });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
    expect((await app.request('/api/admin/contributors/recipients')).status).toBe(401);
  });

  it('is in the OpenAPI document with its query and answer', async () => {
    const res = await app.request('/api/openapi.json');
    const document = (await res.json()) as {
      paths: Record<string, { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }>;
    };
    const operation = document.paths['/api/admin/contributors/recipients']?.get;
    expect(operation?.parameters?.map((p) => p.name).sort()).toEqual([
      'amount',
      'q',
      'status',
      'transactionId',
      'type',
    ]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401']));
  });
});
