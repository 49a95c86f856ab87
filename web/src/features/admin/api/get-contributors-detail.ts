import { ContributionDetailPage } from '@pillars/contracts/admin';
import { useDetailPages } from './detail-pages';

/** GET /api/admin/contributors-detail/page: the donations for /admin/contributors, a page at a time. */
export const contributorsDetailPagePath = '/api/admin/contributors-detail/page';
/** Every donor's address, for 'Email All' and the Broadcast Message. */
export const contributorsDetailRecipientsPath = '/api/admin/contributors-detail/recipients';

export function useContributorsDetail() {
  return useDetailPages(contributorsDetailPagePath, ContributionDetailPage);
}
