import type { EventListItem } from '@pillars/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazilyParsedQuery } from '@/lib/query-client';

/** GET /api/events: upcoming events by start date; the query key is the path. */
export const eventsQueryKey = ['/api/events'] as const;

export const getEvents = lazilyParsedQuery<EventListItem[]>(() =>
  import('./event-schemas').then((module) => module.EventList),
);

export function useEvents() {
  return useQuery({ queryKey: eventsQueryKey, queryFn: getEvents });
}
