import { randomUUID } from 'node:crypto';
import { PaymentAccepted } from '@pillars/contracts';
import { donations, outbox, payments, transactions } from '@pillars/platform/db';
import type { QueueBackendKind } from '@pillars/platform/jobs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeDonation, usePaymentStack } from './payment-stack';

// The money path end to end, on real PostgreSQL, real queues and the sandbox provider over HTTP:
// API → record + payment + outbox in one transaction → queue → worker → provider → follow-ups.
// Both queue backends must behave the same: production uses Redis, `npm start` PostgreSQL (ADR 006).
describe.each<QueueBackendKind>(['redis', 'postgres'])('payments on the %s queue backend', async (kind) => {
  const { database, app, sandbox, provider, tokenFor, post, settled, chargesFor } = await usePaymentStack(kind);
  const submit = (body: Record<string, unknown>, key?: string) => post('/api/donations', body, key);

  const donation = oneTimeDonation;

  it('charges a one-time contribution once and completes its follow-ups', async () => {
    const res = await submit(donation({ paymentMethodToken: await tokenFor(), amountCents: '2500' }));
    expect(res.status).toBe(202);
    const accepted = PaymentAccepted.parse(await res.json());
    const status = await settled(accepted.paymentId);
    expect(status).toMatchObject({ state: 'succeeded', amountCents: 2500, kind: 'donation' });
    expect(chargesFor(accepted.paymentId)).toHaveLength(1);

    await expect
      .poll(
        async () => (await database.db.select().from(donations).where(eq(donations.id, accepted.data.id)))[0]?.status,
      )
      .toBe('completed');
    const [record] = await database.db.select().from(donations).where(eq(donations.id, accepted.data.id));
    expect(record?.payTheoryPaymentId).toBe(status.transactionId);
    await expect
      .poll(async () => database.db.select().from(transactions).where(eq(transactions.donationId, accepted.data.id)))
      .toHaveLength(1);
    const [transaction] = await database.db
      .select()
      .from(transactions)
      .where(eq(transactions.donationId, accepted.data.id));
    expect(transaction).toMatchObject({ amount: 2500, fees: 73, status: 'completed', paymentProvider: provider.name });
    // The card's last four digits as the provider showed them with the charge, for the receipt.
    expect(transaction?.cardLastFour).toMatch(/^\d{4}$/);
    expect(JSON.parse(transaction?.metadata ?? '{}')).toEqual({
      source: 'contribution',
      paymentState: 'SUCCEEDED',
      liveMode: false,
    });
  });

  it('sets up a monthly contribution as a recurring plan', async () => {
    const res = await submit(
      donation({ paymentMethodToken: await tokenFor('5454545454545454'), isRecurring: true, amount: '17.76' }),
    );
    const accepted = PaymentAccepted.parse(await res.json());
    const status = await settled(accepted.paymentId);
    expect(status).toMatchObject({ state: 'succeeded', kind: 'recurring_donation', amountCents: 1776 });
    expect(status.recurringId).toBeTruthy();
    expect(status.nextPaymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('creates one record and one charge for duplicate submissions of one form', async () => {
    const body = donation({ paymentMethodToken: await tokenFor() });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(body, key)));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([202]));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const { paymentId } = PaymentAccepted.parse(bodies[0]);
    await settled(paymentId);
    expect(await database.db.select().from(donations).where(eq(donations.email, body.email))).toHaveLength(1);
    expect(chargesFor(paymentId)).toHaveLength(1);
  });

  it('refuses a reused Idempotency-Key with a different request', async () => {
    const key = randomUUID();
    expect((await submit(donation({ paymentMethodToken: await tokenFor() }), key)).status).toBe(202);
    const res = await submit(donation({ paymentMethodToken: await tokenFor(), amount: '50.00' }), key);
    expect(res.status).toBe(409);
  });

  it('ends a declined card failed with the reason, without retrying', async () => {
    const res = await submit(donation({ paymentMethodToken: await tokenFor(), amount: '1.02' }));
    const accepted = PaymentAccepted.parse(await res.json());
    const status = await settled(accepted.paymentId);
    expect(status).toMatchObject({ state: 'failed', failureCode: 'GENERIC_DECLINE', declined: true });
    expect(status.failureMessage).toBeTruthy();
    expect(chargesFor(accepted.paymentId)).toHaveLength(1);
    const [record] = await database.db.select().from(donations).where(eq(donations.id, accepted.data.id));
    expect(record?.status).toBe('failed');
    const [row] = await database.db.select().from(payments).where(eq(payments.id, accepted.paymentId));
    expect(row?.attempts).toBe(1);
  });

  it('retries provider errors and timeouts, then charges exactly once', async () => {
    const token = await tokenFor('343434343434343');
    sandbox.setFaults({ failNext: 1, timeoutNext: 1 });
    const res = await submit(donation({ paymentMethodToken: token }));
    const accepted = PaymentAccepted.parse(await res.json());
    const status = await settled(accepted.paymentId);
    expect(status.state).toBe('succeeded');
    expect(chargesFor(accepted.paymentId)).toHaveLength(1);
    const [row] = await database.db.select().from(payments).where(eq(payments.id, accepted.paymentId));
    expect(row?.attempts).toBeGreaterThanOrEqual(3);
  });

  it('charges once when the provider charges and then drops the answer', async () => {
    const token = await tokenFor('6542154846623459');
    sandbox.setFaults({ dropNextCharges: 1 });
    const res = await submit(donation({ paymentMethodToken: token }));
    const accepted = PaymentAccepted.parse(await res.json());
    expect((await settled(accepted.paymentId)).state).toBe('succeeded');
    expect(chargesFor(accepted.paymentId)).toHaveLength(1);
    await expect
      .poll(async () => database.db.select().from(transactions).where(eq(transactions.donationId, accepted.data.id)))
      .toHaveLength(1);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await database.pool.query<{ n: string }>(
      'SELECT (SELECT count(*) FROM donations) + (SELECT count(*) FROM payments) + (SELECT count(*) FROM outbox) AS n',
    );
    const cases: [Record<string, unknown>, string][] = [
      [
        donation({ amount: '0.99', paymentMethodToken: 'pm' }),
        'Please select or enter a donation amount of at least $1.00.',
      ],
      [donation({ amount: '25.001' }), 'Please select or enter a donation amount of at least $1.00.'],
      [donation({ amount: '1000000' }), 'The most we accept online is $100,000.'],
      [donation({ firstName: '' }), 'First name is required'],
      [donation({ email: 'nope' }), 'Please enter a valid email address'],
      [donation({ phone: '123' }), 'Please enter a valid phone number'],
      [donation({ paymentMethodToken: 'pm', amountCents: '999' }), 'The amount in cents does not match the amount.'],
    ];
    for (const [body, message] of cases) {
      const res = await submit(body);
      expect(res.status, message).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(message);
    }
    const malformed = await app.request('/api/donations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"amount":',
    });
    expect(malformed.status).toBe(400);
    const badKey = await submit(donation({ paymentMethodToken: 'pm' }), 'no spaces allowed');
    expect(badKey.status).toBe(400);
    const after = await database.pool.query<{ n: string }>(
      'SELECT (SELECT count(*) FROM donations) + (SELECT count(*) FROM payments) + (SELECT count(*) FROM outbox) AS n',
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('answers 404 for a payment that does not exist', async () => {
    expect((await app.request(`/api/payments/${randomUUID()}`)).status).toBe(404);
    expect((await app.request('/api/payments/not-a-uuid')).status).toBe(404);
  });

  it('publishes every outbox row', async () => {
    await expect
      .poll(async () => (await database.db.select().from(outbox)).filter((r) => !r.publishedAt))
      .toHaveLength(0);
  });
});
