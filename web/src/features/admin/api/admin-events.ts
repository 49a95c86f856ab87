import { ApiError } from '@pillars/shared/contracts';
import {
  AdminEvent,
  type AdminEventDraft,
  AdminEventList,
  AdminEventSaved,
  type EventStatus,
} from '@pillars/shared/contracts/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest, apiSend } from '@/lib/api';
import { invalidateAdminQueries, parsedQueryFn } from './admin-query';

/** GET /api/admin/events?q=&status=: drafts included, upcoming first. */
export function adminEventsQueryKey(filter: { q: string; status: EventStatus | '' }) {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.status) params.set('status', filter.status);
  const query = params.toString();
  return [`/api/admin/events${query ? `?${query}` : ''}`] as const;
}

export function useAdminEvents(filter: { q: string; status: EventStatus | '' }) {
  return useQuery({
    queryKey: adminEventsQueryKey(filter),
    queryFn: parsedQueryFn(AdminEventList),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/events/{id}. */
export function useAdminEvent(id: string | null) {
  return useQuery({
    queryKey: ['/api/admin/events', id ?? ''],
    queryFn: parsedQueryFn(AdminEvent),
    enabled: id !== null,
  });
}

/** POST (no id) or PUT /api/admin/events/{id}; every admin list refetches after. */
export function useSaveAdminEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: AdminEventDraft }) => {
      const response = id
        ? await apiRequest('PUT', `/api/admin/events/${encodeURIComponent(id)}`, input)
        : await apiRequest('POST', '/api/admin/events', input);
      return AdminEventSaved.parse(await response.json()).data;
    },
    onSuccess: () => invalidateAdminQueries(queryClient),
  });
}

/** DELETE /api/admin/events/{id}; refused (409) once anyone registered. */
export function useDeleteAdminEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiSend('DELETE', `/api/admin/events/${encodeURIComponent(id)}`);
    },
    onSuccess: () => invalidateAdminQueries(queryClient),
  });
}

/** A refused save's field messages, keyed like the editor's (`pricingTiers.0.id`). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || error.status >= 500) return {};
  try {
    const parsed = ApiError.safeParse(JSON.parse(error.bodyText));
    const errors: Record<string, string> = {};
    for (const issue of parsed.success ? (parsed.data.issues ?? []) : [])
      errors[issue.path.join('.')] ??= issue.message;
    return errors;
  } catch {
    return {};
  }
}
