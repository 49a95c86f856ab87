import { randomUUID } from 'node:crypto';
import { Id, PaymentQueued, RecordCreated } from '@pillars/contracts';
import { donations, outbox, payments } from '@pillars/platform/db';
import { flushOutboxMarks } from '@pillars/platform/jobs';
import { useTestDatabase } from '@pillars/testing/test-database';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testRecords } from '../../test/records';
import { testApp, useAppInfra } from '../../test/test-app';

// What a payment id, a donation id and a registration id grant a caller (docs/decisions/046).
// No worker runs here: any report that was accepted leaves an outbox row (the job that would ask
// the provider), so "no provider lookup" is "no outbox row", and every refusal is checked against
// the rows it could have written.
const database = await useTestDatabase();
const { db } = database;
const infra = await useAppInfra(database);
const app = testApp(database, infra);
afterAll(() => flushOutboxMarks(db));

const json = (method: string, path: string, body: unknown) =>
  app.request(path, {
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });

/** Someone's completed monthly gift, as the worker leaves it: the donation and its succeeded plan. */
async function completedMonthlyGift() {
  const [donation] = await db
    .insert(donations)
    .values({
      firstName: 'Dolley',
      lastName: 'Madison',
      email: `dolley+${randomUUID().slice(0, 8)}@example.org`,
      phone: '555-010-1809',
      amount: '17.76',
      paymentMethod: 'card',
      isRecurring: true,
      status: 'completed',
      payTheoryPaymentId: `pt_tx_${randomUUID()}`,
    })
    .returning();
  if (!donation) throw new Error('no donation');
  const [payment] = await db
    .insert(payments)
    .values({
      kind: 'recurring_donation',
      recordId: donation.id,
      amountCents: 1776,
      state: 'succeeded',
      providerTransactionId: donation.payTheoryPaymentId,
      providerRecurringId: `pt_rec_${randomUUID()}`,
      nextPaymentDate: '2027-01-01',
      idempotencyKey: `pay_${randomUUID()}`,
    })
    .returning();
  if (!payment) throw new Error('no payment');
  return { donation, payment };
}

/** Everything a report could change: the record, its payments and the jobs (outbox rows) queued. */
async function snapshot(recordId: string) {
  const [record] = await db.select().from(donations).where(eq(donations.id, recordId));
  const rows = await db.select().from(payments).where(eq(payments.recordId, recordId));
  const [jobs] = await db.select({ n: sql<number>`count(*)::int` }).from(outbox);
  return { record, payments: rows, jobs: jobs?.n };
}

describe('GET /api/payments/{id}', () => {
  it('answers what the paying page and /success show, and no record or provider id', async () => {
    const { donation, payment } = await completedMonthlyGift();
    const res = await app.request(`/api/payments/${payment.id}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['declined', 'failureMessage', 'id', 'kind', 'nextPaymentDate', 'state']);
    expect(body).toEqual({
      id: payment.id,
      kind: 'recurring_donation',
      state: 'succeeded',
      nextPaymentDate: '2027-01-01',
      failureMessage: null,
      declined: false,
    });
    for (const secret of [donation.id, payment.providerTransactionId, payment.providerRecurringId]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("reports about someone else's payment", () => {
  it('PATCH /api/donations/{id}/status on a completed monthly gift adds nothing and queues nothing', async () => {
    const { donation, payment } = await completedMonthlyGift();
    const before = await snapshot(donation.id);
    for (const body of [
      { status: 'completed', payTheoryPaymentId: 'pt_tx_attacker' },
      { status: 'completed', payTheoryPaymentId: 'pt_tx_attacker', paymentId: randomUUID() },
      // The provider's id of the charge is not the claim of a report: it proves nothing.
      { status: 'completed', payTheoryPaymentId: payment.providerTransactionId },
    ]) {
      const res = await json('PATCH', `/api/donations/${donation.id}/status`, body);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Donation not found', code: 'NOT_FOUND' });
    }
    expect(await snapshot(donation.id)).toEqual(before);
  });

  it('POST /api/transactions answers no payment it is not shown, and writes nothing', async () => {
    const { donation } = await completedMonthlyGift();
    const before = await snapshot(donation.id);
    for (const body of [
      { donationId: donation.id },
      { donationId: donation.id, paymentId: randomUUID(), amount: 1776 },
      { donationId: donation.id, providerTransactionId: 'pt_tx_guess' },
    ]) {
      const res = await json('POST', '/api/transactions', body);
      expect(res.status).toBe(404);
      expect(JSON.stringify(await res.json())).not.toContain('paymentId');
    }
    expect(await snapshot(donation.id)).toEqual(before);
  });
});

describe('reports about a record that already has a settled payment', () => {
  it("answer the caller's own payment, and add nothing", async () => {
    const { donation, payment } = await completedMonthlyGift();
    const before = await snapshot(donation.id);
    const patched = await json('PATCH', `/api/donations/${donation.id}/status`, {
      status: 'completed',
      payTheoryPaymentId: 'pt_tx_again',
      paymentId: payment.id,
    });
    expect(patched.status).toBe(202);
    expect(PaymentQueued.parse(await patched.json())).toEqual({
      success: true,
      paymentId: payment.id,
      status: 'succeeded',
    });
    const reported = await json('POST', '/api/transactions', { donationId: donation.id, paymentId: payment.id });
    expect(reported.status).toBe(202);
    expect(PaymentQueued.parse(await reported.json()).paymentId).toBe(payment.id);
    expect(await snapshot(donation.id)).toEqual(before);
  });
});

describe("the spec client's reports for its own donation", () => {
  it('queue one verification, answer it again to the same report, and refuse another charge id', async () => {
    const created = await json('POST', '/api/donations', {
      firstName: 'James',
      lastName: 'Monroe',
      email: `james+${randomUUID().slice(0, 8)}@example.org`,
      phone: '555-010-1817',
      amount: '20.00',
      paymentMethod: 'card',
      isRecurring: false,
    });
    expect(created.status).toBe(201);
    const donationId = RecordCreated.parse(await created.json()).data.id;
    const report = { status: 'completed', payTheoryPaymentId: 'pt_tx_browser_1' };
    const beforeReport = await snapshot(donationId);

    const first = await json('PATCH', `/api/donations/${donationId}/status`, report);
    expect(first.status).toBe(202);
    const { paymentId } = PaymentQueued.parse(await first.json());
    const afterFirst = await snapshot(donationId);
    expect(afterFirst.payments.map((p) => [p.id, p.kind, p.claimedTransactionId])).toEqual([
      [paymentId, 'donation', 'pt_tx_browser_1'],
    ]);
    // One job queued: the worker's verification of the claim with the provider.
    expect(afterFirst.jobs).toBe((beforeReport.jobs ?? 0) + 1);

    // The same report again (a retry) answers the same payment; another charge id is refused.
    const again = await json('PATCH', `/api/donations/${donationId}/status`, report);
    expect(again.status).toBe(202);
    expect(PaymentQueued.parse(await again.json()).paymentId).toBe(paymentId);
    const other = await json('PATCH', `/api/donations/${donationId}/status`, { ...report, payTheoryPaymentId: 'x' });
    expect(other.status).toBe(404);

    // POST /api/transactions as the spec's client sends it points at the payment by its charge id.
    const tx = await json('POST', '/api/transactions', {
      donationId,
      providerTransactionId: 'pt_tx_browser_1',
      amount: 2000,
      buyerName: 'James Monroe',
    });
    expect(tx.status).toBe(202);
    expect(PaymentQueued.parse(await tx.json()).paymentId).toBe(paymentId);
    expect(await snapshot(donationId)).toEqual(afterFirst);
  });
});

describe('GET /api/event-registrations/{id}', () => {
  it('names no one: no name, e-mail or phone of the registrant', async () => {
    const { insertEvent, insertRegistration } = testRecords(db);
    const event = await insertEvent({
      slug: `gala-${randomUUID().slice(0, 8)}`,
      title: 'Gala',
      location: 'Hall',
      startDate: new Date('2027-03-01T23:00:00Z'),
      endDate: new Date('2027-03-02T01:00:00Z'),
      requiresPayment: true,
      price: 4500,
    });
    const registration = await insertRegistration(event.id, {
      firstName: 'Elizabeth',
      lastName: 'Monroe',
      email: 'elizabeth.monroe@example.org',
      phone: '555-010-1818',
      paymentAmount: 4500,
    });
    const res = await app.request(`/api/event-registrations/${registration.id}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const { data } = JSON.parse(text) as { data: Record<string, unknown> };
    expect(Object.keys(data).sort()).toEqual([
      'createdAt',
      'event',
      'eventId',
      'id',
      'paymentAmount',
      'reservationExpired',
      'selectedTier',
      'status',
    ]);
    for (const personal of ['Elizabeth', 'Monroe', 'elizabeth.monroe@example.org', '555-010-1818']) {
      expect(text).not.toContain(personal);
    }
  });
});

describe('guessed ids', () => {
  it('find nothing and change nothing, whatever the id', async () => {
    const { donation, payment } = await completedMonthlyGift();
    const before = await snapshot(donation.id);
    // Near misses of real ids (one hex digit changed), the nil and max UUIDs, and random ones.
    const nearMiss = (id: string) =>
      fc
        .tuple(fc.nat({ max: id.length - 1 }), fc.constantFrom(...'0123456789abcdef'))
        .filter(([at, digit]) => id[at] !== '-' && id[at] !== digit)
        .map(([at, digit]) => `${id.slice(0, at)}${digit}${id.slice(at + 1)}`);
    const guesses = fc.oneof(
      nearMiss(donation.id),
      nearMiss(payment.id),
      fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
      fc.uuid(),
    );
    await fc.assert(
      fc.asyncProperty(guesses, async (guess) => {
        expect((await app.request(`/api/payments/${guess}`)).status).toBe(404);
        expect((await app.request(`/api/event-registrations/${guess}`)).status).toBe(404);
        const patched = await json('PATCH', `/api/donations/${guess}/status`, {
          status: 'completed',
          payTheoryPaymentId: 'pt_tx_guess',
          paymentId: payment.id,
        });
        expect(patched.status).toBe(404);
        // In a body, a string that is no UUID at all is refused as invalid input before any read.
        const reported = await json('POST', '/api/transactions', { donationId: guess, paymentId: payment.id });
        expect(reported.status).toBe(Id.safeParse(guess).success ? 404 : 400);
      }),
      { numRuns: 60 },
    );
    expect(await snapshot(donation.id)).toEqual(before);
    const [strays] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.claimedTransactionId, 'pt_tx_guess'));
    expect(strays?.n).toBe(0);
  });
});
