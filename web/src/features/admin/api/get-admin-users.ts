import { AdminUserList } from '@pillars/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from './admin-query';

/** GET /api/admin/users: the admin accounts, oldest first. */
export const adminUsersQueryKey = ['/api/admin/users'] as const;

export const getAdminUsers = parsedQueryFn(AdminUserList);

/** Loaded when a dialog that needs it opens, not with the dashboard. */
export function useAdminUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: adminUsersQueryKey, queryFn: getAdminUsers, enabled });
}
