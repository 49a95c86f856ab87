import { useEffect } from 'react';
import { HostedCardFields, cardFieldsProps, cardLoadingLabel } from '@/features/payments/components/hosted-card-fields';
import { useCardPayment } from '@/features/payments/hooks/use-card-payment';
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
  const card = useCardPayment();
  useEffect(() => {
    if (card.ready) loadMembershipPayment().catch(() => undefined);
  }, [card.ready]);
  return (
    <MembershipPage
      payment={{
        ready: card.ready,
        loadingLabel: cardLoadingLabel(card),
        pay: (values) =>
          card.run(async (context) => {
            const { runMembershipPayment } = await loadMembershipPayment();
            return runMembershipPayment({ ...context, values });
          }),
        fields: <HostedCardFields {...cardFieldsProps(card)} />,
      }}
    />
  );
}
