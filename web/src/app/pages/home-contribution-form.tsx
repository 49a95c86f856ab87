import { type ContributionPayment, ContributionForm } from '@/features/donations/components/contribution-form';
import { useCardCheckout } from '@/features/payments/hooks/use-card-checkout';
import { runCardPayment } from '@/features/payments/lib/run-card-payment';

type Request = Parameters<ContributionPayment['pay']>[0];

/**
 * The contribution form wired to the card provider. Composed here, at the app level, so the
 * donations feature never imports the payments feature.
 */
export function HomeContributionForm() {
  const payment = useCardCheckout((context, request: Request) => runCardPayment({ ...context, ...request }));
  return <ContributionForm payment={payment} />;
}
