import { REGISTRATIONS_LIST, RegisteredEventList, RegistrationDetailList } from '@pillars/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from './admin-query';

const { scope, search } = REGISTRATIONS_LIST;

/** GET /api/admin/event-registrations/events: the events with registrations and their counts. */
const getRegisteredEvents = parsedQueryFn(RegisteredEventList);

export function useRegisteredEvents() {
  return useQuery({ queryKey: [scope.groupsPath], queryFn: getRegisteredEvents });
}

/** GET /api/admin/event-registrations/search?q=: check-in at the door. */
export const doorSearchPath = (q: string) => `${search.path}?${new URLSearchParams({ q: q.trim() }).toString()}`;
const getDoorSearch = parsedQueryFn(RegistrationDetailList);

export function useDoorSearch(q: string, enabled: boolean) {
  return useQuery({ queryKey: [doorSearchPath(q)], queryFn: getDoorSearch, enabled });
}
