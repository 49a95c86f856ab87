import { randomUUID } from 'node:crypto';
import { ContributionDetailPage, ContributorsPage, ContributorsSummaryResponse } from '@pillars/contracts/admin';
import { donations, memberships, payments } from '@pillars/platform/db';
import { RefundLedger, requestRefund } from '@pillars/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { createTestAdmin, signIn } from '../../test/admin-session';
import { insertPaidCharge } from '../../test/ledger';
import { testApp, useAppInfra } from '../../test/test-app';

// What the admin's lists, filter, CSV and summary say a record is, from the ledger
// (docs/decisions/052-what-a-record-says.md), on real PostgreSQL: refunds and voids written by the
// refund ledger as the refund job writes them.
const database = await useTestDatabase();
const infra = await useAppInfra(database);
const app = testApp(database, infra);
const { db } = database;

let cookie: string;
const get = (path: string) => app.request(`/api/admin${path}`, { headers: { cookie } });

const ids: Record<string, string> = {};

async function gift(name: string, email: string, status: string, amount = '25.00') {
  const [row] = await db
    .insert(donations)
    .values({ firstName: name, lastName: 'State', email, amount, paymentMethod: 'card', status })
    .returning();
  if (!row) throw new Error('no donation');
  ids[name] = row.id;
  return row.id;
}

/** A succeeded payment of the gift with its charge row; the charge row's id. */
const paid = async (recordId: string, cents: number) =>
  (await insertPaidCharge(db, 'donation', recordId, cents)).chargeRowId;

/** A refund (or void) of the charge, asked for and made as the refund job makes it. */
async function givenBack(chargeRowId: string, cents: number, isVoid = false) {
  const asked = await db.transaction((tx) =>
    requestRefund(tx, { chargeRowId, amountCents: cents, requestedBy: 'admin', reason: null }),
  );
  if (!asked.refunded) throw new Error(`refund refused: ${asked.refusal.reason}`);
  const ledger = new RefundLedger(db);
  await ledger.begin(asked.refund.id, new Date());
  const done = await ledger.succeed(asked.refund.id, {
    refundId: isVoid ? 'unused' : `pt_rev_${randomUUID().slice(0, 8)}`,
    isVoid,
    replacementTransactionId: null,
  });
  expect(done.settled).toBe('succeeded');
}

async function declined(recordId: string, code: string) {
  await db.insert(payments).values({
    kind: 'donation',
    recordId,
    amountCents: 2500,
    state: 'failed',
    failureCode: code,
    failureMessage: 'The card was declined.',
    idempotencyKey: `pay_${randomUUID()}`,
  });
}

beforeAll(async () => {
  cookie = await signIn(app, await createTestAdmin(db));
  // The same person twice, in two cases: one contributor.
  await givenBack(await paid(await gift('Partly', 'ann@example.org', 'completed'), 2500), 500);
  await givenBack(await paid(await gift('Whole', 'bob@example.org', 'completed'), 2500), 2500);
  await givenBack(await paid(await gift('Voided', 'cy@example.org', 'completed'), 2500), 2500, true);
  await declined(await gift('Declined', 'dee@example.org', 'failed'), 'GENERIC_DECLINE');
  await declined(await gift('Unanswered', 'eve@example.org', 'failed'), 'PROVIDER_UNAVAILABLE');
  await paid(await gift('Kept', 'Ann@Example.ORG', 'completed', '10.00'), 1000);
  const [member] = await db
    .insert(memberships)
    .values({
      firstName: 'Ended',
      lastName: 'State',
      email: 'fay@example.org',
      paymentMethod: 'card',
      status: 'cancelled',
    })
    .returning();
  ids.Ended = member?.id ?? '';
});

async function page(query = '') {
  const res = await get(`/contributors/page${query}`);
  expect(res.status).toBe(200);
  return ContributorsPage.parse(await res.json());
}

describe('what a record says, from the ledger', () => {
  it('shows each state in the list, beside the stored status the actions go by', async () => {
    const rows = (await page()).contributors;
    const byName = Object.fromEntries(rows.map((row) => [row.firstName, [row.status, row.state]]));
    expect(byName).toEqual({
      Partly: ['completed', 'partly_refunded'],
      // The refund ledger set the record cancelled; the money was refunded.
      Whole: ['cancelled', 'refunded'],
      Voided: ['cancelled', 'voided'],
      Declined: ['failed', 'declined'],
      // Failed for want of an answer from the provider: not a decline.
      Unanswered: ['failed', 'failed'],
      Kept: ['completed', 'completed'],
      Ended: ['cancelled', 'cancelled'],
    });
  });

  it.each([
    ['refunded', ['Whole']],
    ['partly_refunded', ['Partly']],
    ['voided', ['Voided']],
    ['declined', ['Declined']],
    // A gift refunded whole is stored cancelled, but it is no cancellation.
    ['cancelled', ['Ended']],
  ])('filters by %s, paged and counted alike', async (status, names) => {
    const found = await page(`?status=${status}&limit=1`);
    expect(found.total).toBe(names.length);
    expect(found.contributors.map((row) => row.firstName)).toEqual(names.slice(0, 1));
    expect(found.nextCursor).toBeNull();
    const summary = ContributorsSummaryResponse.parse(
      await (await get(`/contributors/summary?status=${status}`)).json(),
    ).summary;
    expect(summary.totalDonations + summary.totalMemberships + summary.totalEventRegistrations).toBe(
      status === 'declined' || status === 'cancelled' ? 0 : names.length,
    );
  });

  it('writes the state in words in the CSV', async () => {
    const res = await get('/contributors/export?sort=name&direction=asc');
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n');
    const statusOf = (name: string) => lines.find((line) => line.startsWith(`${name},`))?.split(',')[8];
    expect(statusOf('Partly')).toBe('Partly refunded');
    expect(statusOf('Whole')).toBe('Refunded');
    expect(statusOf('Voided')).toBe('Voided');
    expect(statusOf('Declined')).toBe('Declined');
    expect(statusOf('Unanswered')).toBe('Failed');
    expect(statusOf('Kept')).toBe('Completed');
    expect(statusOf('Ended')).toBe('Cancelled');
  });

  it('counts gifts that went through, people by address, and the money net of refunds', async () => {
    const { summary } = ContributorsSummaryResponse.parse(await (await get('/contributors/summary')).json());
    expect(summary).toEqual({
      // ann@ (twice, in two cases), bob@, cy@: the declined and unanswered attempts and the ended
      // membership count for nobody.
      totalContributors: 3,
      // Partly, Whole, Voided and Kept went through; Declined and Unanswered did not.
      totalDonations: 4,
      totalMemberships: 0,
      totalEventRegistrations: 0,
      // $25 - $5 + $25 - $25 + $25 - $25 + $10.
      totalAmount: 30,
    });
  });

  it('shows the state on the contributions page', async () => {
    const res = await get('/contributors-detail/page?limit=50');
    expect(res.status).toBe(200);
    const { data } = ContributionDetailPage.parse(await res.json());
    const byId = new Map(data.map((row) => [row.id, row.state]));
    expect(byId.get(ids.Partly ?? '')).toBe('partly_refunded');
    expect(byId.get(ids.Whole ?? '')).toBe('refunded');
  });
});
