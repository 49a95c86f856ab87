import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { type ServerType, serve } from '@hono/node-server';
import { ApiError, EventDetail, EventList, RegistrationSummaryResponse, placesMessages } from '@pillars/contracts';
import { eventPlaces, eventRegistrations, events, payments } from '@pillars/platform/db';
import { flushOutboxMarks } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { PLACE_HOLD_MINUTES, PaymentLedger, releaseExpiredHolds, releasePlaces } from '@pillars/money';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { testApp, useAppInfra } from '../../test/test-app';

// Capacity at registration time (docs/decisions/022): places taken in the accept statement, the
// CHECK refusing the last place twice, holds of unpaid registrations and their release.
const database = await useTestDatabase();
const { db } = database;
const infra = await useAppInfra(database);
let clock = new Date('2026-06-01T12:00:00Z');
const now = () => clock;
const app = testApp(database, { ...infra, now });

// Real HTTP for the race: concurrent requests over sockets, each on its own pooled connection.
const server: ServerType = serve({ fetch: (request: Request) => app.fetch(request), hostname: '127.0.0.1', port: 0 });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  const http = server as Server;
  const closed = new Promise<void>((resolve) => http.close(() => resolve()));
  http.closeAllConnections();
  await closed;
  await flushOutboxMarks(db);
});

const tiers = [
  { id: 'general', name: 'General', price: 4500, description: 'Entry', benefits: ['Seat'] },
  { id: 'vip', name: 'VIP', price: 12500, description: 'Front rows', benefits: ['Dinner'] },
];
const ids: Record<string, string> = {};
const start = new Date('2026-07-04T14:00:00Z');
const end = new Date('2026-07-04T18:00:00Z');

async function limitedEvent(slug: string, places: Record<string, number>, extra: Partial<typeof events.$inferInsert>) {
  const [row] = await db
    .insert(events)
    .values({ slug, title: `Event ${slug}`, location: 'Hall', startDate: start, endDate: end, ...extra })
    .returning({ id: events.id });
  if (!row) throw new Error('no event');
  ids[slug] = row.id;
  const rows = Object.entries(places).map(([tierId, capacity]) => ({ eventId: row.id, tierId, capacity }));
  if (rows.length > 0) await db.insert(eventPlaces).values(rows);
}

beforeAll(async () => {
  await limitedEvent('free-race', { '': 3 }, { capacity: 3 });
  await limitedEvent(
    'tiered',
    { '': 4, vip: 1 },
    { capacity: 4, requiresPayment: true, pricingTiers: JSON.stringify(tiers) },
  );
  await limitedEvent('paid', { '': 5 }, { capacity: 5, requiresPayment: true, price: 3500 });
  await limitedEvent('unlimited', {}, { requiresPayment: true, price: 3500 });
});

const person = (firstName = 'John') => ({
  firstName,
  lastName: 'Hancock',
  email: `john+${randomUUID().slice(0, 8)}@example.org`,
  phone: '555-010-1776',
});

function register(slug: string, extra: Record<string, unknown> = {}, key = randomUUID()) {
  return fetch(`${apiUrl}/api/events/${slug}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ ...person(), eventId: ids[slug], ...extra }),
  });
}

async function registrationId(res: Response): Promise<string> {
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { registrationId: string } }).data.registrationId;
}

const pay = (id: string) =>
  fetch(`${apiUrl}/api/event-registrations/${id}/payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ paymentMethodToken: 'pm_places' }),
  });

async function taken(slug: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ tierId: eventPlaces.tierId, taken: eventPlaces.taken })
    .from(eventPlaces)
    .where(eq(eventPlaces.eventId, ids[slug] ?? ''));
  return Object.fromEntries(rows.map((row) => [row.tierId, row.taken]));
}

/** Registrations of an event that hold a place: every one not cancelled (docs/decisions/022). */
async function holding(slug: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, ids[slug] ?? ''), sql`${eventRegistrations.status} <> 'cancelled'`));
  return row?.n ?? 0;
}

const messageOf = async (res: Response) => ApiError.parse(await res.json()).error;

const registrationRow = async (id: string) =>
  (await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0];

const minutes = (n: number) => new Date(clock.getTime() + n * 60_000);

describe('the last places, raced', () => {
  it('gives the last place to exactly one of many concurrent registrations', async () => {
    // Two of three places go first, then 8 requests race for the last one.
    await registrationId(await register('free-race'));
    await registrationId(await register('free-race'));
    const answers = await Promise.all(Array.from({ length: 8 }, () => register('free-race')));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(await messageOf(res)).toBe(placesMessages.eventSoldOut);
    }
    expect(await taken('free-race')).toEqual({ '': 3 });
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, ids['free-race'] ?? ''));
    expect(count?.n).toBe(3);
    const detail = EventDetail.parse(await (await fetch(`${apiUrl}/api/events/free-race`)).json());
    expect(detail.placesLeft).toBe(0);
  });

  it('refuses a tier beyond its own limit by name, while the event still has places', async () => {
    const first = await registrationId(await register('tiered', { selectedTier: 'vip' }));
    const second = await register('tiered', { selectedTier: 'vip' });
    expect(second.status).toBe(409);
    expect(await messageOf(second)).toBe(placesMessages.tierSoldOut('VIP'));
    await registrationId(await register('tiered', { selectedTier: 'general' }));
    expect(await taken('tiered')).toEqual({ '': 2, vip: 1 });
    expect((await registrationRow(first))?.placeHeldUntil).toEqual(minutes(PLACE_HOLD_MINUTES));

    const detail = EventDetail.parse(await (await fetch(`${apiUrl}/api/events/tiered`)).json());
    expect(detail.placesLeft).toBe(2);
    expect(detail.pricingTiers.map((tier) => [tier.id, tier.placesLeft])).toEqual([
      ['general', 2],
      ['vip', 0],
    ]);
    const list = EventList.parse(await (await fetch(`${apiUrl}/api/events`)).json());
    expect(list.find((e) => e.slug === 'tiered')?.placesLeft).toBe(2);
    expect(list.find((e) => e.slug === 'unlimited')?.placesLeft).toBeNull();
  });

  it('takes no second place when a request is replayed with its key', async () => {
    const before = (await taken('paid'))[''];
    const key = randomUUID();
    const body = person('Replay');
    const first = await registrationId(await register('paid', body, key));
    const again = await registrationId(await register('paid', body, key));
    expect(again).toBe(first);
    expect((await taken('paid'))['']).toBe((before ?? 0) + 1);
  });

  it('holds nothing for an event without a capacity', async () => {
    const id = await registrationId(await register('unlimited'));
    expect((await registrationRow(id))?.placeHeldUntil).toBeNull();
  });
});

describe('holds of unpaid registrations', () => {
  it('releases a hold past its end: cancelled, its place back, and it can no longer pay', async () => {
    const id = await registrationId(await register('paid'));
    const before = (await taken('paid'))[''] ?? 0;
    expect(await releaseExpiredHolds(db, minutes(PLACE_HOLD_MINUTES - 1))).toEqual([]);

    const summary = async () =>
      RegistrationSummaryResponse.parse(await (await fetch(`${apiUrl}/api/event-registrations/${id}`)).json()).data;
    expect((await summary()).reservationExpired).toBe(false);

    // Past the hold but before the job: the payment page is already refused.
    clock = minutes(PLACE_HOLD_MINUTES + 1);
    const late = await pay(id);
    expect(late.status).toBe(409);
    expect(await messageOf(late)).toBe(placesMessages.holdExpired);
    expect((await summary()).reservationExpired).toBe(true);

    // Every hold that ended goes (the replayed registration's too), each place once.
    const released = await releaseExpiredHolds(db, clock);
    expect(released).toContain(id);
    expect(await registrationRow(id)).toMatchObject({ status: 'cancelled', placeHeldUntil: null });
    expect((await taken('paid'))['']).toBeLessThan(before);
    expect((await taken('paid'))['']).toBe(await holding('paid'));
    expect((await taken('tiered'))['']).toBe(await holding('tiered'));
    expect((await summary()).reservationExpired).toBe(true);
    const refused = await pay(id);
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(placesMessages.holdExpired);
    // A second run frees nothing more.
    expect(await releaseExpiredHolds(db, clock)).toEqual([]);
    expect((await taken('paid'))['']).toBe(await holding('paid'));
  });

  it('never releases a registration whose payment is under way, and the payment keeps the place', async () => {
    const id = await registrationId(await register('paid'));
    clock = minutes(PLACE_HOLD_MINUTES - 1);
    expect((await pay(id)).status).toBe(202);
    clock = minutes(2 * PLACE_HOLD_MINUTES);
    expect(await releaseExpiredHolds(db, clock)).not.toContain(id);
    expect((await registrationRow(id))?.status).toBe('pending');
    expect((await taken('paid'))['']).toBe(await holding('paid'));
    expect((await taken('paid'))['']).toBeGreaterThan(0);

    // The payment succeeds: the registration is paid and holds its place for good.
    const [payment] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.kind, 'registration'), eq(payments.recordId, id)));
    await db
      .update(payments)
      .set({ state: 'succeeded', providerTransactionId: `tx_${randomUUID()}` })
      .where(eq(payments.id, payment?.id ?? ''));
    const ledger = new PaymentLedger(db, infra.queues, createLogger({ level: 'silent' }));
    expect(await ledger.completeRecord(payment?.id ?? '')).toBe('completed');
    expect(await registrationRow(id)).toMatchObject({ status: 'paid', placeHeldUntil: null });
  });

  it('gives a place back once however often a registration is released', async () => {
    const id = await registrationId(await register('paid'));
    const before = (await taken('paid'))[''] ?? 0;
    const which = sql`SELECT ${id}::uuid`;
    expect(await releasePlaces(db, which)).toEqual([id]);
    expect(await releasePlaces(db, which)).toEqual([]);
    expect((await taken('paid'))['']).toBe(before - 1);
  });
});

describe('GET /api/events/:slug/calendar.ics', () => {
  it('serves the event as an attachment, its times in UTC', async () => {
    const res = await fetch(`${apiUrl}/api/events/tiered/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tiered.ics"');
    const ics = (await res.text()).replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('DTSTART:20260704T140000Z');
    expect(ics).toContain('DTEND:20260704T180000Z');
    expect(ics).toContain('SUMMARY:Event tiered');
    expect(ics).toContain(`UID:event-${ids.tiered ?? ''}@`);
  });

  it('answers 404 for an unknown or draft event', async () => {
    expect((await fetch(`${apiUrl}/api/events/nowhere/calendar.ics`)).status).toBe(404);
    await limitedEvent('draft-day', {}, { status: 'draft' });
    expect((await fetch(`${apiUrl}/api/events/draft-day/calendar.ics`)).status).toBe(404);
  });
});
