import { ApiError, EventDetail, EventList } from '@pillars/contracts';
import { events, seedDemoContent } from '@pillars/platform/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { testApp, useAppInfra } from '../../test/test-app';

const database = await useTestDatabase();
const infra = await useAppInfra(database);
const seeded = await useTestDatabase();
const now = new Date('2026-06-01T12:00:00Z');
const app = testApp(database, { ...infra, now: () => now });

const tiers = [
  { id: 'general', name: 'General', price: 4500, description: 'Entry', benefits: ['Seat'] },
  { id: 'vip', name: 'VIP', price: 12500, description: 'Best seats', benefits: ['Front row', 'Dinner'] },
];

const event = (slug: string, start: string, hours: number, extra: Partial<typeof events.$inferInsert> = {}) => ({
  slug,
  title: `Event ${slug}`,
  location: 'Independence Hall, Philadelphia, PA',
  startDate: new Date(start),
  endDate: new Date(new Date(start).getTime() + hours * 3_600_000),
  ...extra,
});

beforeAll(async () => {
  await database.db.insert(events).values([
    event('later', '2026-07-04T14:00:00Z', 2, { description: 'Fireworks', imageUrl: '/images/events/later.svg' }),
    event('past', '2026-05-01T14:00:00Z', 2),
    event('in-progress', '2026-06-01T11:00:00Z', 3),
    event('sooner', '2026-06-10T22:00:00Z', 2, { requiresPayment: true, price: 3500 }),
    event('tiered', '2026-08-01T13:00:00Z', 8, { requiresPayment: true, pricingTiers: JSON.stringify(tiers) }),
    event('broken-tiers', '2026-09-01T13:00:00Z', 2, {
      requiresPayment: true,
      price: 2000,
      pricingTiers: '[{"id": "early", ',
    }),
  ]);
});

describe('GET /api/events', () => {
  it('lists only events that have not ended, soonest first', async () => {
    const res = await app.request('/api/events');
    expect(res.status).toBe(200);
    const list = EventList.parse(await res.json());
    expect(list.map((e) => e.slug)).toEqual(['in-progress', 'sooner', 'later', 'tiered', 'broken-tiers']);
  });

  it('returns list items: optional description and image, no detail fields', async () => {
    const res = await app.request('/api/events');
    const [first, , later] = (await res.json()) as Record<string, unknown>[];
    expect(later).toMatchObject({
      description: 'Fireworks',
      imageUrl: '/images/events/later.svg',
      startDate: '2026-07-04T14:00:00.000Z',
    });
    expect(first).toMatchObject({ description: null, imageUrl: null });
    expect(first).not.toHaveProperty('endDate');
    expect(first).not.toHaveProperty('pricingTiers');
  });
});

describe('GET /api/events/:slug', () => {
  it('returns the detail of a paid event with a direct price', async () => {
    const body = EventDetail.parse(await (await app.request('/api/events/sooner')).json());
    expect(body).toMatchObject({
      requiresPayment: true,
      price: 3500,
      pricingTiers: [],
      endDate: '2026-06-11T00:00:00.000Z',
    });
  });

  it('parses pricing tiers into a list', async () => {
    const body = EventDetail.parse(await (await app.request('/api/events/tiered')).json());
    expect(body.pricingTiers).toEqual(tiers.map((tier) => ({ ...tier, placesLeft: null })));
  });

  it('treats invalid pricing tier JSON as no tiers', async () => {
    const res = await app.request('/api/events/broken-tiers');
    expect(res.status).toBe(200);
    expect(EventDetail.parse(await res.json())).toMatchObject({ pricingTiers: [], price: 2000 });
  });

  it('still shows an event that is over, for links shared earlier', async () => {
    expect((await app.request('/api/events/past')).status).toBe(200);
  });

  it.each(['/api/events/no-such-event', '/api/events/UPPER_case', '/api/events/%00'])(
    'answers 404 with a JSON error for %s',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(ApiError.parse(await res.json())).toMatchObject({ code: 'NOT_FOUND', error: 'Event not found' });
    },
  );
});

describe('demo content', () => {
  it('is served as the contracts describe, and seeding twice adds nothing', async () => {
    const seededApp = testApp(seeded, infra);
    const first = await seedDemoContent(seeded.db);
    const second = await seedDemoContent(seeded.db);
    expect(first.news).toBeGreaterThanOrEqual(6);
    expect(first.events).toBeGreaterThanOrEqual(4);
    expect(second).toEqual({ news: 0, events: 0 });

    const list = EventList.parse(await (await seededApp.request('/api/events')).json());
    expect(list).toHaveLength(first.events);
    const details = await Promise.all(
      list.map(async (e) => EventDetail.parse(await (await seededApp.request(`/api/events/${e.slug}`)).json())),
    );
    expect(details.some((d) => !d.requiresPayment && d.price === 0)).toBe(true);
    expect(details.some((d) => d.requiresPayment && d.price > 0 && d.pricingTiers.length === 0)).toBe(true);
    expect(details.some((d) => d.pricingTiers.some((t) => t.id === 'vip'))).toBe(true);
  });
});
