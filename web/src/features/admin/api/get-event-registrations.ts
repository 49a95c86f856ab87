import { RegisteredEventList, RegistrationDetailList, RegistrationDetailPage } from '@pillars/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from './admin-query';
import { useDetailPages } from './detail-pages';

/** GET /api/admin/event-registrations/events: the events with registrations and their counts. */
export const registeredEventsQueryKey = ['/api/admin/event-registrations/events'] as const;
const getRegisteredEvents = parsedQueryFn(RegisteredEventList);

export function useRegisteredEvents() {
  return useQuery({ queryKey: registeredEventsQueryKey, queryFn: getRegisteredEvents });
}

/** GET /api/admin/event-registrations/page?eventId=: one event's registrations, a page at a time. */
export const eventRegistrationsPagePath = '/api/admin/event-registrations/page';

export function useEventRegistrations(eventId: string) {
  return useDetailPages(eventRegistrationsPagePath, RegistrationDetailPage, { eventId });
}

/** Every registrant's address of one event, for 'Send Message to All'. */
export const eventRecipientsPath = (eventId: string) =>
  `/api/admin/event-registrations/recipients?${new URLSearchParams({ eventId }).toString()}`;

/** GET /api/admin/event-registrations/search?q=: check-in at the door. */
export const doorSearchPath = (q: string) =>
  `/api/admin/event-registrations/search?${new URLSearchParams({ q: q.trim() }).toString()}`;
const getDoorSearch = parsedQueryFn(RegistrationDetailList);

export function useDoorSearch(q: string, enabled: boolean) {
  return useQuery({ queryKey: [doorSearchPath(q)], queryFn: getDoorSearch, enabled });
}
