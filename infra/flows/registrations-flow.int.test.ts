import { randomUUID } from 'node:crypto';
import { eventRegistrations, events, outboundEmails, payments } from '@pillars/platform/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePaymentStack } from './payment-stack';
import { contactOf } from './people';

// Event registration and its payment: the fee comes from the database, never the browser.
const { database, app, post, settled, chargesFor, tokenFor, chargeAsBrowser } = await usePaymentStack('redis');

const tiers = [
  { id: 'general', name: 'General', price: 4500, description: 'Entry', benefits: ['Seat'] },
  { id: 'vip', name: 'VIP', price: 12500, description: 'Front rows', benefits: ['Dinner'] },
];
const ids: Record<string, string> = {};

beforeAll(async () => {
  const start = new Date(Date.now() + 7 * 86_400_000);
  const end = new Date(start.getTime() + 3_600_000);
  const rows = await database.db
    .insert(events)
    .values([
      { slug: 'free-day', title: 'Free Day', location: 'Hall', startDate: start, endDate: end },
      {
        slug: 'paid-direct',
        title: 'Breakfast',
        location: 'Hall',
        startDate: start,
        endDate: end,
        requiresPayment: true,
        price: 3500,
      },
      {
        slug: 'tiered',
        title: 'Summit',
        location: 'Hall',
        startDate: start,
        endDate: end,
        requiresPayment: true,
        pricingTiers: JSON.stringify(tiers),
      },
    ])
    .returning({ id: events.id, slug: events.slug });
  for (const row of rows) ids[row.slug] = row.id;
});

const person = () => ({
  ...contactOf('John', 'Hancock'),
  comments: 'Looking forward to it',
});

/** The confirmation e-mails queued for a registration. */
const confirmationsOf = (registrationId: string) =>
  database.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.kind, 'registration-confirmation'), eq(outboundEmails.subjectId, registrationId)));

/** The browser's report of a charge it made for a registration (the PATCH the spec's page sends). */
const reportCharge = (registrationId: string, payTheoryPaymentId: string, paymentAmount: number) =>
  app.request(`/api/event-registrations/${registrationId}/payment`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      payTheoryPaymentId,
      paymentAmount,
      paymentDetails: { status: 'SUCCEEDED', provider: 'paytheory', paymentMethod: 'card' },
    }),
  });

async function register(slug: string, extra: Record<string, unknown> = {}) {
  return post(`/api/events/${slug}/register`, { ...person(), eventId: ids[slug], ...extra });
}

describe('POST /api/events/:slug/register', () => {
  it('registers for a free event without a fee, and queues its confirmation with it, once', async () => {
    const body = { ...person(), eventId: ids['free-day'] };
    const key = randomUUID();
    const res = await post('/api/events/free-day/register', body, key);
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { registrationId: string } };
    const [row] = await database.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, data.registrationId));
    expect(row).toMatchObject({ status: 'pending', paymentAmount: 0, selectedTier: null });
    // The same request again (a retry with its key) answers the same and queues nothing more.
    expect((await post('/api/events/free-day/register', body, key)).status).toBe(201);
    expect(await confirmationsOf(data.registrationId)).toEqual([
      expect.objectContaining({ kind: 'registration-confirmation', recipient: body.email, state: 'queued' }),
    ]);
  });

  it('takes the tier price from the database, whatever the browser says', async () => {
    const res = await register('tiered', { selectedTier: 'vip', paymentAmount: 1 });
    const { data } = (await res.json()) as { data: { registrationId: string } };
    const detail = (await (await app.request(`/api/event-registrations/${data.registrationId}`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(detail.data).toMatchObject({ paymentAmount: 12500, selectedTier: 'vip', status: 'pending' });
    expect(detail.data).not.toHaveProperty('email');
  });

  it.each([
    ['a paid event without a ticket type', 'tiered', {}, 'Please select a ticket type'],
    ['a ticket type the event does not have', 'tiered', { selectedTier: 'platinum' }, 'Please select a ticket type'],
    ['a missing first name', 'free-day', { firstName: '' }, 'First name is required'],
    ['a bad e-mail', 'free-day', { email: 'x@' }, 'Please enter a valid email address'],
    ['a short phone', 'free-day', { phone: '12345' }, 'Please enter a valid phone number'],
  ])('refuses %s and stores nothing', async (_, slug, extra, message) => {
    const before = await database.db.select().from(eventRegistrations);
    const res = await register(slug, extra);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(message);
    expect(await database.db.select().from(eventRegistrations)).toHaveLength(before.length);
  });

  it('answers 404 for an unknown event', async () => {
    expect((await post('/api/events/no-such-event/register', { ...person(), eventId: randomUUID() })).status).toBe(404);
  });
});

describe('paying for a registration', () => {
  it('charges the direct event price once and marks the registration paid', async () => {
    const { data } = (await (await register('paid-direct')).json()) as { data: { registrationId: string } };
    const token = await tokenFor();
    const key = randomUUID();
    const [first, again] = await Promise.all([
      post(`/api/event-registrations/${data.registrationId}/payment`, { paymentMethodToken: token }, key),
      post(`/api/event-registrations/${data.registrationId}/payment`, { paymentMethodToken: token }),
    ]);
    const a = (await first.json()) as { paymentId: string };
    const b = (await again.json()) as { paymentId: string };
    expect(b.paymentId).toBe(a.paymentId);
    const status = await settled(a.paymentId);
    expect(status).toMatchObject({ state: 'succeeded', amountCents: 3500, kind: 'registration' });
    expect(chargesFor(a.paymentId)).toHaveLength(1);
    await expect
      .poll(
        async () =>
          (await database.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, data.registrationId)))[0]
            ?.status,
      )
      .toBe('paid');
    // The place is confirmed by e-mail once its fee is paid (update-status queues it), once.
    await expect.poll(async () => (await confirmationsOf(data.registrationId)).length).toBe(1);
  });

  it('verifies a charge the browser reports before marking anything paid', async () => {
    const { data } = (await (await register('tiered', { selectedTier: 'general' })).json()) as {
      data: { registrationId: string };
    };
    // A claim of a charge that never happened is refused by the worker.
    const claimed = await reportCharge(data.registrationId, 'pt_made_up', 4500);
    expect(claimed.status).toBe(202);
    const { paymentId } = (await claimed.json()) as { paymentId: string };
    expect(await settled(paymentId)).toMatchObject({ state: 'failed', failureCode: 'UNVERIFIED' });
    const [row] = await database.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, data.registrationId));
    expect(row?.status).toBe('pending');

    // A real charge of the right amount, made by the "browser", is accepted once verified.
    const charge = await chargeAsBrowser(4500);
    const reported = await reportCharge(data.registrationId, charge.transactionId, 1);
    const second = (await reported.json()) as { paymentId: string };
    expect(await settled(second.paymentId)).toMatchObject({ state: 'succeeded', amountCents: 4500 });
    const [paid] = await database.db.select().from(payments).where(eq(payments.id, second.paymentId));
    expect(paid?.providerTransactionId).toBe(charge.transactionId);

    // The same charge cannot pay for a second registration.
    const other = (await (await register('tiered', { selectedTier: 'general' })).json()) as {
      data: { registrationId: string };
    };
    const replay = await reportCharge(other.data.registrationId, charge.transactionId, 4500);
    expect(replay.status).toBe(409);
  });

  it('refuses to charge a registration an admin already confirmed, and queues no payment', async () => {
    const { data } = (await (await register('paid-direct')).json()) as { data: { registrationId: string } };
    await database.db
      .update(eventRegistrations)
      .set({ status: 'confirmed' })
      .where(eq(eventRegistrations.id, data.registrationId));
    const res = await post(`/api/event-registrations/${data.registrationId}/payment`, {
      paymentMethodToken: await tokenFor(),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'This registration is not awaiting payment.' });
    expect(await database.db.select().from(payments).where(eq(payments.recordId, data.registrationId))).toEqual([]);
  });

  it('refuses to take payment for a free event', async () => {
    const { data } = (await (await register('free-day')).json()) as { data: { registrationId: string } };
    const res = await post(`/api/event-registrations/${data.registrationId}/payment`, {
      paymentMethodToken: await tokenFor(),
    });
    expect(res.status).toBe(409);
  });
});
