import { useEffect } from 'react';
import type { MembershipForm } from '@pillars/contracts';
import { useCardCheckout } from '@/features/payments/hooks/use-card-checkout';
import { MembershipPage } from '@/features/memberships/pages/membership-page';
import { loadCode } from '@/lib/load-code';

/**
 * The payment's code (its requests and the answers' schemas) loads once the card fields are
 * ready, not with the page (docs/decisions/038); a payment waits for it before any charge.
 */
const loadMembershipPayment = () => loadCode(() => import('@/features/payments/lib/run-membership-payment'));

/**
 * /membership: the membership page wired to the card provider, composed here so the memberships
 * feature never imports the payments feature.
 */
export function MembershipRoute() {
  const payment = useCardCheckout(async (context, values: MembershipForm) => {
    const { runMembershipPayment } = await loadMembershipPayment();
    return runMembershipPayment({ ...context, values });
  });
  useEffect(() => {
    if (payment.ready) loadMembershipPayment().catch(() => undefined);
  }, [payment.ready]);
  return <MembershipPage payment={payment} />;
}
