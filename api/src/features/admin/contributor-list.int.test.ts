import { randomUUID } from 'node:crypto';
import {
  ContributorsPage,
  ContributorsResponse,
  ContributorsSummaryResponse,
  type ContributorRow,
  MemberDetailList,
  CSV_COLUMNS,
} from '@pillars/contracts/admin';
import {
  donations,
  eventRegistrations,
  events,
  memberships,
  type PaymentKind,
  payments,
  transactions,
} from '@pillars/platform/db';
import { CHARGE_ROW_STATUS, REFUND_ROW_STATUS } from '@pillars/money';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, useAdminTestApp } from '../../test/admin-app';
import { recordCharge } from '../../test/ledger';
import { CONTRIBUTORS_UNPAGED_LIMIT } from './contributors.service';
import { testRecords } from '../../test/records';

const suite = await useAdminTestApp();
const { app, db } = suite;
// A database of its own for the bound of the unparameterised call: it holds more rows than the bound.
const crowded = await useAdminTestApp({}, suite.infra);
const crowdedApp = crowded.app;
// And one for the memberships' stored plan amounts, whose rows the other tests do not count.
const planned = await useAdminTestApp({}, suite.infra);
const plannedApp = planned.app;
const { cookie } = await signedInAdmin(suite);
const { cookie: crowdedCookie } = await signedInAdmin(crowded);
const { cookie: plannedCookie } = await signedInAdmin(planned);

const SAME_INSTANT = new Date('2026-03-01T12:00:00.123456Z');
const TIED = { donations: 25, memberships: 10, registrations: 10 };
/** Rows whose text holds the characters LIKE and SQL treat specially. */
const SPECIAL = ['100% Pure', 'snake_case', "O'Brien", 'back\\slash'];

let eventId: string;
const charged: { kind: PaymentKind; recordId: string; cents: number }[] = [];
/** The dollars charged to the records `counted` keeps: what the summary's total must read. */
const dollarsCharged = (counted: (charge: (typeof charged)[number]) => boolean = () => true) =>
  charged.filter(counted).reduce((sum, c) => sum + c.cents, 0) / 100;
/** A summary that counts no record of any kind. */
const NO_RECORDS = { totalContributors: 0, totalDonations: 0, totalMemberships: 0, totalEventRegistrations: 0 };

beforeAll(async () => {
  const event = await testRecords(db).insertEvent({
    slug: 'liberty-gala',
    title: 'Liberty Gala',
    location: 'Independence Hall',
  });
  eventId = event.id;

  // Many rows share one instant and one amount, so only the id orders them.
  await db.insert(donations).values(
    Array.from({ length: TIED.donations }, (_, i) => ({
      firstName: `Donor${String(i % 5)}`,
      lastName: 'Tied',
      email: `donor${String(i)}@example.org`,
      phone: '(555) 010-1776',
      amount: '10.00',
      paymentMethod: 'card',
      isRecurring: i % 2 === 0,
      payTheoryPaymentId: `ptp_donation_${String(i)}`,
      createdAt: SAME_INSTANT,
    })),
  );
  await db.insert(memberships).values(
    Array.from({ length: TIED.memberships }, (_, i) => ({
      firstName: 'Member',
      lastName: 'Tied',
      email: `member${String(i)}@example.org`,
      paymentMethod: 'card',
      message: i === 0 ? 'For my grandfather' : null,
      createdAt: SAME_INSTANT,
    })),
  );
  await db.insert(eventRegistrations).values(
    Array.from({ length: TIED.registrations }, (_, i) => ({
      eventId,
      firstName: 'Guest',
      lastName: 'Tied',
      email: `guest${String(i)}@example.org`,
      phone: '2155550100',
      paymentAmount: 1000,
      createdAt: SAME_INSTANT,
    })),
  );
  await db.insert(donations).values(
    SPECIAL.map((firstName, i) => ({
      firstName,
      lastName: 'Special',
      email: `special${String(i)}@example.net`,
      amount: `${String(7 + i)}.25`,
      paymentMethod: 'card',
      createdAt: new Date(`2026-02-0${String(i + 1)}T00:00:00Z`),
    })),
  );

  // Money in the ledger for a few records of each kind (and a refund), for the summary.
  const someDonations = await db.select({ id: donations.id }).from(donations).limit(3);
  const someMemberships = await db.select({ id: memberships.id }).from(memberships).limit(2);
  const someRegistrations = await db.select({ id: eventRegistrations.id }).from(eventRegistrations).limit(2);
  for (const { id } of someDonations) charged.push({ kind: 'donation', recordId: id, cents: 1000 });
  for (const { id } of someMemberships) charged.push({ kind: 'membership', recordId: id, cents: 2500 });
  for (const { id } of someRegistrations) charged.push({ kind: 'registration', recordId: id, cents: 1000 });
  for (const charge of charged) await insertCharge(charge.kind, charge.recordId, charge.cents);
});

async function insertCharge(kind: PaymentKind, recordId: string, amountCents: number) {
  const providerTransactionId = `pt_${randomUUID()}`;
  const [payment] = await db
    .insert(payments)
    .values({ kind, recordId, amountCents, state: 'succeeded', idempotencyKey: randomUUID(), providerTransactionId })
    .returning();
  if (!payment) throw new Error('no payment');
  await recordCharge(db, payment, amountCents, providerTransactionId);
}

const TOTAL = TIED.donations + TIED.memberships + TIED.registrations + SPECIAL.length;

const queryString = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));

async function getPage(query: Record<string, string | number>) {
  const params = queryString(query);
  const res = await app.request(`/api/admin/contributors/page?${params.toString()}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ContributorsPage.parse(await res.json());
}

/** Every page in turn; checks each page's size and total on the way. */
async function allPages(query: Record<string, string | number>, limit: number) {
  const rows: ContributorRow[] = [];
  let cursor: string | null = null;
  let pages = 0;
  let total: number | undefined;
  do {
    const page: ContributorsPage = await getPage({ ...query, limit, ...(cursor ? { cursor } : {}) });
    pages += 1;
    // Later pages answer the total the first page counted.
    total ??= page.total;
    expect(page.total).toBe(total);
    expect(page.contributors.length).toBeLessThanOrEqual(limit);
    if (page.nextCursor) expect(page.contributors).toHaveLength(limit);
    rows.push(...page.contributors);
    cursor = page.nextCursor;
  } while (cursor);
  expect(rows).toHaveLength(total ?? -1);
  return { rows, pages };
}

const fullName = (r: ContributorRow) => (`${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.email).toLowerCase();
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('GET /api/admin/contributors/page', () => {
  it('pages the whole list newest first: first page, middle pages and a last page shorter than the limit', async () => {
    const first = await getPage({ limit: 7 });
    expect(first.total).toBe(TOTAL);
    expect(first.contributors).toHaveLength(7);
    expect(first.nextCursor).not.toBeNull();

    const { rows, pages } = await allPages({}, 7);
    expect(pages).toBe(Math.ceil(TOTAL / 7));
    expect(new Set(rows.map((r) => r.id)).size).toBe(TOTAL);
    // Ties on the date are broken by the id, in the same direction.
    const expected = [...rows].sort((a, b) => byBytes(b.createdAt, a.createdAt) || byBytes(b.id, a.id));
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('ends without an empty page when the rows are an exact multiple of the limit', async () => {
    const { rows, pages } = await allPages({ type: 'Membership' }, 5);
    expect(pages).toBe(2);
    expect(rows).toHaveLength(TIED.memberships);
  });

  it('answers an empty page, no cursor and a zero total when nothing matches', async () => {
    const page = await getPage({ q: 'nobody-by-this-name' });
    expect(page).toEqual({ success: true, contributors: [], nextCursor: null, total: 0 });
  });

  it.each([
    ['amount', 'desc'],
    ['amount', 'asc'],
    ['name', 'asc'],
    ['name', 'desc'],
    ['date', 'asc'],
  ] as const)('sorts by %s %s in a total order: no row repeated or skipped across pages', async (sort, direction) => {
    const { rows } = await allPages({ sort, direction }, 4);
    expect(new Set(rows.map((r) => r.id)).size).toBe(TOTAL);
    const sign = direction === 'asc' ? 1 : -1;
    const key = (r: ContributorRow) => (sort === 'amount' ? r.amount : sort === 'name' ? fullName(r) : r.createdAt);
    const expected = [...rows].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const byKey = typeof x === 'number' && typeof y === 'number' ? x - y : byBytes(String(x), String(y));
      return sign * (byKey || byBytes(a.id, b.id));
    });
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it("sorts in each column's first direction when none is given", async () => {
    const byAmount = await getPage({ sort: 'amount', limit: 1 });
    expect(byAmount.contributors[0]?.amount).toBe(25);
    const byName = await getPage({ sort: 'name', limit: 1 });
    // Byte order of the lower-cased name: digits before letters.
    expect(byName.contributors[0]?.firstName).toBe('100% Pure');
  });

  it.each([
    ['%', '100% Pure'],
    // Unescaped, '_' would match any character: 'one-time contribution' holds "e c".
    ['e_c', 'snake_case'],
    ["o'brien", "O'Brien"],
    ['\\', 'back\\slash'],
    ['0% p', '100% Pure'],
  ])('searches %j literally', async (q, firstName) => {
    const page = await getPage({ q });
    expect(page.contributors.map((r) => r.firstName)).toEqual([firstName]);
    expect(page.total).toBe(1);
  });

  it.each([
    ['a first and last name', 'donor3 tied', 5],
    ['a last and first name', 'tied donor3', 5],
    ['an e-mail address', 'DONOR12@example.org', 1],
    ['details of a contribution', 'one-time contribution', 12 + SPECIAL.length],
    ["details of a membership (the applicant's message)", 'grandfather', 1],
    ['details of a registration (the event title)', 'liberty gala', TIED.registrations],
    ['a phone as written', '(555) 010-17', TIED.donations],
    ['a phone by its digits', '5550101776', TIED.donations],
    ['a payment id', 'ptp_donation_1', 11],
  ])('searches %s', async (_what, q, count) => {
    const page = await getPage({ q, limit: 200 });
    expect(page.total).toBe(count);
    expect(page.contributors).toHaveLength(count);
  });

  it('filters by transaction id and exact amount', async () => {
    const byTransaction = await getPage({ transactionId: 'DONATION_2', limit: 200 });
    expect(byTransaction.contributors.map((r) => r.payTheoryPaymentId).sort()).toEqual([
      'ptp_donation_2',
      'ptp_donation_20',
      'ptp_donation_21',
      'ptp_donation_22',
      'ptp_donation_23',
      'ptp_donation_24',
    ]);
    const byAmount = await getPage({ amount: '$9.25' });
    expect(byAmount.contributors.map((r) => r.firstName)).toEqual(["O'Brien"]);
    const registrations = await getPage({ amount: '10', type: 'Event Registration', limit: 200 });
    expect(registrations.total).toBe(TIED.registrations);
  });

  it('filters by type', async () => {
    for (const [type, count] of [
      ['Contribution', TIED.donations + SPECIAL.length],
      ['Membership', TIED.memberships],
      ['Event Registration', TIED.registrations],
    ] as const) {
      const page = await getPage({ type, limit: 200 });
      expect(page.total).toBe(count);
      expect(page.contributors.every((r) => r.type === type)).toBe(true);
    }
  });

  it('refuses a cursor it did not write, one of another sort or filter, and a limit out of bounds', async () => {
    const first = await getPage({ limit: 2 });
    const bad: Record<string, string | number>[] = [
      { cursor: 'not-a-cursor' },
      { cursor: first.nextCursor ?? '', sort: 'amount' },
      { cursor: first.nextCursor ?? '', direction: 'asc' },
      { cursor: first.nextCursor ?? '', q: 'tied' },
      { limit: 0 },
      { limit: 201 },
      { type: 'Donation' },
    ];
    for (const query of bad) {
      const params = queryString(query);
      const res = await app.request(`/api/admin/contributors/page?${params.toString()}`, { headers: { cookie } });
      expect(res.status, params.toString()).toBe(400);
    }
  });
});

describe('GET /api/admin/contributors/summary', () => {
  async function summary(query: Record<string, string>) {
    const res = await app.request(`/api/admin/contributors/summary?${new URLSearchParams(query).toString()}`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    return ContributorsSummaryResponse.parse(await res.json()).summary;
  }

  it('without a filter equals the dashboard summary and sums computed here', async () => {
    const all = await summary({});
    const res = await app.request('/api/admin/contributors', { headers: { cookie } });
    expect(all).toEqual(ContributorsResponse.parse(await res.json()).summary);
    // Every gift and membership here is pending (the cards count gifts that went through and active
    // memberships, docs/decisions/052-what-a-record-says.md); every registration counts, each its own
    // person. summary-cards.int.test.ts covers what each card counts.
    expect(all).toEqual({
      totalContributors: TIED.registrations,
      totalDonations: 0,
      totalMemberships: 0,
      totalEventRegistrations: TIED.registrations,
      totalAmount: dollarsCharged(),
    });
  });

  it('over a filter counts and sums only the matching records', async () => {
    const members = await summary({ type: 'Membership' });
    expect(members).toEqual({ ...NO_RECORDS, totalAmount: dollarsCharged((c) => c.kind === 'membership') });

    const tied = await summary({ q: 'tied' });
    const { rows } = await allPages({ q: 'tied' }, 200);
    const matched = new Set(rows.map((r) => r.id));
    expect(tied.totalEventRegistrations).toBe(rows.filter((r) => r.type === 'Event Registration').length);
    expect(tied.totalContributors).toBe(
      new Set(rows.filter((r) => r.type === 'Event Registration').map((r) => r.email)).size,
    );
    expect(tied.totalAmount).toBe(dollarsCharged((c) => matched.has(c.recordId)));

    const nobody = await summary({ q: 'nobody-by-this-name' });
    expect(nobody).toEqual({ ...NO_RECORDS, totalAmount: 0 });
  });
});

describe('GET /api/admin/contributors/export', () => {
  async function exportCsv(query: Record<string, string>) {
    const res = await app.request(`/api/admin/contributors/export?${new URLSearchParams(query).toString()}`, {
      headers: { cookie },
    });
    // Keep the byte order mark (res.text() drops it) to check it is there.
    return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
  }

  it('streams every matching row, in order, with the columns, escaping and dates of the product', async () => {
    const { res, text } = await exportCsv({ type: 'Contribution', sort: 'amount', timeZone: 'America/New_York' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contributors-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    const body = lines.slice(1, -1);
    expect(body).toHaveLength(TIED.donations + SPECIAL.length);
    // Largest amount first, as the page with the same query orders them.
    const { rows } = await allPages({ type: 'Contribution', sort: 'amount' }, 200);
    expect(body.map((line) => line.split(',')[2])).toEqual(rows.map((r) => r.email));
    // 2026-02-04T00:00Z is still the 3rd in New York; a quote in a name is doubled inside quotes.
    expect(body).toContain(
      'back\\slash,Special,special3@example.net,,Contribution,10.25,card,No,Pending,,One-time contribution,02/03/2026,,',
    );
    expect(body.filter((line) => line.startsWith("O'Brien,"))).toEqual([
      "O'Brien,Special,special2@example.net,,Contribution,9.25,card,No,Pending,,One-time contribution,02/02/2026,,",
    ]);
    expect(body.filter((line) => line.includes('ptp_donation_0,'))).toEqual([
      'Donor0,Tied,donor0@example.org,(555) 010-1776,Contribution,10.00,card,Yes,Pending,ptp_donation_0,Monthly contribution,03/01/2026,,',
    ]);
  });

  it('quotes cells with commas and neutralises formulas', async () => {
    await db.insert(memberships).values({
      firstName: '=HYPERLINK("x")',
      lastName: 'Comma, Esq.',
      email: 'formula@example.org',
      paymentMethod: 'card',
      createdAt: new Date('2020-01-01T12:00:00Z'),
    });
    const { text } = await exportCsv({ q: 'formula@example.org' });
    expect(text.slice(1).split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""x"")","Comma, Esq.",formula@example.org,,Membership,0.00,card,No,Pending,,Monthly membership,01/01/2020,,`,
    );
  });

  it('answers the header alone when nothing matches, and refuses an unknown time zone', async () => {
    const { text } = await exportCsv({ q: 'nobody-by-this-name' });
    expect(text).toBe(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`);
    expect((await exportCsv({ timeZone: 'Mars/Olympus' })).res.status).toBe(400);
  });
});

describe('GET /api/admin/contributors (unparameterised)', () => {
  it(`answers the newest ${String(CONTRIBUTORS_UNPAGED_LIMIT)} rows, with the summary of every record`, async () => {
    const rows = CONTRIBUTORS_UNPAGED_LIMIT + 5;
    await crowded.db.execute(sql`
      INSERT INTO ${donations} (email, amount, payment_method, status, created_at)
      SELECT 'd' || n || '@example.org', 5, 'card', 'completed', timestamptz '2026-01-01' + n * interval '1 second'
        FROM generate_series(1, ${rows}) AS n`);
    const res = await crowdedApp.request('/api/admin/contributors', { headers: { cookie: crowdedCookie } });
    expect(res.status).toBe(200);
    const body = ContributorsResponse.parse(await res.json());
    expect(body.contributors).toHaveLength(CONTRIBUTORS_UNPAGED_LIMIT);
    expect(body.summary.totalContributors).toBe(rows);
    // The newest first: the oldest five are the ones left out.
    expect(body.contributors[0]?.email).toBe(`d${String(rows)}@example.org`);
    expect(body.contributors.at(-1)?.email).toBe('d6@example.org');
  });
});

describe("a membership's amount, stored for the amount sort (docs/decisions/035)", () => {
  const pdb = planned.db;
  async function plannedPage(query: Record<string, string | number>) {
    const params = queryString(query);
    const res = await plannedApp.request(`/api/admin/contributors/page?${params.toString()}`, {
      headers: { cookie: plannedCookie },
    });
    expect(res.status).toBe(200);
    return ContributorsPage.parse(await res.json());
  }
  async function membersDetail() {
    const res = await plannedApp.request('/api/admin/members-detail', { headers: { cookie: plannedCookie } });
    expect(res.status).toBe(200);
    return MemberDetailList.parse(await res.json());
  }
  const amountsOf = (page: ContributorsPage) => page.contributors.map((r) => [r.email, r.amount, r.isRecurring]);
  const membershipPayment = (recordId: string, amountCents: number) =>
    pdb
      .insert(payments)
      .values({ kind: 'membership', recordId, amountCents, idempotencyKey: randomUUID() })
      .returning({ id: payments.id });

  it('follows its membership payment as the payment is written, changed and removed', async () => {
    const [applicant, member] = await pdb
      .insert(memberships)
      .values([
        { email: 'applicant@example.org', paymentMethod: 'check', createdAt: new Date('2026-05-01T00:00:00Z') },
        { email: 'member@example.org', paymentMethod: 'card', createdAt: new Date('2026-05-02T00:00:00Z') },
      ])
      .returning({ id: memberships.id });
    if (!applicant || !member) throw new Error('no memberships');
    // A donation's payment whose record id happens to be a membership's changes nothing.
    await pdb
      .insert(payments)
      .values({ kind: 'donation', recordId: applicant.id, amountCents: 900, idempotencyKey: randomUUID() });
    // Both $0: tied on the amount, ordered by id, so compared in e-mail order here.
    const unpaid = amountsOf(await plannedPage({ type: 'Membership', sort: 'amount' }));
    expect(unpaid.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['applicant@example.org', 0, false],
      ['member@example.org', 0, false],
    ]);

    const [plan] = await membershipPayment(member.id, 2500);
    if (!plan) throw new Error('no payment');
    expect(amountsOf(await plannedPage({ type: 'Membership', sort: 'amount' }))).toEqual([
      ['member@example.org', 25, true],
      ['applicant@example.org', 0, false],
    ]);
    expect(amountsOf(await plannedPage({ type: 'Membership', sort: 'amount', direction: 'asc' }))).toEqual([
      ['applicant@example.org', 0, false],
      ['member@example.org', 25, true],
    ]);
    expect((await plannedPage({ amount: '25' })).contributors.map((r) => r.email)).toEqual(['member@example.org']);
    const detail = await membersDetail();
    expect(detail.data.map((m) => [m.email, m.amount, m.isRecurring])).toEqual([
      ['member@example.org', '25.00', true],
      ['applicant@example.org', '0.00', false],
    ]);

    // A plan's state (here failed) is not its amount: the membership stays $25 a month.
    await pdb
      .update(payments)
      .set({ state: 'failed' })
      .where(sql`${payments.id} = ${plan.id}`);
    expect((await plannedPage({ amount: '25' })).total).toBe(1);

    // Moved to the other membership, then removed: each membership follows.
    await pdb
      .update(payments)
      .set({ recordId: applicant.id })
      .where(sql`${payments.id} = ${plan.id}`);
    expect(amountsOf(await plannedPage({ type: 'Membership', sort: 'amount' }))).toEqual([
      ['applicant@example.org', 25, true],
      ['member@example.org', 0, false],
    ]);
    await pdb.delete(payments).where(sql`${payments.id} = ${plan.id}`);
    expect((await plannedPage({ type: 'Membership', sort: 'amount' })).contributors.map((r) => r.amount)).toEqual([
      0, 0,
    ]);
  });

  it('is set in the statement that writes the membership and its payment together, as the accept path does', async () => {
    const paymentId = randomUUID();
    await pdb.execute(sql`
      WITH record AS (INSERT INTO ${memberships} (email, payment_method) VALUES ('accepted@example.org', 'card')
                      RETURNING id)
      INSERT INTO ${payments} (id, kind, record_id, amount_cents, idempotency_key)
      SELECT ${paymentId}::uuid, 'membership', id, 2500, ${randomUUID()} FROM record`);
    const page = await plannedPage({ q: 'accepted@example.org' });
    expect(amountsOf(page)).toEqual([['accepted@example.org', 25, true]]);
    const [row] = await pdb
      .select({ planCents: memberships.planCents })
      .from(memberships)
      .where(sql`${memberships.email} = 'accepted@example.org'`);
    expect(row?.planCents).toBe(2500);
  });
});

describe('the totals of every record (docs/decisions/035)', () => {
  const pdb = planned.db;
  async function totals(query: Record<string, string>) {
    const params = new URLSearchParams(query).toString();
    const [page, summary] = await Promise.all([
      plannedApp.request(`/api/admin/contributors/page?${params}`, { headers: { cookie: plannedCookie } }),
      plannedApp.request(`/api/admin/contributors/summary?${params}`, { headers: { cookie: plannedCookie } }),
    ]);
    return {
      total: ContributorsPage.parse(await page.json()).total,
      summary: ContributorsSummaryResponse.parse(await summary.json()).summary,
    };
  }
  async function counted() {
    const [row] = (
      await pdb.execute<{ d: number; m: number; r: number; gifts: number; members: number; people: number }>(sql`
        SELECT (SELECT count(*)::int FROM ${donations}) AS d, (SELECT count(*)::int FROM ${memberships}) AS m,
               (SELECT count(*)::int FROM ${eventRegistrations}) AS r,
               (SELECT count(*)::int FROM ${donations} WHERE status = 'completed') AS gifts,
               (SELECT count(*)::int FROM ${memberships} WHERE status = 'active') AS members,
               (SELECT count(DISTINCT lower(email))::int FROM ${eventRegistrations}) AS people`)
    ).rows;
    if (!row) throw new Error('no counts');
    return row;
  }
  async function expectExact() {
    const { d, m, r, gifts, members, people } = await counted();
    const all = await totals({});
    expect(all.total).toBe(d + m + r);
    // The records here are pending gifts and memberships (not counted by their cards) and
    // registrations (every one counted), each its own person, besides any completed gift or active member.
    expect(gifts + members).toBe(0);
    expect(all.summary).toMatchObject({
      totalContributors: people,
      totalDonations: gifts,
      totalMemberships: members,
      totalEventRegistrations: r,
    });
    expect((await totals({ type: 'Membership' })).total).toBe(m);
    expect((await totals({ type: 'Contribution' })).summary.totalDonations).toBe(gifts);
  }

  it('stay exact as records are inserted one by one and in bulk, deleted, and as an insert rolls back', async () => {
    await expectExact();
    await pdb.insert(donations).values({ email: 'one@example.org', amount: '5', paymentMethod: 'card' });
    await pdb.insert(donations).values(
      Array.from({ length: 7 }, (_, i) => ({
        email: `bulk${String(i)}@example.org`,
        amount: '5',
        paymentMethod: 'card',
      })),
    );
    await expectExact();
    await pdb.delete(donations).where(sql`${donations.email} LIKE 'bulk%'`);
    await expectExact();
    await expect(
      pdb.transaction(async (tx) => {
        await tx.insert(memberships).values({ email: 'rolled@example.org', paymentMethod: 'card' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await expectExact();
    // Concurrent writers on several connections each add to their own slot.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        pdb.insert(memberships).values({ email: `together${String(i)}@example.org`, paymentMethod: 'card' }),
      ),
    );
    await expectExact();
  });
});

describe('the money received, kept per payment kind (docs/decisions/042)', () => {
  const pdb = planned.db;
  async function summaryOf(query: Record<string, string>) {
    const params = new URLSearchParams(query).toString();
    const res = await plannedApp.request(`/api/admin/contributors/summary?${params}`, {
      headers: { cookie: plannedCookie },
    });
    return ContributorsSummaryResponse.parse(await res.json()).summary.totalAmount;
  }
  /** The ledger read row by row, the rule written out here: what the kept totals must equal. */
  async function scanned(kinds: readonly string[] | null) {
    const ofKinds = kinds
      ? sql` WHERE coalesce(p.kind, CASE WHEN t.donation_id IS NOT NULL THEN 'donation' ELSE '' END) IN (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})`
      : sql``;
    const [row] = (
      await pdb.execute<{ cents: string }>(sql`
        SELECT coalesce(sum(CASE t.status WHEN ${CHARGE_ROW_STATUS} THEN t.amount WHEN ${REFUND_ROW_STATUS}
                 THEN -t.amount ELSE 0 END), 0)::text AS cents
          FROM transactions t LEFT JOIN payments p ON p.id = t.payment_id${ofKinds}`)
    ).rows;
    return Number(row?.cents ?? 0) / 100;
  }
  async function expectExact() {
    expect(await summaryOf({})).toBe(await scanned(null));
    expect(await summaryOf({ type: 'Membership' })).toBe(await scanned(['membership']));
    expect(await summaryOf({ type: 'Contribution' })).toBe(await scanned(['donation', 'recurring_donation']));
    expect(await summaryOf({ type: 'Event Registration' })).toBe(await scanned(['registration']));
  }
  async function ledgerRow(kind: PaymentKind, cents: number, status: string) {
    const [record] =
      kind === 'membership'
        ? await pdb.insert(memberships).values({ email: 'kept@example.org', paymentMethod: 'card' }).returning()
        : await pdb
            .insert(donations)
            .values({ email: 'kept@example.org', amount: '1', paymentMethod: 'card' })
            .returning();
    if (!record) throw new Error('no record');
    const [payment] = await pdb
      .insert(payments)
      .values({ kind, recordId: record.id, amountCents: cents, state: 'succeeded', idempotencyKey: randomUUID() })
      .returning();
    if (!payment) throw new Error('no payment');
    return {
      paymentId: payment.id,
      donationId: kind === 'membership' ? null : record.id,
      amount: cents,
      fees: 0,
      status,
      paymentMethod: 'card',
      paymentProvider: 'paytheory',
      providerTransactionId: `pt_${randomUUID()}`,
      buyerName: 'Kept Payor',
    };
  }

  it('signs a row by the statuses the ledger writes', async () => {
    const [row] = (
      await pdb.execute<{ charge: string; refund: string; failed: string }>(sql`
        SELECT ledger_signed_cents(${CHARGE_ROW_STATUS}, 1250)::text AS charge,
               ledger_signed_cents(${REFUND_ROW_STATUS}, 1250)::text AS refund,
               ledger_signed_cents('failed', 1250)::text AS failed`)
    ).rows;
    expect(row).toEqual({ charge: '1250', refund: '-1250', failed: '0' });
  });

  it('stay exact through charges, refunds, failed instalments, bulk and concurrent writes and a rollback', async () => {
    await expectExact();
    await pdb.insert(transactions).values(await ledgerRow('membership', 2500, CHARGE_ROW_STATUS));
    await pdb.insert(transactions).values(await ledgerRow('donation', 1000, CHARGE_ROW_STATUS));
    await pdb.insert(transactions).values(await ledgerRow('recurring_donation', 700, 'failed'));
    await pdb.insert(transactions).values(await ledgerRow('membership', 1200, REFUND_ROW_STATUS));
    await expectExact();
    // A donation's older row without a payment counts as a contribution.
    const legacy = await ledgerRow('donation', 300, CHARGE_ROW_STATUS);
    await pdb.insert(transactions).values({ ...legacy, paymentId: null });
    await pdb
      .insert(transactions)
      .values(
        await Promise.all([
          ledgerRow('membership', 100, CHARGE_ROW_STATUS),
          ledgerRow('donation', 200, CHARGE_ROW_STATUS),
        ]),
      );
    await expectExact();
    await expect(
      pdb.transaction(async (tx) => {
        await tx.insert(transactions).values(await ledgerRow('membership', 9900, CHARGE_ROW_STATUS));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await expectExact();
    const rows = await Promise.all(Array.from({ length: 8 }, () => ledgerRow('membership', 2500, CHARGE_ROW_STATUS)));
    await Promise.all(rows.map((row) => pdb.insert(transactions).values(row)));
    await expectExact();
    // A deleted donation leaves its older row without a donation either: no longer a contribution.
    if (!legacy.donationId) throw new Error('no donation');
    await pdb.delete(donations).where(sql`${donations.id} = ${legacy.donationId}`);
    await expectExact();
    // Rows removed by hand (a correction, a test's reset) take their money off.
    await pdb.delete(transactions).where(sql`${transactions.amount} = 2500`);
    await expectExact();
  });
});

describe("a search of a registration's details: its event and ticket type", () => {
  const pdb = planned.db;
  async function matching(q: string) {
    const params = new URLSearchParams({ q, type: 'Event Registration', limit: '100' }).toString();
    const res = await plannedApp.request(`/api/admin/contributors/page?${params}`, {
      headers: { cookie: plannedCookie },
    });
    return ContributorsPage.parse(await res.json()).contributors.map((row) => row.email);
  }

  it('matches the ticket type, alone or as the details read, and only its registrations', async () => {
    const tiers = [
      { id: 'vip', name: 'VIP Table', price: 5000, description: 'Dinner', benefits: [] },
      { id: 'general', name: 'General Admission', price: 1000, description: 'Entry', benefits: [] },
    ];
    const [supper] = await pdb
      .insert(events)
      .values({
        slug: 'harvest-supper',
        title: 'Harvest Supper',
        location: 'Town Hall',
        startDate: new Date('2026-10-01T22:00:00Z'),
        endDate: new Date('2026-10-02T01:00:00Z'),
        pricingTiers: JSON.stringify(tiers),
      })
      .returning();
    if (!supper) throw new Error('no event');
    const guest = { firstName: 'Guest', lastName: 'Supper', phone: '2155550100' };
    await pdb.insert(eventRegistrations).values([
      { ...guest, eventId: supper.id, email: 'vip@example.org', selectedTier: 'vip', paymentAmount: 5000 },
      { ...guest, eventId: supper.id, email: 'general@example.org', selectedTier: 'general', paymentAmount: 1000 },
    ]);

    expect(await matching('vip table')).toEqual(['vip@example.org']);
    expect(await matching('Supper - VIP')).toEqual(['vip@example.org']);
    expect((await matching('harvest supper')).sort()).toEqual(['general@example.org', 'vip@example.org']);
    expect(await matching('no such ticket')).toEqual([]);
  });
});
