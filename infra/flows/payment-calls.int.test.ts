import { randomUUID } from 'node:crypto';
import { PaymentAccepted } from '@pillars/contracts';
import { donations, payments, transactions } from '@pillars/platform/db';
import { JOBS, JOB_OPTIONS, QUEUES, jobIdOf } from '@pillars/platform/jobs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePaymentStack } from './payment-stack';

// The spec's other payment calls: process-payment (token, or a charge the browser made),
// the status and transaction reports, and the raw-card fallback when a merchant turns it on.
const stack = await usePaymentStack('redis', { env: { RAW_CARD_FALLBACK_ENABLED: 'true' } });
const { database, app, post, settled, chargesFor, tokenFor, provider, queues, chargeAsBrowser } = stack;

const buyer = { first_name: 'James', last_name: 'Madison', email: 'james@example.org', phone: '555-010-1787' };
const donation = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'James',
  lastName: 'Madison',
  email: `james+${randomUUID().slice(0, 8)}@example.org`,
  phone: '555-010-1787',
  amount: '50.00',
  paymentMethod: 'card',
  isRecurring: false,
  ...overrides,
});
const patch = (path: string, body: unknown) =>
  app.request(path, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A $50.00 one-time process-payment request with a fresh tokenized card, as the spec's browser sends it. */
const tokenizedPayment = async () => ({
  amount: 5000,
  buyer,
  donation: donation(),
  paymentMethod: 'card',
  payment_method_id: await tokenFor(),
  provider: 'paytheory',
  tokenized: true,
  recurring: false,
});

/** A $50.00 one-time process-payment request without a token: a charge the browser made, or raw card fields. */
const untokenizedPayment = (extra: Record<string, unknown>) => ({
  amount: 5000,
  buyer,
  donation: donation(),
  paymentMethod: 'card',
  tokenized: false,
  ...extra,
});

describe('POST /api/process-payment', () => {
  it('charges a tokenized card once and reports the spec fields', async () => {
    const res = await post('/api/process-payment', await tokenizedPayment());
    expect(res.status).toBe(202);
    const body = (await res.json()) as { paymentId: string; donationId: string; amount: number; provider: string };
    expect(body).toMatchObject({ success: true, amount: 5000, provider: provider.name, status: 'queued' });
    expect(await settled(body.paymentId)).toMatchObject({ state: 'succeeded', amountCents: 5000 });
    expect(chargesFor(body.paymentId)).toHaveLength(1);
  });

  it('records a charge the browser made only after the provider confirms it', async () => {
    const charge = await chargeAsBrowser(5000);
    const res = await post('/api/process-payment', untokenizedPayment({ transactionId: charge.transactionId }));
    const body = (await res.json()) as { paymentId: string; donationId: string };
    expect(await settled(body.paymentId)).toMatchObject({ state: 'succeeded', transactionId: charge.transactionId });
    await expect
      .poll(async () => database.db.select().from(transactions).where(eq(transactions.donationId, body.donationId)))
      .toHaveLength(1);
  });

  it('exchanges raw card fields for a token when the fallback is on, and never keeps them', async () => {
    const res = await post(
      '/api/process-payment',
      untokenizedPayment({
        formData: { cardNumber: '4111 1111 1111 1111', expiryDate: '12/35', cvv: '123', billingZip: '19106' },
      }),
    );
    expect(res.status).toBe(202);
    const body = (await res.json()) as { paymentId: string };
    expect(await settled(body.paymentId)).toMatchObject({ state: 'succeeded' });
    const [row] = await database.db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(JSON.stringify(row)).not.toContain('4111');
  });

  it.each([
    ['an amount in cents that does not match', { amount: 4999 }, 'The amount in cents does not match the amount.'],
    ['bank transfer', { paymentMethod: 'bank' }, 'No supported method found'],
    ['neither a token nor a reported charge', { tokenized: false }, 'No supported method found'],
    [
      'a bad card',
      { formData: { cardNumber: '4111 1111 1111 1112', expiryDate: '12/35', cvv: '123', billingZip: '19106' } },
      'Unable to process payment information. Please verify your card details and try again.',
    ],
    [
      'a card without a billing ZIP',
      { formData: { cardNumber: '4111 1111 1111 1111', expiryDate: '12/35', cvv: '123' } },
      'Please enter the billing ZIP code of the card.',
    ],
  ])('refuses %s and stores nothing', async (_, overrides, message) => {
    const before = await database.db.select().from(donations);
    const res = await post('/api/process-payment', {
      amount: 5000,
      buyer,
      donation: donation(),
      paymentMethod: 'card',
      payment_method_id: 'pm_unused',
      tokenized: true,
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(message);
    expect(await database.db.select().from(donations)).toHaveLength(before.length);
  });
});

describe('GET /api/payments/:id', () => {
  it('answers 400 naming the problem for a waitMs that is not a whole number within the limit', async () => {
    const res = await post('/api/process-payment', await tokenizedPayment());
    expect(res.status).toBe(202);
    const { paymentId } = (await res.json()) as { paymentId: string };
    for (const waitMs of ['soon', '-1', '1.5', '999999999']) {
      const answer = await app.request(`/api/payments/${paymentId}?waitMs=${waitMs}`);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: 'INVALID_DATA', issues: [{ path: ['waitMs'] }] });
    }
    expect((await settled(paymentId)).state).toBe('succeeded');
  });
});

describe('POST /api/create-payment-method', () => {
  it('returns a payment method id for valid card fields, and 400 for invalid ones', async () => {
    const card = {
      card_number: '5454545454545454',
      security_code: '123',
      exp_date: { month: '12', year: '35' },
      postal_code: '19106',
    };
    const ok = await post('/api/create-payment-method', {
      merchant_uid: 'x',
      card,
      payor: { full_name: 'James Madison' },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { payment_method_id: string }).payment_method_id).toBeTruthy();
    const bad = await post('/api/create-payment-method', { card: { ...card, security_code: '1' } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).not.toContain('5454');
  });
});

describe('reports from the spec client', () => {
  it('PATCH /api/donations/:id/status verifies the reported charge before completing the donation', async () => {
    const created = await post('/api/donations', donation({ amount: '20.00' }));
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: string } };
    const charge = await chargeAsBrowser(2000);
    const res = await patch(`/api/donations/${data.id}/status`, {
      status: 'completed',
      payTheoryPaymentId: charge.transactionId,
    });
    expect(res.status).toBe(202);
    const { paymentId } = (await res.json()) as { paymentId: string };
    expect(await settled(paymentId)).toMatchObject({ state: 'succeeded' });
    await expect
      .poll(async () => (await database.db.select().from(donations).where(eq(donations.id, data.id)))[0]?.status)
      .toBe('completed');

    // POST /api/transactions for it points at the same payment; it writes nothing itself.
    const tx = await post('/api/transactions', {
      donationId: data.id,
      providerTransactionId: charge.transactionId,
      amount: 1,
    });
    expect(tx.status).toBe(202);
    expect(((await tx.json()) as { paymentId: string }).paymentId).toBe(paymentId);
    expect(await database.db.select().from(transactions).where(eq(transactions.donationId, data.id))).toHaveLength(1);
  });

  it('answers 404 for reports about donations that do not exist', async () => {
    expect(
      (await patch(`/api/donations/${randomUUID()}/status`, { status: 'completed', payTheoryPaymentId: 'x' })).status,
    ).toBe(404);
    expect((await post('/api/transactions', { donationId: randomUUID() })).status).toBe(404);
  });
});

describe('duplicate jobs', () => {
  it('charge once when the same charge job is published again and again', async () => {
    const res = await post('/api/donations', donation({ paymentMethodToken: await tokenFor() }));
    const { paymentId } = PaymentAccepted.parse(await res.json());
    const again = () =>
      queues
        .queue(QUEUES.charges)
        .add(JOBS.charge, { paymentId }, { ...JOB_OPTIONS[JOBS.charge], jobId: jobIdOf(JOBS.charge, paymentId) });
    await Promise.all([again(), again(), again()]);
    expect((await settled(paymentId)).state).toBe('succeeded');
    // Even a job under another id (a replay after the first was removed) finds the payment settled.
    await queues
      .queue(QUEUES.charges)
      .add(JOBS.charge, { paymentId }, { ...JOB_OPTIONS[JOBS.charge], jobId: `replay-${paymentId}` });
    await new Promise((r) => setTimeout(r, 500));
    expect(chargesFor(paymentId)).toHaveLength(1);
  });
});
