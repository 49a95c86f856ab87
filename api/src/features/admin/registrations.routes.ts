import { RECORD_LISTS, type RegistrationDetailList } from '@pillars/contracts/admin';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { apiError, featureRouter, json, openapiRoute } from '../../lib/openapi';
import { adminRoute, underAdmin } from './admin-http';
import { listRegisteredEvents, searchRegistrationsAtDoor } from './registrations-list.service';

/** The registrations list's groups (its events) and its search (check-in at the door), at the paths its description names. */
const { scope, search } = RECORD_LISTS.registrations;

const registeredEvents = adminRoute({
  method: 'get',
  path: underAdmin(scope.groupsPath),
  summary: 'The events that have registrations, latest first, with their number of registrations',
  responses: { 200: json('The events and the number of registrations in all', scope.groups) },
});
const doorSearch = adminRoute({
  method: 'get',
  path: underAdmin(search.path),
  summary: `Check-in at the door: the newest ${String(search.limit)} registrations (not cancelled) whose names, e-mail or phone hold every word`,
  request: { query: search.query },
  responses: {
    200: json('The registrations found, maybe none', search.answer),
    400: apiError('The search is invalid'),
  },
});

export function registrationScopeRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = featureRouter();
  openapiRoute(app, doorSearch, async (c) => {
    const { q } = c.req.valid('query');
    const data = await searchRegistrationsAtDoor(db, q);
    return c.json({ success: true, data } satisfies z.infer<typeof RegistrationDetailList>, 200);
  });
  openapiRoute(app, registeredEvents, async (c) => c.json(await listRegisteredEvents(db), 200));
  return app;
}
