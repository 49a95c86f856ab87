import { ContributionForm } from '@/features/donations/components/contribution-form';
import { HostedCardFields, cardFieldsProps, cardLoadingLabel } from '@/features/payments/components/hosted-card-fields';
import { useCardPayment } from '@/features/payments/hooks/use-card-payment';
import { runCardPayment } from '@/features/payments/lib/run-card-payment';

/**
 * The contribution form wired to the card provider. Composed here, at the app level, so the
 * donations feature never imports the payments feature.
 */
export function HomeContributionForm() {
  const card = useCardPayment();
  return (
    <ContributionForm
      payment={{
        ready: card.ready,
        loadingLabel: cardLoadingLabel(card),
        pay: (request) => card.run((context) => runCardPayment({ ...context, ...request })),
        fields: <HostedCardFields {...cardFieldsProps(card)} />,
      }}
    />
  );
}
