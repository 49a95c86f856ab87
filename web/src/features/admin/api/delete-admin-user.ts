import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api';
import { adminUsersQueryKey } from './get-admin-users';

/** DELETE /api/admin/users/{id}; deleting oneself or the last admin is refused with a 409. */
export async function deleteAdminUser(id: string): Promise<void> {
  await apiSend('DELETE', `/api/admin/users/${encodeURIComponent(id)}`);
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
