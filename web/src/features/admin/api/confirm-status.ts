import { type ContributorRow, StatusChanged } from '@pillars/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateAdminQueries } from './admin-query';

/**
 * The product's API confirms donations and memberships through the contributions route,
 * event registrations through their own.
 */
export function statusUrl(row: Pick<ContributorRow, 'type' | 'id'>): string {
  const id = encodeURIComponent(row.id);
  return row.type === 'Event Registration'
    ? `/api/admin/registrations/${id}/status`
    : `/api/admin/contributions/${id}/status`;
}

/** PUT …/status { status: 'confirmed' }: a pending row becomes confirmed (the only move an admin makes). */
export async function confirmStatus(row: Pick<ContributorRow, 'type' | 'id'>) {
  const response = await apiRequest('PUT', statusUrl(row), { status: 'confirmed' });
  return StatusChanged.parse(await response.json());
}

export function useConfirmStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmStatus,
    onSuccess: () => invalidateAdminQueries(queryClient),
  });
}
