import { type CreateAdminRequest } from '@pillars/contracts';
import { AdminUserCreated } from '@pillars/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminUsersQueryKey } from './get-admin-users';

/** POST /api/admin/users: a new admin account (201). */
export async function createAdminUser(request: CreateAdminRequest) {
  const response = await apiRequest('POST', '/api/admin/users', request);
  return AdminUserCreated.parse(await response.json());
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
