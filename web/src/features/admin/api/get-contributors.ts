import { ContributorsResponse } from '@pillars/shared/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from './admin-query';

/** GET /api/admin/contributors: every donation, membership and registration, with the summary. */
export const contributorsQueryKey = ['/api/admin/contributors'] as const;

export const getContributors = parsedQueryFn(ContributorsResponse);

export function useContributors() {
  return useQuery({ queryKey: contributorsQueryKey, queryFn: getContributors });
}
