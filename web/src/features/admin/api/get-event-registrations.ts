import { RegistrationDetailList } from '@pillars/shared/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from './admin-query';

/** GET /api/admin/event-registrations: every registration with its event's title, dates and place. */
export const eventRegistrationsQueryKey = ['/api/admin/event-registrations'] as const;

export const getEventRegistrations = parsedQueryFn(RegistrationDetailList);

export function useEventRegistrations() {
  return useQuery({ queryKey: eventRegistrationsQueryKey, queryFn: getEventRegistrations });
}
