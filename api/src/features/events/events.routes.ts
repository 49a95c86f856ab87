import { EventDetail, EventList, PublicEventState, Slug, parsePricingTiers } from '@pillars/contracts';
import { eventCalendar } from '@pillars/platform/calendar';
import { eventPlaces, events, redirectedSlug } from '@pillars/platform/db';
import { placesLeftOf, tierPlacesLeft } from '@pillars/money';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { apiError, featureRouter, json, openapiRoute } from '../../lib/openapi';

/** What a visitor may see: drafts are the admin's only (docs/decisions/025). */
export const PUBLIC_EVENT_STATES = PublicEventState.options;

const listColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  startDate: events.startDate,
  location: events.location,
  description: events.description,
  imageUrl: events.imageUrl,
};

const listEvents = createRoute({
  method: 'get',
  path: '/',
  tags: ['events'],
  summary: 'Upcoming published events (not yet over), soonest first; drafts and cancelled events are not listed',
  responses: { 200: json('The events', EventList) },
});

const getEvent = createRoute({
  method: 'get',
  path: '/{slug}',
  tags: ['events'],
  summary: 'One published or cancelled event, with its price and pricing tiers; a former slug redirects',
  request: { params: z.object({ slug: z.string() }) },
  responses: {
    200: json('The event; status `cancelled` means it will not take place and takes no registrations', EventDetail),
    301: { description: "A former slug of the event: Location is the event's current address" },
    404: apiError('No public event has this slug'),
  },
});

const getCalendar = createRoute({
  method: 'get',
  path: '/{slug}/calendar.ics',
  tags: ['events'],
  summary: "The event as a calendar file (times in UTC), the event page's Add to calendar",
  request: { params: z.object({ slug: z.string() }) },
  responses: {
    200: { description: 'An iCalendar file', content: { 'text/calendar': { schema: z.string() } } },
    404: apiError('No public event has this slug'),
  },
});

export function eventsRoutes({ db, config, now = () => new Date() }: AppDeps) {
  const app = featureRouter();
  openapiRoute(app, listEvents, async (c) => {
    // Upcoming means not yet over: an event that has started but not ended is still listed.
    const rows = await db
      .select({ ...listColumns, capacity: eventPlaces.capacity, taken: eventPlaces.taken })
      .from(events)
      .leftJoin(eventPlaces, and(eq(eventPlaces.eventId, events.id), eq(eventPlaces.tierId, '')))
      .where(and(eq(events.status, 'published'), gte(events.endDate, now())))
      .orderBy(asc(events.startDate), asc(events.id));
    return c.json(
      rows.map(({ capacity, taken, ...r }) => ({
        ...r,
        startDate: r.startDate.toISOString(),
        placesLeft: placesLeftOf(capacity === null ? [] : [{ tierId: '', capacity, taken: taken ?? 0 }]).event,
      })),
      200,
    );
  });
  openapiRoute(app, getEvent, async (c) => {
    const slug = c.req.param('slug');
    if (!Slug.safeParse(slug).success) throw notFound('Event');
    const [row] = await db
      .select()
      .from(events)
      .where(and(eq(events.slug, slug), inArray(events.status, PUBLIC_EVENT_STATES)))
      .limit(1);
    if (!row) {
      // A public event's former address answers with its current one (docs/decisions/025).
      const current = await redirectedSlug(db, 'event', slug);
      if (current && current !== slug) return c.redirect(`/api/events/${encodeURIComponent(current)}`, 301);
      throw notFound('Event');
    }
    const left = placesLeftOf(
      await db
        .select({ tierId: eventPlaces.tierId, capacity: eventPlaces.capacity, taken: eventPlaces.taken })
        .from(eventPlaces)
        .where(eq(eventPlaces.eventId, row.id)),
    );
    return c.json(
      {
        id: row.id,
        slug: row.slug,
        title: row.title,
        description: row.description,
        imageUrl: row.imageUrl,
        imageAlt: row.imageAlt,
        status: row.status === 'cancelled' ? 'cancelled' : 'published',
        location: row.location,
        startDate: row.startDate.toISOString(),
        endDate: row.endDate.toISOString(),
        requiresPayment: row.requiresPayment,
        price: row.price,
        pricingTiers: parsePricingTiers(row.pricingTiers).map((tier) => ({
          ...tier,
          placesLeft: tierPlacesLeft(left, tier.id),
        })),
        placesLeft: left.event,
      },
      200,
    );
  });
  openapiRoute(app, getCalendar, async (c) => {
    const slug = c.req.param('slug');
    if (!Slug.safeParse(slug).success) throw notFound('Event');
    // Drafts are the admin's only; a cancelled event's file still says when it was to be.
    const [row] = await db
      .select()
      .from(events)
      .where(and(eq(events.slug, slug), inArray(events.status, PUBLIC_EVENT_STATES)))
      .limit(1);
    if (!row) throw notFound('Event');
    const ics = eventCalendar({
      eventId: row.id,
      domain: new URL(config.PUBLIC_URL).hostname,
      title: row.title,
      start: row.startDate,
      end: row.endDate,
      location: row.location,
      url: new URL(`/events/${encodeURIComponent(row.slug)}`, config.PUBLIC_URL).href,
    });
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${row.slug}.ics"`);
    return c.body(ics, 200);
  });
  return app;
}
