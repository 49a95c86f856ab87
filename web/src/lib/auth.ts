import { AuthUser, MessageResponse } from '@pillars/contracts';
import { type QueryFunctionContext, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { ApiRequestError, apiRequest, getQueryFn } from './api';

/** GET /api/auth/me; the query key is the path. */
export const currentUserQueryKey = ['/api/auth/me'] as const;

/** Product rule: the signed-in user is cached for 5 minutes and never retried. */
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

const meOrNull = getQueryFn({ on401: 'returnNull' });

/** The signed-in admin, or null when signed out (the API answers 401). */
export async function getCurrentUser(context: QueryFunctionContext): Promise<AuthUser | null> {
  const data = await meOrNull(context);
  return data === null ? null : AuthUser.parse(data);
}

export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    staleTime: CURRENT_USER_STALE_MS,
    retry: false,
  });
}

/** A 401 from any admin call: the session has ended, and the admin goes to /login. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/** POST /api/auth/logout, then refresh the user and go to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async () => MessageResponse.parse(await (await apiRequest('POST', '/api/auth/logout')).json()),
    onSettled: async () => {
      queryClient.setQueryData(currentUserQueryKey, null);
      // Admin data must not outlive the session in this tab.
      queryClient.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin') });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      navigate('/login');
    },
  });
}
