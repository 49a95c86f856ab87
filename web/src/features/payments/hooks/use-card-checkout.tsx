import type { CardFormPayment } from '@/lib/card-form-payment';
import { HostedCardFields, cardFieldsProps, cardLoadingLabel } from '../components/hosted-card-fields';
import type { CardPaymentContext } from '../lib/payment-steps';
import { useCardPayment } from './use-card-payment';

/**
 * A payment form's card payment (its `payment` prop): whether it can pay, the submit button's
 * label while the card fields load, the hosted fields, and `pay`, which runs `charge` for the
 * form's request through them (useCardPayment: one submission, one Idempotency-Key).
 */
export function useCardCheckout<Request>(
  charge: (context: CardPaymentContext, request: Request) => Promise<unknown>,
): CardFormPayment<Request> {
  const card = useCardPayment();
  return {
    ready: card.ready,
    loadingLabel: cardLoadingLabel(card),
    pay: (request) => card.run((context) => charge(context, request)),
    fields: <HostedCardFields {...cardFieldsProps(card)} />,
  };
}
