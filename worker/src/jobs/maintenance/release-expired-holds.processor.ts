import { type ReleaseExpiredHoldsDeps, expiredHoldsRelease } from '@pillars/money';

/** release-expired-holds (docs/decisions/022): one run of expiredHoldsRelease; the job carries no data. */
export function releaseExpiredHoldsProcessor(deps: ReleaseExpiredHoldsDeps) {
  return expiredHoldsRelease(deps);
}
