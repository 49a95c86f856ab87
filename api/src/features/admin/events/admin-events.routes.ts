import { MessageResponse } from '@pillars/contracts';
import {
  AdminEvent,
  AdminEventInput,
  AdminEventList,
  AdminEventListQuery,
  AdminEventSaved,
  EventCancelInput,
  EventCancellation,
  EventCancelled,
} from '@pillars/contracts/admin';
import { z } from 'zod';
import type { AppDeps } from '../../../lib/context';
import { apiError, featureRouter, json, jsonBody, openapiRoute } from '../../../lib/openapi';
import {
  actorIn,
  adminOperation,
  adminRoute,
  foundOr404,
  idParams,
  unknown,
  auditedWrite,
  authoredWrites,
} from '../admin-http';
import { createEvent, deleteEvent, getEvent, listEvents, updateEvent } from './admin-events.service';
import { cancelEvent, eventCancellation, retryEventRefund } from './event-cancellation.service';

const refundParams = z.object({ id: z.uuid(), chargeRowId: z.uuid() });
const missing = 'No event has this id';
const invalid = 'Invalid body';

const list = adminOperation('get', '/', {
  summary: 'Events, drafts included, upcoming first (at most 500); with registrations and places taken',
  query: AdminEventListQuery,
  ok: json('The events', AdminEventList),
  invalid: 'A filter is invalid',
});
const create = adminOperation('post', '/', {
  summary: 'Create an event; its address is derived from the title unless given, and made unique',
  body: AdminEventInput,
  ok: json('The event created', AdminEventSaved),
  status: 201,
  invalid,
});
const read = adminOperation('get', '/{id}', {
  summary: 'One event as saved, with its registrations count and places',
  params: idParams,
  ok: json('The event', AdminEvent),
  missing,
});
const update = adminOperation('put', '/{id}', {
  summary: 'Save an event; cancelling is POST /{id}/cancel, so a save that would cancel is refused',
  params: idParams,
  body: AdminEventInput,
  ok: json('The event saved', AdminEventSaved),
  invalid,
  missing,
  conflict: 'A capacity below the places already taken, or a save that would cancel',
});
const cancellation = adminOperation('get', '/{id}/cancellation', {
  summary: 'What cancelling would refund (paid registrations, total in cents), or the refunds’ progress once cancelled',
  params: idParams,
  ok: json('The cancellation', EventCancellation),
  missing,
});
const cancel = adminRoute({
  method: 'post',
  path: '/{id}/cancel',
  summary:
    'Cancel a published event: refund every paid registration, release places, e-mail every registrant; once only',
  request: { params: idParams, body: jsonBody(EventCancelInput) },
  responses: {
    200: json('The event was already cancelled; nothing more was done', EventCancelled),
    202: json('Cancelled; its refunds are queued', EventCancelled),
    400: apiError(invalid),
    403: apiError('A cross-site request'),
    404: apiError(missing),
    409: apiError('A draft, figures that changed since the confirmation, or a refund already in flight'),
  },
});
const retry = adminOperation('post', '/{id}/refunds/{chargeRowId}/retry', {
  summary: 'Ask again for a cancelled event’s failed refund of one charge',
  params: refundParams,
  ok: json('Asked again; the refund is queued', EventCancelled),
  status: 202,
  missing: 'No such event, or its cancellation asked for no refund of that charge',
  conflict: 'The refund is not failed, or was asked again already',
});
const remove = adminOperation('delete', '/{id}', {
  summary: 'Delete an event no one registered for',
  params: idParams,
  ok: json('Deleted', MessageResponse),
  missing,
  conflict: 'The event has registrations; cancel it instead',
});

/** Events authoring (behind requireSession, app.ts); every write is audited. */
export function adminEventsRoutes(deps: AppDeps) {
  const { db, now = () => new Date() } = deps;
  const app = featureRouter();
  openapiRoute(app, list, async (c) => {
    const query = c.req.valid('query');
    return c.json({ success: true, data: await listEvents(db, query, now()) } satisfies AdminEventList, 200);
  });
  const writes = authoredWrites(
    { event: 'admin.event', idKey: 'eventId', noun: 'event' },
    {
      create: (actor, input: z.output<typeof AdminEventInput>) => createEvent(db, actor, input),
      update: (actor, id, input) => updateEvent(db, actor, id, input),
      remove: (actor, id) => deleteEvent(db, actor, id),
    },
    (input) => ({ status: input.status }),
  );
  openapiRoute(app, create, writes.create);
  // A path id that is not a UUID cannot name an event (or its refund): 404, as for an unknown one.
  const unknownEvent = unknown('Event');
  openapiRoute(
    app,
    read,
    async (c) => c.json(await foundOr404('Event', getEvent(db, c.req.valid('param').id)), 200),
    unknownEvent,
  );
  openapiRoute(app, update, writes.update, unknownEvent);
  openapiRoute(
    app,
    cancellation,
    async (c) => c.json(await foundOr404('Event', eventCancellation(db, c.req.valid('param').id)), 200),
    unknownEvent,
  );
  openapiRoute(
    app,
    cancel,
    async (c) => {
      const actor = actorIn(c);
      const { id } = c.req.valid('param');
      const { cancelled, data } = await cancelEvent(deps, c.get('logger'), actor, id, c.req.valid('json'));
      c.get('logger').info(
        { event: 'admin.event.cancelled', actorId: actor.userId, eventId: id, refunds: data.progress.total, cancelled },
        cancelled ? 'event cancelled' : 'event was already cancelled',
      );
      return c.json({ success: true, data } satisfies EventCancelled, cancelled ? 202 : 200);
    },
    unknownEvent,
  );
  openapiRoute(
    app,
    retry,
    (c) =>
      auditedWrite(c, 202, async (actor) => {
        const { id, chargeRowId } = c.req.valid('param');
        const data = await retryEventRefund(deps, c.get('logger'), actor, id, chargeRowId);
        const answer = { success: true, data } satisfies EventCancelled;
        return {
          answer,
          log: { event: 'admin.event.refund-retried', eventId: id, chargeRowId },
          message: 'event refund asked again',
        };
      }),
    unknown('Refund'),
  );
  openapiRoute(app, remove, writes.remove, unknownEvent);
  return app;
}
