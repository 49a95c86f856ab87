import { EventList, type EventListItem } from '@pillars/shared/contracts';
import { type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from '@/lib/query-client';

/** GET /api/events: upcoming events by start date; the query key is the path. */
export const eventsQueryKey = ['/api/events'] as const;

export async function getEvents(context: QueryFunctionContext): Promise<EventListItem[]> {
  return EventList.parse(await defaultQueryFn(context));
}

export function useEvents() {
  return useQuery({ queryKey: eventsQueryKey, queryFn: getEvents });
}
