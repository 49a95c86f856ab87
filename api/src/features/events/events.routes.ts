import { EventDetail, EventList, Slug } from '@pillars/contracts';
import { eventCalendar } from '@pillars/platform/calendar';
import { z } from '@hono/zod-openapi';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { featureRouter, json, openapiRoute, operation, publicBySlugRoute, publicListRoute } from '../../lib/openapi';
import { listUpcomingEvents, publicEvent, publicEventRow } from './events.service';

const listEvents = publicListRoute(
  'events',
  'Upcoming published events (not yet over), soonest first; drafts and cancelled events are not listed',
  json('The events', EventList),
);

const getEvent = publicBySlugRoute(
  'events',
  'One published or cancelled event, with its price and pricing tiers; a former slug redirects',
  {
    ok: json('The event; status `cancelled` means it will not take place and takes no registrations', EventDetail),
    moved: "A former slug of the event: Location is the event's current address",
    missing: 'No public event has this slug',
  },
);

const getCalendar = operation('get', '/{slug}/calendar.ics', {
  tags: ['events'],
  summary: "The event as a calendar file (times in UTC), the event page's Add to calendar",
  params: z.object({ slug: Slug }),
  ok: { description: 'An iCalendar file', content: { 'text/calendar': { schema: z.string() } } },
  answers: { 404: 'No public event has this slug' },
});

export function eventsRoutes({ db, config, now = () => new Date() }: AppDeps) {
  const app = featureRouter();
  // A slug that cannot exist names no event.
  const unknownEvent = { unknownRecord: notFound('Event') };
  openapiRoute(app, listEvents, async (c) => c.json(await listUpcomingEvents(db, now()), 200));
  openapiRoute(
    app,
    getEvent,
    async (c) => {
      const found = await publicEvent(db, c.req.valid('param').slug);
      if (!found) throw notFound('Event');
      // A public event's former address answers with its current one (docs/decisions/025).
      if (found.kind === 'moved') return c.redirect(`/api/events/${encodeURIComponent(found.slug)}`, 301);
      return c.json(found.event, 200);
    },
    unknownEvent,
  );
  openapiRoute(
    app,
    getCalendar,
    async (c) => {
      // Drafts are the admin's only; a cancelled event's file still says when it was to be.
      const row = await publicEventRow(db, c.req.valid('param').slug);
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
    },
    unknownEvent,
  );
  return app;
}
