import type { CardFormPayment } from '@/lib/card-form-payment';

/** The payer's details on the event payment page. */
export type EventPaymentValues = { firstName: string; lastName: string; email: string; phone: string };

/**
 * How the event payment page charges a card; `pay` also resolves when the payment went through
 * but saving its details failed.
 */
export type EventCardPayment = CardFormPayment<{
  registrationId: string;
  eventId: string;
  amountCents: number;
  values: EventPaymentValues;
}>;
