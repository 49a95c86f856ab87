import { randomUUID } from 'node:crypto';
import { EventDetail, EventList } from '@pillars/contracts';
import {
  AdminEvent,
  AdminEventList,
  AdminEventSaved,
  EventCancelled,
  eventCancelMessages,
  eventMessages,
} from '@pillars/contracts/admin';
import { auditLog, eventPlaces, eventRegistrations, outboundEmails } from '@pillars/platform/db';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminRequests, signedInAdmin, useAdminTestApp } from '../../../test/admin-app';
import { asAdmin } from '../../../test/admin-session';
import { registrationRefusals } from '../../registrations/registrations.service';

/** Events authoring on real PostgreSQL and a real queue: the admin API and what the public then sees. */
const now = new Date('2026-06-01T12:00:00Z');
const suite = await useAdminTestApp({ now: () => now });
const { app, db } = suite;
const { cookie } = await signedInAdmin(suite);
const { send } = adminRequests(suite, cookie, '/api/admin/events');
const unique = () => randomUUID().slice(0, 8);

const draft = (extra: Record<string, unknown> = {}) => ({
  title: `Liberty Gala ${unique()}`,
  description: 'An evening.\n\nWith dinner.',
  startDate: '2026-07-04T22:00:00.000Z',
  endDate: '2026-07-05T02:00:00.000Z',
  location: 'Independence Hall',
  status: 'published',
  ...extra,
});

async function create(extra: Record<string, unknown> = {}) {
  const res = await send('POST', '', draft(extra));
  expect(res.status).toBe(201);
  return AdminEventSaved.parse(await res.json()).data;
}

async function errorOf(res: Response, status: number) {
  expect(res.status).toBe(status);
  return ((await res.json()) as { error: string }).error;
}

async function register(eventId: string, status = 'pending') {
  const [row] = await db
    .insert(eventRegistrations)
    .values({
      eventId,
      firstName: 'Ann',
      lastName: 'Lee',
      email: `ann+${unique()}@example.org`,
      phone: '555-010-1776',
      status,
    })
    .returning();
  if (!row) throw new Error('no registration');
  return row;
}

describe('admin events: access', () => {
  it('answers 401 without a session and 403 to a cross-site write', async () => {
    expect((await app.request('/api/admin/events')).status).toBe(401);
    const crossSite = { ...asAdmin(cookie), 'sec-fetch-site': 'cross-site' };
    expect((await send('POST', '', draft(), crossSite)).status).toBe(403);
    expect((await send('GET', `/${randomUUID()}`)).status).toBe(404);
    expect((await send('GET', '/not-a-uuid')).status).toBe(404);
  });
});

describe('admin events: validation', () => {
  it.each([
    [{ endDate: '2026-07-04T21:00:00.000Z' }, eventMessages.endBeforeStart],
    [{ imageUrl: '/images/gala.jpg' }, eventMessages.altRequired],
    [{ price: 12.5 }, eventMessages.priceWhole],
    [{ price: -1 }, eventMessages.priceWhole],
    [{ capacity: 2.5 }, eventMessages.capacityWhole],
    [{ capacity: 0 }, eventMessages.capacityWhole],
    [{ title: 'x'.repeat(201) }, eventMessages.tooLong('title', 200)],
    [{ slug: 'Not A Slug' }, eventMessages.slugInvalid],
    [{ startDate: '' }, eventMessages.dateInvalid],
    [
      {
        pricingTiers: [
          { id: 'vip', name: 'VIP', price: 100 },
          { id: 'vip', name: 'Also VIP', price: 200 },
        ],
      },
      eventMessages.tierIdTaken('vip'),
    ],
    [{ pricingTiers: [{ id: 'general', name: 'General', price: 100, capacity: 1.5 }] }, eventMessages.capacityWhole],
    [{ pricingTiers: [{ id: 'Bad Id', name: 'General', price: 100 }] }, eventMessages.tierIdInvalid],
  ])('refuses %j with a clear 400', async (extra, message) => {
    expect(await errorOf(await send('POST', '', draft(extra)), 400)).toBe(message);
  });
});

describe('admin events: addresses and states', () => {
  it('derives a unique slug from the title', async () => {
    const title = `Town Hall ${unique()}`;
    const first = await create({ title });
    const second = await create({ title });
    expect(second.slug).toBe(`${first.slug}-2`);
  });

  it('keeps drafts from the public, lists them to the admin, and publishes them', async () => {
    const { id, slug } = await create({ status: 'draft', title: `Secret ${unique()}` });
    expect((await app.request(`/api/events/${slug}`)).status).toBe(404);
    const publicList = EventList.parse(await (await app.request('/api/events')).json());
    expect(publicList.some((e) => e.id === id)).toBe(false);
    const registerRes = await app.request(`/api/events/${slug}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: id, firstName: 'A', lastName: 'B', email: 'a@example.org', phone: '5550101776' }),
    });
    expect(registerRes.status).toBe(404);

    const adminList = AdminEventList.parse(await (await send('GET', '?status=draft')).json());
    expect(adminList.data.map((e) => e.id)).toContain(id);
    const found = AdminEventList.parse(await (await send('GET', `?q=${encodeURIComponent(slug)}`)).json());
    expect(found.data.map((e) => e.id)).toEqual([id]);

    const full = AdminEvent.parse(await (await send('GET', `/${id}`)).json());
    expect((await send('PUT', `/${id}`, { ...draft(), title: full.title, slug, status: 'published' })).status).toBe(
      200,
    );
    const detail = EventDetail.parse(await (await app.request(`/api/events/${slug}`)).json());
    expect(detail.status).toBe('published');
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(['event.created', 'event.updated']);
  });

  it('redirects a published event’s former slug to its new one, in the API and for the page', async () => {
    const { id, slug } = await create();
    const res = await send('PUT', `/${id}`, draft({ slug: `${slug}-renamed` }));
    expect(res.status).toBe(200);
    expect(AdminEventSaved.parse(await res.json()).data.slug).toBe(`${slug}-renamed`);
    const old = await app.request(`/api/events/${slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/api/events/${slug}-renamed`);
    expect((await app.request(`/api/events/${slug}-renamed`)).status).toBe(200);
    // The old address is kept for this event: another event cannot take it.
    expect((await create({ title: 'Whatever', slug })).slug).toBe(`${slug}-2`);
  });

  it('refuses to delete an event with registrations, and deletes one without', async () => {
    const taken = await create();
    await register(taken.id);
    expect(await errorOf(await send('DELETE', `/${taken.id}`), 409)).toBe(eventMessages.hasRegistrations);
    const empty = await create();
    expect((await send('DELETE', `/${empty.id}`)).status).toBe(200);
    expect((await send('GET', `/${empty.id}`)).status).toBe(404);
  });

  it('cancelling e-mails each registrant once, releases places, shows the event cancelled and takes no registrations', async () => {
    const { id, slug } = await create({ capacity: 10 });
    const people = [await register(id), await register(id, 'paid'), await register(id, 'cancelled')];
    // A save cannot cancel: only the cancel action, which refunds what was paid.
    expect(await errorOf(await send('PUT', `/${id}`, draft({ slug, capacity: 10, status: 'cancelled' })), 409)).toBe(
      eventCancelMessages.useCancel,
    );
    const cancel = () => send('POST', `/${id}/cancel`, { paidRegistrations: 0, refundTotalCents: 0 });
    const first = await cancel();
    expect(first.status).toBe(202);
    expect(EventCancelled.parse(await first.json()).data).toMatchObject({
      status: 'cancelled',
      progress: { total: 0, queued: 0, done: 0, failed: 0 },
    });
    const mails = () =>
      db
        .select()
        .from(outboundEmails)
        .where(
          and(
            eq(outboundEmails.kind, 'event-cancelled'),
            inArray(
              outboundEmails.subjectId,
              people.map((p) => p.id),
            ),
          ),
        );
    const sent = await mails();
    expect(sent.map((m) => m.subjectId).sort()).toEqual([people[0]?.id, people[1]?.id].sort());
    // Asked again, or cancelled again after a return to published: nobody hears twice.
    expect((await cancel()).status).toBe(200);
    expect((await send('PUT', `/${id}`, draft({ slug, capacity: 10, status: 'published' }))).status).toBe(200);
    expect((await cancel()).status).toBe(202);
    expect(await mails()).toHaveLength(2);
    const places = await db.select().from(eventPlaces).where(eq(eventPlaces.eventId, id));
    expect(places.map((p) => [p.tierId, p.taken])).toEqual([['', 0]]);
    const statuses = await db
      .select({ status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, id));
    expect(statuses.map((r) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);
    expect(audit.filter((a) => a.action === 'event.cancelled')[0]?.after).toMatchObject({
      status: 'cancelled',
      registrantsEmailed: 2,
      registrationsReleased: 2,
      refundsQueued: 0,
      refundTotalCents: 0,
    });

    expect(EventDetail.parse(await (await app.request(`/api/events/${slug}`)).json()).status).toBe('cancelled');
    const publicList = EventList.parse(await (await app.request('/api/events')).json());
    expect(publicList.some((e) => e.id === id)).toBe(false);
    const adminList = AdminEventList.parse(await (await send('GET', '?status=cancelled')).json());
    expect(adminList.data.find((e) => e.id === id)).toMatchObject({ status: 'cancelled', registrations: 0 });
    const registerRes = await app.request(`/api/events/${slug}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: id, firstName: 'A', lastName: 'B', email: 'a@example.org', phone: '5550101776' }),
    });
    expect(await errorOf(registerRes, 409)).toBe(registrationRefusals.cancelled);
  });

  it('refuses a cancellation whose confirmed figures are out of date, of a draft, or with a bad body, changing nothing', async () => {
    const { id } = await create();
    await register(id);
    const stale = await send('POST', `/${id}/cancel`, { paidRegistrations: 1, refundTotalCents: 2500 });
    expect(await errorOf(stale, 409)).toBe(eventCancelMessages.figuresChanged(0, '0.00'));
    const bad = await send('POST', `/${id}/cancel`, { paidRegistrations: 'one', refundTotalCents: 1.5 });
    expect(await errorOf(bad, 400)).toMatch(/must be a whole number/);
    expect(AdminEvent.parse(await (await send('GET', `/${id}`)).json())).toMatchObject({
      status: 'published',
      registrations: 1,
    });
    const draftEvent = await create({ status: 'draft' });
    expect(
      await errorOf(await send('POST', `/${draftEvent.id}/cancel`, { paidRegistrations: 0, refundTotalCents: 0 }), 409),
    ).toBe(eventCancelMessages.notPublished);
    expect((await send('POST', `/${randomUUID()}/cancel`, { paidRegistrations: 0, refundTotalCents: 0 })).status).toBe(
      404,
    );
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => a.action)).toEqual(['event.created']);
  });

  it('charges no fee for a registration of a cancelled event', async () => {
    const { id } = await create({ requiresPayment: true, price: 2500 });
    const [pending] = await db
      .insert(eventRegistrations)
      .values({
        eventId: id,
        firstName: 'Ann',
        lastName: 'Lee',
        email: `ann+${unique()}@example.org`,
        phone: '555-010-1776',
        paymentAmount: 2500,
      })
      .returning();
    expect((await send('POST', `/${id}/cancel`, { paidRegistrations: 0, refundTotalCents: 0 })).status).toBe(202);
    const pay = await app.request(`/api/event-registrations/${pending?.id ?? ''}/payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paymentMethodToken: 'ptt_test_token' }),
    });
    expect(await errorOf(pay, 409)).toBe(registrationRefusals.cancelled);
  });
});

describe('admin events: places', () => {
  const tiers = (vipCapacity: number | null) => [
    { id: 'general', name: 'General', price: 2500, description: '', benefits: ['Seat'] },
    { id: 'vip', name: 'VIP', price: 9000, description: 'Front', benefits: ['Dinner'], capacity: vipCapacity },
  ];
  const placesOf = async (eventId: string) =>
    (await db.select().from(eventPlaces).where(eq(eventPlaces.eventId, eventId)))
      .map(({ tierId, capacity, taken }) => ({ tierId, capacity, taken }))
      .sort((a, b) => a.tierId.localeCompare(b.tierId));

  it('keeps event_places rows in step with the capacities saved', async () => {
    const body = (capacity: number | null, vip: number | null) =>
      draft({ requiresPayment: true, capacity, pricingTiers: tiers(vip) });
    const { id, slug } = await create(body(10, 4));
    expect(await placesOf(id)).toEqual([
      { tierId: '', capacity: 10, taken: 0 },
      { tierId: 'vip', capacity: 4, taken: 0 },
    ]);
    await db.update(eventPlaces).set({ taken: 3 }).where(eq(eventPlaces.eventId, id));

    expect((await send('PUT', `/${id}`, { ...body(12, 3), slug })).status).toBe(200);
    expect(await placesOf(id)).toEqual([
      { tierId: '', capacity: 12, taken: 3 },
      { tierId: 'vip', capacity: 3, taken: 3 },
    ]);
    expect(await errorOf(await send('PUT', `/${id}`, { ...body(12, 2), slug }), 409)).toBe(
      eventMessages.placesTaken(3),
    );
    expect(await errorOf(await send('PUT', `/${id}`, { ...body(2, 3), slug }), 409)).toBe(eventMessages.placesTaken(3));
    // Refused saves change nothing.
    expect((await placesOf(id)).map((p) => p.capacity)).toEqual([12, 3]);

    expect((await send('PUT', `/${id}`, { ...body(null, 5), slug })).status).toBe(200);
    expect(await placesOf(id)).toEqual([{ tierId: 'vip', capacity: 5, taken: 3 }]);
    const saved = AdminEvent.parse(await (await send('GET', `/${id}`)).json());
    expect(saved.capacity).toBeNull();
    expect(saved.pricingTiers.find((t) => t.id === 'vip')?.capacity).toBe(5);
    const listed = AdminEventList.parse(await (await send('GET', `?q=${slug}`)).json()).data[0];
    expect(listed?.placesTaken).toBe(3);
    expect(EventDetail.parse(await (await app.request(`/api/events/${slug}`)).json()).pricingTiers).toHaveLength(2);
  });

  it('starts a limit added later from the places its registrations already hold', async () => {
    const body = (capacity: number | null, vip: number | null) =>
      draft({ requiresPayment: true, capacity, pricingTiers: tiers(vip) });
    const { id, slug } = await create(body(null, null));
    const vip = await register(id, 'paid');
    await db.update(eventRegistrations).set({ selectedTier: 'vip' }).where(eq(eventRegistrations.id, vip.id));
    await register(id, 'pending');
    await register(id, 'cancelled');

    expect(await errorOf(await send('PUT', `/${id}`, { ...body(1, null), slug }), 409)).toBe(
      eventMessages.placesTaken(2),
    );
    expect(await placesOf(id)).toEqual([]);
    expect((await send('PUT', `/${id}`, { ...body(5, 3), slug })).status).toBe(200);
    expect(await placesOf(id)).toEqual([
      { tierId: '', capacity: 5, taken: 2 },
      { tierId: 'vip', capacity: 3, taken: 1 },
    ]);
  });
});
