import { randomUUID } from 'node:crypto';
import {
  ContributionDetailList,
  ContributionDetailPage,
  ContributorsPage,
  MemberDetailList,
  MemberDetailPage,
  RECORD_LIST_UNPAGED_LIMIT,
  RecipientCount,
  RecipientList,
  RegisteredEventList,
  RegistrationDetailList,
  RegistrationDetailPage,
} from '@pillars/contracts/admin';
import { donations, eventRegistrations, events, memberships, payments } from '@pillars/platform/db';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signedInAdmin, useAdminTestApp } from '../../test/admin-app';
import { insertCardSeries } from '../../test/records';

const suite = await useAdminTestApp();
const { app, db } = suite;
// A database of its own for the bound of the unparameterised calls: more rows than the bound.
const crowded = await useAdminTestApp({}, suite.infra);
const crowdedApp = crowded.app;
const { cookie } = await signedInAdmin(suite);
const { cookie: crowdedCookie } = await signedInAdmin(crowded);

/** Many rows share one instant, so only the id orders them. */
const SAME_INSTANT = new Date('2026-03-01T12:00:00.123456Z');
const DONATIONS = { tied: 21, spread: 3 };
const MEMBERS = 10;
/** Registrations of the gala (tied) and of the picnic (spread in time). */
const GALA_REGISTRATIONS = 13;
const PICNIC_REGISTRATIONS = 4;
/** Donor addresses repeat, in two cases: seven people gave the 21 tied donations. */
const DONOR_PEOPLE = 7;

let galaId: string;
let picnicId: string;
const planMembers = new Set<string>();

beforeAll(async () => {
  const inserted = await db
    .insert(events)
    .values([
      {
        slug: 'liberty-gala',
        title: 'Liberty Gala',
        location: 'Independence Hall',
        startDate: new Date('2026-07-04T22:00:00Z'),
        endDate: new Date('2026-07-05T01:00:00Z'),
        pricingTiers: JSON.stringify([{ id: 'vip', name: 'VIP Table', price: 5000, description: '', benefits: [] }]),
      },
      {
        slug: 'spring-picnic',
        title: 'Spring Picnic',
        location: 'Fairmount Park',
        startDate: new Date('2026-05-01T16:00:00Z'),
        endDate: new Date('2026-05-01T19:00:00Z'),
      },
      {
        slug: 'nobody-came',
        title: 'Nobody Came',
        location: 'Nowhere',
        startDate: new Date('2026-09-01T16:00:00Z'),
        endDate: new Date('2026-09-01T19:00:00Z'),
      },
    ])
    .returning();
  const [gala, picnic] = inserted;
  if (!gala || !picnic) throw new Error('no events');
  galaId = gala.id;
  picnicId = picnic.id;

  await db.insert(donations).values([
    ...Array.from({ length: DONATIONS.tied }, (_, i) => ({
      firstName: `Donor${String(i)}`,
      lastName: 'Tied',
      // The same person in upper case is the same recipient.
      email:
        i % 2 === 0 ? `donor${String(i % DONOR_PEOPLE)}@example.org` : `DONOR${String(i % DONOR_PEOPLE)}@Example.org`,
      amount: '10.00',
      paymentMethod: 'card',
      createdAt: SAME_INSTANT,
    })),
    ...Array.from({ length: DONATIONS.spread }, (_, i) => ({
      firstName: `Spread${String(i)}`,
      email: `spread${String(i)}@example.net`,
      amount: '5.00',
      paymentMethod: 'card',
      isRecurring: true,
      // One microsecond apart (finer than a Date): the cursor keeps timestamptz's precision.
      createdAt: sql`${`2026-02-01T00:00:00.00000${String(i)}Z`}::timestamptz`,
    })),
  ]);
  const members = await db
    .insert(memberships)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        firstName: 'Member',
        lastName: String(i),
        email: `member${String(i)}@example.org`,
        paymentMethod: 'card',
        waiverAccepted: i % 2 === 0,
        createdAt: SAME_INSTANT,
      })),
    )
    .returning({ id: memberships.id });
  for (const member of members.slice(0, 3)) {
    planMembers.add(member.id);
    await db.insert(payments).values({
      kind: 'membership',
      recordId: member.id,
      amountCents: 2500,
      state: 'succeeded',
      idempotencyKey: randomUUID(),
    });
  }
  await db.insert(eventRegistrations).values([
    ...Array.from({ length: GALA_REGISTRATIONS }, (_, i) => ({
      eventId: galaId,
      firstName: 'Guest',
      lastName: String(i),
      email: `guest${String(i % 5)}@example.org`,
      phone: '2155550100',
      selectedTier: 'vip',
      paymentAmount: 5000,
      createdAt: SAME_INSTANT,
    })),
    ...Array.from({ length: PICNIC_REGISTRATIONS }, (_, i) => ({
      eventId: picnicId,
      firstName: 'Picnicker',
      lastName: String(i),
      // The gala's guest0 comes to the picnic too.
      email: i === 0 ? 'guest0@example.org' : `picnic${String(i)}@example.org`,
      phone: '2155550101',
      createdAt: new Date(`2026-01-0${String(i + 1)}T10:00:00Z`),
    })),
  ]);
});

type Query = Record<string, string | number>;
const queryString = (query: Query) =>
  new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function get(path: string, query: Query = {}, session = cookie, on = app) {
  return on.request(`/api/admin${path}${Object.keys(query).length ? `?${queryString(query)}` : ''}`, {
    headers: { cookie: session },
  });
}

type Page =
  z.infer<typeof ContributionDetailPage> | z.infer<typeof MemberDetailPage> | z.infer<typeof RegistrationDetailPage>;
type Row = { id: string; createdAt: string };

/** Every page in turn; checks each page's size and that later pages answer the first page's counts. */
async function allPages<P extends Page>(path: string, schema: z.ZodType<P>, query: Query, limit: number) {
  const rows: P['data'][number][] = [];
  let cursor: string | null = null;
  let pages = 0;
  let first: P | undefined;
  do {
    const res = await get(path, { ...query, limit, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    const page: P = schema.parse(await res.json());
    pages += 1;
    first ??= page;
    expect(page.total).toBe(first.total);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    if (page.nextCursor) expect(page.data).toHaveLength(limit);
    rows.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return { rows, pages, total: first?.total ?? -1 };
}

const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Newest first, ties by id (descending), as the server orders. */
const expectNewestFirst = (rows: readonly Row[]) => {
  const expected = [...rows].sort((a, b) => byBytes(b.createdAt, a.createdAt) || byBytes(b.id, a.id));
  expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
};

/** The addresses of a list, checked against its /count. */
async function recipients(path: string, query: Query = {}) {
  const res = await get(path, query);
  expect(res.status).toBe(200);
  const { data } = RecipientList.parse(await res.json());
  const counted = await get(`${path}/count`, query);
  expect(counted.status).toBe(200);
  expect(RecipientCount.parse(await counted.json()).count).toBe(data.length);
  return data;
}

describe('GET /api/admin/contributors-detail/page', () => {
  const DONATION_COUNT = DONATIONS.tied + DONATIONS.spread;

  it('pages every donation newest first, ties by id, with the total', async () => {
    const { rows, pages, total } = await allPages('/contributors-detail/page', ContributionDetailPage, {}, 5);
    expect(total).toBe(DONATION_COUNT);
    expect(rows).toHaveLength(DONATION_COUNT);
    expect(pages).toBe(Math.ceil(DONATION_COUNT / 5));
    // The answer's dates are to the millisecond: the three one microsecond apart are checked alone.
    expectNewestFirst(rows.filter((r) => !r.firstName?.startsWith('Spread')));
    // They keep their order (newest first), also across a page boundary (between the first and the second).
    expect(rows.slice(-3).map((r) => r.firstName)).toEqual(['Spread2', 'Spread1', 'Spread0']);
    const across = await allPages('/contributors-detail/page', ContributionDetailPage, {}, DONATION_COUNT - 2);
    expect(across.rows.slice(-3).map((r) => r.firstName)).toEqual(['Spread2', 'Spread1', 'Spread0']);
  });

  it('ends without an empty page when the rows are an exact multiple of the limit', async () => {
    const { pages, rows } = await allPages('/contributors-detail/page', ContributionDetailPage, {}, 8);
    expect(rows).toHaveLength(DONATION_COUNT);
    expect(pages).toBe(3);
  });

  it('answers the rows of the unparameterised call, in its order and shape', async () => {
    const { rows } = await allPages('/contributors-detail/page', ContributionDetailPage, {}, 200);
    const all = ContributionDetailList.parse(await (await get('/contributors-detail')).json()).data;
    expect(rows).toEqual(all);
  });

  it('continues after the rows of its first page when newer rows arrive, with the first page’s counts', async () => {
    const first = ContributionDetailPage.parse(await (await get('/contributors-detail/page', { limit: 3 })).json());
    const [added] = await db
      .insert(donations)
      .values({ email: 'latecomer@example.org', amount: '1.00', paymentMethod: 'card' })
      .returning({ id: donations.id });
    try {
      const second = ContributionDetailPage.parse(
        await (await get('/contributors-detail/page', { limit: 3, cursor: first.nextCursor ?? '' })).json(),
      );
      expect(second.total).toBe(first.total);
      const seen = new Set(first.data.map((r) => r.id));
      expect(second.data.some((r) => seen.has(r.id) || r.id === added?.id)).toBe(false);
      expectNewestFirst([...first.data, ...second.data].filter((r) => !r.firstName?.startsWith('Spread')));
    } finally {
      await db.delete(donations).where(sql`${donations.email} = 'latecomer@example.org'`);
    }
  });

  it('answers the distinct addresses, case-insensitively, and their count', async () => {
    const addresses = await recipients('/contributors-detail/recipients');
    expect(addresses).toHaveLength(DONOR_PEOPLE + DONATIONS.spread);
    expect(new Set(addresses.map((a) => a.toLowerCase())).size).toBe(addresses.length);
    expect(addresses.map((a) => a.toLowerCase())).toContain('donor3@example.org');
    expect(addresses.map((a) => a.toLowerCase())).toContain('spread0@example.net');
  });
});

describe('GET /api/admin/members-detail/page', () => {
  it('pages every membership with its plan and waiver, newest first, ties by id', async () => {
    const { rows, total } = await allPages('/members-detail/page', MemberDetailPage, {}, 3);
    expect(total).toBe(MEMBERS);
    expectNewestFirst(rows);
    for (const row of rows) {
      const plan = planMembers.has(row.id);
      expect([row.amount, row.isRecurring]).toEqual(plan ? ['25.00', true] : ['0.00', false]);
    }
    expect(rows.filter((r) => r.waiverAccepted)).toHaveLength(MEMBERS / 2);
    const all = MemberDetailList.parse(await (await get('/members-detail')).json()).data;
    expect(rows).toEqual(all);
  });

  it('answers the members’ addresses', async () => {
    const addresses = await recipients('/members-detail/recipients');
    expect(addresses).toEqual(Array.from({ length: MEMBERS }, (_, i) => `member${String(i)}@example.org`).sort());
  });
});

describe('registrations grouped by event', () => {
  it('lists the events with registrations, latest first, with their counts and the total', async () => {
    const res = await get('/event-registrations/events');
    expect(res.status).toBe(200);
    const body = RegisteredEventList.parse(await res.json());
    expect(body.total).toBe(GALA_REGISTRATIONS + PICNIC_REGISTRATIONS);
    // The event nobody registered for is not listed.
    expect(body.data).toEqual([
      {
        id: galaId,
        title: 'Liberty Gala',
        location: 'Independence Hall',
        startDate: '2026-07-04T22:00:00.000Z',
        endDate: '2026-07-05T01:00:00.000Z',
        registrations: GALA_REGISTRATIONS,
      },
      {
        id: picnicId,
        title: 'Spring Picnic',
        location: 'Fairmount Park',
        startDate: '2026-05-01T16:00:00.000Z',
        endDate: '2026-05-01T19:00:00.000Z',
        registrations: PICNIC_REGISTRATIONS,
      },
    ]);
  });

  it('pages one event’s registrations, ties by id, with its event and tier', async () => {
    const { rows, total, pages } = await allPages(
      '/event-registrations/page',
      RegistrationDetailPage,
      { eventId: galaId },
      4,
    );
    expect(total).toBe(GALA_REGISTRATIONS);
    expect(pages).toBe(4);
    expectNewestFirst(rows);
    expect(rows.every((r) => r.event.title === 'Liberty Gala' && r.selectedTierName === 'VIP Table')).toBe(true);
  });

  it('pages every registration when no event is given, as the unparameterised call lists them', async () => {
    const { rows, total } = await allPages('/event-registrations/page', RegistrationDetailPage, {}, 6);
    expect(total).toBe(GALA_REGISTRATIONS + PICNIC_REGISTRATIONS);
    expectNewestFirst(rows);
    const all = RegistrationDetailList.parse(await (await get('/event-registrations')).json()).data;
    expect(rows).toEqual(all);
  });

  it('answers an event’s distinct addresses, or every registrant’s', async () => {
    expect(await recipients('/event-registrations/recipients', { eventId: picnicId })).toEqual([
      'guest0@example.org',
      'picnic1@example.org',
      'picnic2@example.org',
      'picnic3@example.org',
    ]);
    expect(await recipients('/event-registrations/recipients', { eventId: galaId })).toHaveLength(5);
    expect(await recipients('/event-registrations/recipients')).toHaveLength(5 + PICNIC_REGISTRATIONS - 1);
    expect(await recipients('/event-registrations/recipients', { eventId: randomUUID() })).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses a cursor it did not write, one of another list or event, and a limit out of bounds', async () => {
    const donationsFirst = ContributionDetailPage.parse(
      await (await get('/contributors-detail/page', { limit: 2 })).json(),
    );
    const galaFirst = RegistrationDetailPage.parse(
      await (await get('/event-registrations/page', { eventId: galaId, limit: 2 })).json(),
    );
    const dashboardFirst = ContributorsPage.parse(await (await get('/contributors/page', { limit: 2 })).json());
    const bad: [string, Query][] = [
      ['/contributors-detail/page', { cursor: 'not-a-cursor' }],
      ['/members-detail/page', { cursor: donationsFirst.nextCursor ?? '' }],
      ['/contributors-detail/page', { cursor: dashboardFirst.nextCursor ?? '' }],
      ['/contributors/page', { cursor: donationsFirst.nextCursor ?? '' }],
      ['/event-registrations/page', { cursor: galaFirst.nextCursor ?? '', eventId: picnicId }],
      ['/event-registrations/page', { cursor: galaFirst.nextCursor ?? '' }],
      ['/contributors-detail/page', { limit: 0 }],
      ['/members-detail/page', { limit: 201 }],
      ['/event-registrations/page', { eventId: 'gala' }],
      ['/event-registrations/recipients', { eventId: 'gala' }],
      ['/event-registrations/recipients/count', { eventId: 'gala' }],
    ];
    for (const [path, query] of bad) {
      const res = await get(path, query);
      expect(res.status, `${path}?${queryString(query)}`).toBe(400);
    }
  });

  it.each([
    '/contributors-detail/page',
    '/members-detail/page',
    '/event-registrations/page',
    '/event-registrations/events',
    '/contributors-detail/recipients',
    '/members-detail/recipients',
    '/event-registrations/recipients',
    '/contributors-detail/recipients/count',
    '/members-detail/recipients/count',
    '/event-registrations/recipients/count',
    '/event-registrations/search?q=adams',
  ])('GET %s answers 401 without a session', async (path) => {
    const res = await get(path, {}, '');
    expect(res.status).toBe(401);
  });
});

describe('the unparameterised calls', () => {
  it(`answer the newest ${String(RECORD_LIST_UNPAGED_LIMIT)} rows of each list; the paged forms count them all`, async () => {
    const rows = RECORD_LIST_UNPAGED_LIMIT + 5;
    const [event] = await crowded.db
      .insert(events)
      .values({
        slug: 'crowded',
        title: 'Crowded',
        location: 'Stadium',
        startDate: new Date('2026-07-04T22:00:00Z'),
        endDate: new Date('2026-07-05T01:00:00Z'),
      })
      .returning();
    await insertCardSeries(crowded.db, 'donations', { prefix: 'd', count: rows, from: '2026-01-01' });
    await insertCardSeries(crowded.db, 'memberships', { prefix: 'm', count: rows, from: '2026-01-01' });
    await crowded.db.execute(sql`
      INSERT INTO ${eventRegistrations} (event_id, first_name, last_name, email, phone, created_at)
      SELECT ${event?.id}::uuid, 'R', 'N', 'r' || n || '@example.org', '2155550100',
             timestamptz '2026-01-01' + n * interval '1 second'
        FROM generate_series(1, ${rows}) AS n`);
    const lists = [
      ['/contributors-detail', ContributionDetailList, 'd'],
      ['/members-detail', MemberDetailList, 'm'],
      ['/event-registrations', RegistrationDetailList, 'r'],
    ] as const;
    for (const [path, schema, prefix] of lists) {
      const res = await get(path, {}, crowdedCookie, crowdedApp);
      expect(res.status).toBe(200);
      const { data } = schema.parse(await res.json());
      expect(data).toHaveLength(RECORD_LIST_UNPAGED_LIMIT);
      // The newest first: the oldest five are the ones left out.
      expect(data[0]?.email).toBe(`${prefix}${String(rows)}@example.org`);
      expect(data.at(-1)?.email).toBe(`${prefix}6@example.org`);
      const page = await get(`${path}/page`, { limit: 1 }, crowdedCookie, crowdedApp);
      expect(((await page.json()) as { total: number }).total).toBe(rows);
    }
  });
});

// Last: it adds registrations, which the counts above do not expect.
describe('GET /api/admin/event-registrations/search (check-in at the door)', () => {
  const found = async (q: string) => {
    const res = await get('/event-registrations/search', { q });
    expect(res.status).toBe(200);
    return RegistrationDetailList.parse(await res.json()).data.map((r) => r.email);
  };

  it('matches every word against the names and e-mail, in any order, case and accent, never a cancelled one', async () => {
    await db.insert(eventRegistrations).values([
      { eventId: picnicId, firstName: 'Zoé', lastName: 'Adams', email: 'zoe@example.org', phone: '1', status: 'paid' },
      { eventId: picnicId, firstName: 'John', lastName: 'Adams', email: 'jadams@example.org', phone: '1' },
      {
        eventId: picnicId,
        firstName: 'Paul',
        lastName: 'Revere',
        email: 'paul@example.org',
        phone: '1',
        status: 'cancelled',
      },
      { eventId: picnicId, firstName: 'Zoe', lastName: '100%', email: 'plain@example.org', phone: '1' },
    ]);
    expect((await found('adams')).sort()).toEqual(['jadams@example.org', 'zoe@example.org']);
    expect((await found('ZOÉ adams')).sort()).toEqual(['zoe@example.org']);
    // Accents folded on both sides: a name heard at the door is typed either way.
    expect((await found('zoe adams')).sort()).toEqual(['zoe@example.org']);
    expect((await found('zoé')).sort()).toEqual(['plain@example.org', 'zoe@example.org']);
    expect(await found('adams john')).toEqual(['jadams@example.org']);
    expect(await found('jadams@')).toEqual(['jadams@example.org']);
    expect(await found('revere')).toEqual([]);
    expect(await found('a')).toEqual([]);
    // '%' stands for itself.
    expect(await found('0%')).toEqual(['plain@example.org']);
  });

  it('lists at most twenty, the newest first', async () => {
    const res = await get('/event-registrations/search', { q: 'guest' });
    const { data } = RegistrationDetailList.parse(await res.json());
    // The gala's guests, and guest0 at the picnic.
    expect(data).toHaveLength(GALA_REGISTRATIONS + 1);
    expectNewestFirst(data);
    const many = await found('example.org');
    expect(many).toHaveLength(20);
  });
});
