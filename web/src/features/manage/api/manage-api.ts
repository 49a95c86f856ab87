import {
  GivingStatement,
  type ManageLinkRequest,
  ManageOverview,
  type ManageSessionRequest,
  ManageSessionStarted,
  MessageResponse,
  PlanCancellation,
} from '@pillars/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend, getQueryFn } from '@/lib/api';
import { defaultQueryFn } from '@/lib/query-client';

/** The manage session's overview; null when there is no session (401). */
export const MANAGE_OVERVIEW_KEY = ['/api/manage'] as const;

export const statementKey = (year: number) => [`/api/manage/statement?year=${year}`] as const;

const orNull = getQueryFn({ on401: 'returnNull' });

export function useManageOverview(enabled: boolean) {
  return useQuery({
    queryKey: MANAGE_OVERVIEW_KEY,
    queryFn: async (context): Promise<ManageOverview | null> => {
      const data = await orNull(context);
      return data === null ? null : ManageOverview.parse(data);
    },
    enabled,
  });
}

export function useGivingStatement(year: number) {
  return useQuery({
    queryKey: statementKey(year),
    queryFn: async (context) => GivingStatement.parse(await defaultQueryFn(context)),
  });
}

/** POST /api/manage/link: the same answer whatever the address. */
export function useRequestManageLink() {
  return useMutation({
    mutationFn: async (body: ManageLinkRequest) =>
      MessageResponse.parse(await (await apiRequest('POST', '/api/manage/link', body)).json()),
  });
}

const refreshOverview = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: MANAGE_OVERVIEW_KEY });

/** POST /api/manage/session: spends the link's token for a session cookie. */
export function useOpenManageSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ManageSessionRequest) =>
      ManageSessionStarted.parse(await (await apiRequest('POST', '/api/manage/session', body)).json()),
    onSuccess: () => refreshOverview(queryClient),
  });
}

export function useCancelPlan() {
  return useMutation({
    mutationFn: async (paymentId: string) =>
      PlanCancellation.parse(
        await (await apiRequest('POST', `/api/manage/plans/${encodeURIComponent(paymentId)}/cancel`)).json(),
      ),
  });
}

export function useManageSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiSend('POST', '/api/manage/sign-out');
    },
    onSuccess: () => {
      queryClient.setQueryData(MANAGE_OVERVIEW_KEY, null);
      queryClient.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/manage/') });
    },
  });
}
