import { randomUUID } from 'node:crypto';
import { type PaymentState, eventPlaces, eventRegistrations, events } from '@pillars/platform/db';
import { createLogger } from '@pillars/platform/logger';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { insertPayment } from '../../test/payment-rows';
import { releaseExpiredHoldsProcessor } from './release-expired-holds.processor';

// release-expired-holds on real PostgreSQL with the test's clock (docs/decisions/022): holds are
// seeded as the registration path leaves them (a place taken, place_held_until set).
const database = await useTestDatabase();
const { db } = database;
const logger = createLogger({ level: 'silent' });
const at = new Date('2026-06-01T12:00:00Z');
const minute = 60_000;

const tiers = [{ id: 'vip', name: 'VIP', price: 12500, description: 'Front rows', benefits: [] }];

async function event(): Promise<string> {
  const [row] = await db
    .insert(events)
    .values({
      slug: `gala-${randomUUID().slice(0, 8)}`,
      title: 'Gala',
      location: 'Hall',
      startDate: new Date('2026-07-04T14:00:00Z'),
      endDate: new Date('2026-07-04T18:00:00Z'),
      requiresPayment: true,
      pricingTiers: JSON.stringify(tiers),
      capacity: 10,
    })
    .returning({ id: events.id });
  if (!row) throw new Error('no event');
  await db.insert(eventPlaces).values([
    { eventId: row.id, tierId: '', capacity: 10, taken: 0 },
    { eventId: row.id, tierId: 'vip', capacity: 3, taken: 0 },
  ]);
  return row.id;
}

/** A vip registration holding its places until `heldUntil`, with a payment in `payment` state (if any). */
async function held(eventId: string, heldUntil: Date, payment?: PaymentState): Promise<string> {
  const [row] = await db
    .insert(eventRegistrations)
    .values({
      eventId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      phone: '555-010-1776',
      selectedTier: 'vip',
      paymentAmount: 12500,
      placeHeldUntil: heldUntil,
    })
    .returning({ id: eventRegistrations.id });
  if (!row) throw new Error('no registration');
  // The places it took (one of the event's, one of its tier's), as the accept statement takes them.
  await db.update(eventPlaces).set({ taken: 1 }).where(eq(eventPlaces.eventId, eventId));
  if (payment) await insertPayment(db, { kind: 'registration', recordId: row.id, amountCents: 12500, state: payment });
  return row.id;
}

const placesOf = async (eventId: string) =>
  Object.fromEntries(
    (await db.select().from(eventPlaces).where(eq(eventPlaces.eventId, eventId))).map((row) => [row.tierId, row.taken]),
  );
const statusOf = async (id: string) =>
  (await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0]?.status;

describe('release-expired-holds', () => {
  it('cancels an ended hold and gives back its event and tier places', async () => {
    const eventId = await event();
    const id = await held(eventId, new Date(at.getTime() - minute));
    expect(await releaseExpiredHoldsProcessor({ db, logger, now: () => at })()).toEqual({ released: 1 });
    expect(await statusOf(id)).toBe('cancelled');
    expect(await placesOf(eventId)).toEqual({ '': 0, vip: 0 });
  });

  it('leaves a live hold, and one whose payment is queued, processing or succeeded', async () => {
    for (const state of ['queued', 'processing', 'succeeded'] as const) {
      const eventId = await event();
      const id = await held(eventId, new Date(at.getTime() - minute), state);
      expect(await releaseExpiredHoldsProcessor({ db, logger, now: () => at })()).toEqual({ released: 0 });
      expect(await statusOf(id)).toBe('pending');
      expect(await placesOf(eventId)).toEqual({ '': 1, vip: 1 });
    }
    const eventId = await event();
    const live = await held(eventId, new Date(at.getTime() + minute));
    expect(await releaseExpiredHoldsProcessor({ db, logger, now: () => at })()).toEqual({ released: 0 });
    expect(await statusOf(live)).toBe('pending');
  });

  it('releases a hold whose payment failed, batch after batch', async () => {
    const eventIds = [await event(), await event(), await event()];
    for (const eventId of eventIds) await held(eventId, new Date(at.getTime() - minute), 'failed');
    expect(await releaseExpiredHoldsProcessor({ db, logger, now: () => at, batch: 2 })()).toEqual({ released: 3 });
    for (const eventId of eventIds) expect(await placesOf(eventId)).toEqual({ '': 0, vip: 0 });
  });
});
