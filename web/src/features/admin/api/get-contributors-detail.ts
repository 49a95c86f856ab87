import { ContributionDetailList } from '@pillars/shared/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from './admin-query';

/** GET /api/admin/contributors-detail: the donations for /admin/contributors. */
export const contributorsDetailQueryKey = ['/api/admin/contributors-detail'] as const;

export const getContributorsDetail = parsedQueryFn(ContributionDetailList);

export function useContributorsDetail() {
  return useQuery({ queryKey: contributorsDetailQueryKey, queryFn: getContributorsDetail });
}
