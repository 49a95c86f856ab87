import { MemberDetailPage } from '@pillars/contracts/admin';
import { useDetailPages } from './detail-pages';

/** GET /api/admin/members-detail/page: the memberships for /admin/members, with the waiver state, a page at a time. */
export const membersDetailPagePath = '/api/admin/members-detail/page';
/** Every member's address, for 'Email All' and the Broadcast Message. */
export const membersDetailRecipientsPath = '/api/admin/members-detail/recipients';

export function useMembersDetail() {
  return useDetailPages(membersDetailPagePath, MemberDetailPage);
}
