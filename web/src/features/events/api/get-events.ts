import type { EventListItem } from '@pillars/shared/contracts';
import { type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from '@/lib/query-client';

/** GET /api/events: upcoming events by start date; the query key is the path. */
export const eventsQueryKey = ['/api/events'] as const;

export async function getEvents(context: QueryFunctionContext): Promise<EventListItem[]> {
  // The schema, and zod with it, loads beside the answer instead of with the page (docs/decisions/038).
  const [{ EventList }, data] = await Promise.all([import('./event-schemas'), defaultQueryFn(context)]);
  return EventList.parse(data);
}

export function useEvents() {
  return useQuery({ queryKey: eventsQueryKey, queryFn: getEvents });
}
