import { HostedCardFields, cardLoadingLabel } from '@/features/payments/components/hosted-card-fields';
import { useCardPayment } from '@/features/payments/hooks/use-card-payment';
import { runMembershipPayment } from '@/features/payments/lib/run-membership-payment';
import { MembershipPage } from '@/features/memberships/pages/membership-page';

/**
 * /membership: the membership page wired to the card provider, composed here so the memberships
 * feature never imports the payments feature.
 */
export function MembershipRoute() {
  const card = useCardPayment();
  return (
    <MembershipPage
      payment={{
        ready: card.ready,
        loadingLabel: cardLoadingLabel(card),
        pay: (values) => card.run((context) => runMembershipPayment({ ...context, values })),
        fields: <HostedCardFields error={card.error} ready={card.ready} cleared={card.cleared} />,
      }}
    />
  );
}
