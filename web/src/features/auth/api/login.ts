import { type AuthUser, type LoginRequest, LoginResponse } from '@pillars/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { currentUserQueryKey } from '@/lib/auth';

/**
 * POST /api/auth/login: 200 with the signed-in user; 401 (wrong credentials) and
 * 429 (throttled) reject with an ApiRequestError whose `{ error }` is the message to show.
 */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  const response = await apiRequest('POST', '/api/auth/login', body);
  return LoginResponse.parse(await response.json());
}

/** Signs in and makes the new user the current one, so /admin renders without asking again. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      // Admin data cached under an earlier session (e.g. one that expired) must not show through.
      queryClient.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin') });
      queryClient.setQueryData<AuthUser | null>(currentUserQueryKey, user);
    },
  });
}
