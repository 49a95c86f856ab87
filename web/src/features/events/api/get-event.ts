import type { EventDetail } from '@pillars/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazilyParsedQuery } from '@/lib/query-client';

/** GET /api/events/{slug}: one event; the query key is the path, which the default query fetches. */
export function eventQueryKey(slug: string) {
  return ['/api/events', slug] as const;
}

export const getEvent = lazilyParsedQuery<EventDetail>(() =>
  import('./event-schemas').then((module) => module.EventDetail),
);

export function useEvent(slug: string) {
  return useQuery({ queryKey: eventQueryKey(slug), queryFn: getEvent });
}

/** A 404 from the API: a failed call's message starts with its status. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('404: ');
}
