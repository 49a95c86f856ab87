import { MemberDetailList } from '@pillars/shared/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { parsedQueryFn } from './admin-query';

/** GET /api/admin/members-detail: the memberships for /admin/members, with the waiver state. */
export const membersDetailQueryKey = ['/api/admin/members-detail'] as const;

export const getMembersDetail = parsedQueryFn(MemberDetailList);

export function useMembersDetail() {
  return useQuery({ queryKey: membersDetailQueryKey, queryFn: getMembersDetail });
}
