import { ContributorsPage, ContributorsSummaryResponse } from '@pillars/contracts/admin';
import { donations, eventRegistrations, events, memberships, type PaymentKind, payments } from '@pillars/platform/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminRequests, signedInAdmin, useAdminTestApp } from '../../test/admin-app';
import { recordCharge } from '../../test/ledger';

// A database of its own: the other list tests count every record of theirs.
const suite = await useAdminTestApp();
const { db } = suite;
const { cookie } = await signedInAdmin(suite);
const { get } = adminRequests(suite, cookie);

/**
 * Payment ids chosen so that references sit side by side: each kind's payment starts with its
 * own 10 hex digits, and its neighbours differ from them only in the 10th (the ids either side of
 * the range a reference names), so a search that read fewer or more digits would find them too.
 */
const IDS = {
  donation: '3f2a9c1b-0400-0000-0000-000000000000',
  donationRetry: '3f2a9c1b-04ff-ffff-ffff-ffffffffffff',
  below: '3f2a9c1b-03ff-ffff-ffff-ffffffffffff',
  above: '3f2a9c1b-0500-0000-0000-000000000000',
  membership: 'a0b1c2d3-e4f5-4a6b-8c7d-0e1f2a3b4c5d',
  registration: '0c0ffee0-1234-4abc-9def-0123456789ab',
};
const records: Record<'donation' | 'below' | 'above' | 'membership' | 'registration', string> = {
  donation: '',
  below: '',
  above: '',
  membership: '',
  registration: '',
};

/** A payment with the given id; a succeeded one with its charge in the ledger. */
async function pay(id: string, kind: PaymentKind, recordId: string, amountCents: number, succeeded = true) {
  const providerTransactionId = `pt_${crypto.randomUUID()}`;
  const [payment] = await db
    .insert(payments)
    .values({
      id,
      kind,
      recordId,
      amountCents,
      state: succeeded ? 'succeeded' : 'failed',
      idempotencyKey: crypto.randomUUID(),
      providerTransactionId,
    })
    .returning();
  if (!payment) throw new Error('no payment');
  if (succeeded) await recordCharge(db, payment, amountCents, providerTransactionId);
}

beforeAll(async () => {
  const donor = (firstName: string) => ({
    firstName,
    lastName: 'Quoted',
    email: `${firstName.toLowerCase()}@example.org`,
    amount: '10.00',
    paymentMethod: 'card',
    payTheoryPaymentId: `ptp_${firstName.toLowerCase()}`,
    // Paid, as their payments below say: the summary counts gifts that went through.
    status: 'completed',
  });
  const inserted = await db
    .insert(donations)
    .values([donor('Dora'), donor('Bela'), donor('Abe')])
    .returning({ id: donations.id });
  [records.donation, records.below, records.above] = inserted.map((r) => r.id) as [string, string, string];
  const [member] = await db
    .insert(memberships)
    .values({ firstName: 'Mia', lastName: 'Quoted', email: 'mia@example.org', paymentMethod: 'card', status: 'active' })
    .returning({ id: memberships.id });
  const [event] = await db
    .insert(events)
    .values({
      slug: 'reference-supper',
      title: 'Reference Supper',
      location: 'Town Hall',
      startDate: new Date('2026-07-04T22:00:00Z'),
      endDate: new Date('2026-07-05T01:00:00Z'),
    })
    .returning({ id: events.id });
  if (!member || !event) throw new Error('no record');
  const [guest] = await db
    .insert(eventRegistrations)
    .values({
      eventId: event.id,
      firstName: 'Gus',
      lastName: 'Quoted',
      email: 'gus@example.org',
      phone: '2155550100',
      paymentAmount: 1000,
    })
    .returning({ id: eventRegistrations.id });
  if (!guest) throw new Error('no registration');
  records.membership = member.id;
  records.registration = guest.id;

  // The donation's first attempt failed and a second one succeeded: both ids fall in one reference.
  await pay(IDS.donation, 'donation', records.donation, 1000, false);
  await pay(IDS.donationRetry, 'donation', records.donation, 1000);
  await pay(IDS.below, 'donation', records.below, 1000);
  await pay(IDS.above, 'donation', records.above, 1000);
  await pay(IDS.membership, 'membership', records.membership, 2500);
  await pay(IDS.registration, 'registration', records.registration, 1000);
});

async function found(query: Record<string, string>) {
  const params = new URLSearchParams({ limit: '50', ...query }).toString();
  const res = await get(`/contributors/page?${params}`);
  expect(res.status).toBe(200);
  const page = ContributorsPage.parse(await res.json());
  return { ids: page.contributors.map((row) => row.id), total: page.total };
}

describe("the contributors' search for a payment's reference (docs/decisions/046)", () => {
  it.each([
    ['a donation', 'PAY-3F2A9C1B04', 'donation'],
    ["a donation's neighbour below", 'PAY-3F2A9C1B03', 'below'],
    ["a donation's neighbour above", 'PAY-3F2A9C1B05', 'above'],
    ['a membership', 'PAY-A0B1C2D3E4', 'membership'],
    ['a registration', 'PAY-0C0FFEE012', 'registration'],
  ] as const)('finds %s, and nothing else, by its reference in either field and any case', async (_, ref, record) => {
    const expected = { ids: [records[record]], total: 1 };
    for (const term of [ref, ref.toLowerCase(), `  ${ref.toLowerCase()} `]) {
      expect(await found({ q: term }), term).toEqual(expected);
      expect(await found({ transactionId: term }), term).toEqual(expected);
    }
  });

  it('finds nothing for a reference no payment has, or one of another kind of record than the type asked', async () => {
    const none = { ids: [], total: 0 };
    expect(await found({ q: 'PAY-3F2A9C1B06' })).toEqual(none);
    expect(await found({ transactionId: 'PAY-FFFFFFFFFF' })).toEqual(none);
    expect(await found({ q: 'PAY-A0B1C2D3E4', type: 'Contribution' })).toEqual(none);
    expect(await found({ q: 'PAY-A0B1C2D3E4', type: 'Membership' })).toEqual({ ids: [records.membership], total: 1 });
  });

  it('is still a substring search when the term is not a reference', async () => {
    expect((await found({ q: 'quoted' })).total).toBe(5);
    expect(await found({ transactionId: 'ptp_dora' })).toEqual({ ids: [records.donation], total: 1 });
    // Nine or eleven digits are not a reference: a text search, which these records do not match.
    expect(await found({ q: 'PAY-3F2A9C1B0' })).toEqual({ ids: [], total: 0 });
  });

  it('counts and sums only the referenced record in the summary', async () => {
    async function summary(q: string) {
      const res = await get(`/contributors/summary?q=${q}`);
      expect(res.status).toBe(200);
      return ContributorsSummaryResponse.parse(await res.json()).summary;
    }
    const only = { totalContributors: 1, totalDonations: 0, totalMemberships: 0, totalEventRegistrations: 0 };
    expect(await summary('pay-3f2a9c1b04')).toEqual({ ...only, totalDonations: 1, totalAmount: 10 });
    expect(await summary('PAY-A0B1C2D3E4')).toEqual({ ...only, totalMemberships: 1, totalAmount: 25 });
  });
});
