import { EventPaymentPage } from '@/features/events/pages/event-payment-page';
import { HostedCardFields, cardFieldsProps, cardLoadingLabel } from '@/features/payments/components/hosted-card-fields';
import { useCardPayment } from '@/features/payments/hooks/use-card-payment';
import { runEventPayment } from '@/features/payments/lib/run-event-payment';

/**
 * /events/{slug}/payment/{registrationId}: the event payment page wired to the card provider,
 * composed here so the events feature never imports the payments feature.
 */
export function EventPaymentRoute() {
  const card = useCardPayment();
  return (
    <EventPaymentPage
      payment={{
        ready: card.ready,
        loadingLabel: cardLoadingLabel(card),
        pay: (request) => card.run((context) => runEventPayment({ ...context, ...request })),
        fields: <HostedCardFields {...cardFieldsProps(card)} />,
      }}
    />
  );
}
