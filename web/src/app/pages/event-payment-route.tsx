import type { EventCardPayment } from '@/features/events/event-payment';
import { EventPaymentPage } from '@/features/events/pages/event-payment-page';
import { useCardCheckout } from '@/features/payments/hooks/use-card-checkout';
import { runEventPayment } from '@/features/payments/lib/run-event-payment';

type Request = Parameters<EventCardPayment['pay']>[0];

/**
 * /events/{slug}/payment/{registrationId}: the event payment page wired to the card provider,
 * composed here so the events feature never imports the payments feature.
 */
export function EventPaymentRoute() {
  const payment = useCardCheckout((context, request: Request) => runEventPayment({ ...context, ...request }));
  return <EventPaymentPage payment={payment} />;
}
