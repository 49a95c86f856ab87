import type { EventDetail, EventListItem } from '@pillars/shared/contracts';
import { Slug, parsePricingTiers } from '@pillars/shared/contracts';
import { events } from '@pillars/shared/db';
import { asc, eq, gte } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';

const listColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  startDate: events.startDate,
  location: events.location,
  description: events.description,
  imageUrl: events.imageUrl,
};

export function eventsRoutes({ db, now = () => new Date() }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      // Upcoming means not yet over: an event that has started but not ended is still listed.
      const rows = await db
        .select(listColumns)
        .from(events)
        .where(gte(events.endDate, now()))
        .orderBy(asc(events.startDate), asc(events.id));
      return c.json(rows.map((r) => ({ ...r, startDate: r.startDate.toISOString() })) satisfies EventListItem[]);
    })
    .get('/:slug', async (c) => {
      const slug = c.req.param('slug');
      if (!Slug.safeParse(slug).success) throw notFound('Event');
      const [row] = await db.select().from(events).where(eq(events.slug, slug)).limit(1);
      if (!row) throw notFound('Event');
      return c.json({
        id: row.id,
        slug: row.slug,
        title: row.title,
        description: row.description,
        imageUrl: row.imageUrl,
        location: row.location,
        startDate: row.startDate.toISOString(),
        endDate: row.endDate.toISOString(),
        requiresPayment: row.requiresPayment,
        price: row.price,
        pricingTiers: parsePricingTiers(row.pricingTiers),
      } satisfies EventDetail);
    });
}
