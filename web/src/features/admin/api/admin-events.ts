import { ApiError } from '@pillars/contracts';
import {
  AdminEvent,
  type AdminEventDraft,
  AdminEventList,
  AdminEventSaved,
  type EventCancelInput,
  EventCancellation,
  EventCancelled,
  type EventStatus,
} from '@pillars/contracts/admin';
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

/** While any refund of a cancellation is under way, its progress is read again this often. */
const REFRESH_WHILE_REFUNDING_MS = 2000;

const cancellationKey = (id: string) => [`/api/admin/events/${encodeURIComponent(id)}/cancellation`] as const;

/**
 * GET /api/admin/events/{id}/cancellation: what cancelling would refund, or the refunds' progress;
 * refreshed while any refund is queued or processing.
 */
export function useEventCancellation(id: string, enabled = true) {
  return useQuery<EventCancellation>({
    queryKey: cancellationKey(id),
    queryFn: parsedQueryFn(EventCancellation),
    enabled,
    refetchInterval: (query) => ((query.state.data?.progress.queued ?? 0) > 0 ? REFRESH_WHILE_REFUNDING_MS : false),
  });
}

/** POST /api/admin/events/{id}/cancel with the figures the confirmation showed. */
export function useCancelEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EventCancelInput) => {
      const response = await apiRequest('POST', `/api/admin/events/${encodeURIComponent(id)}/cancel`, input);
      return EventCancelled.parse(await response.json()).data;
    },
    onSuccess: (data) => {
      queryClient.setQueryData(cancellationKey(id), data);
      return invalidateAdminQueries(queryClient);
    },
  });
}

/** POST /api/admin/events/{id}/refunds/{chargeRowId}/retry: a failed refund asked again. */
export function useRetryEventRefund(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (chargeRowId: string) => {
      const response = await apiRequest(
        'POST',
        `/api/admin/events/${encodeURIComponent(id)}/refunds/${encodeURIComponent(chargeRowId)}/retry`,
      );
      return EventCancelled.parse(await response.json()).data;
    },
    onSuccess: (data) => queryClient.setQueryData(cancellationKey(id), data),
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
