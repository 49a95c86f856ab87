import type { EventDetail } from '@pillars/shared/contracts';
import { type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from '@/lib/query-client';

/** GET /api/events/{slug}: one event; the query key is the path, which the default query fetches. */
export function eventQueryKey(slug: string) {
  return ['/api/events', slug] as const;
}

export async function getEvent(context: QueryFunctionContext): Promise<EventDetail> {
  // The schema, and zod with it, loads beside the answer instead of with the page (docs/decisions/038).
  const [{ EventDetail }, data] = await Promise.all([import('./event-schemas'), defaultQueryFn(context)]);
  return EventDetail.parse(data);
}

export function useEvent(slug: string) {
  return useQuery({ queryKey: eventQueryKey(slug), queryFn: getEvent });
}

/** A 404 from the API: a failed call's message starts with its status. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('404: ');
}
