import type { ReactNode } from 'react';

/** The payer's details on the event payment page. */
export type EventPaymentValues = { firstName: string; lastName: string; email: string; phone: string };

/**
 * How the event payment page charges a card. The app composes it from the payments feature, so
 * this feature does not depend on the provider.
 */
export type EventCardPayment = {
  /** The hosted card fields are mounted. */
  ready: boolean;
  /** The submit button's label while the card fields load (it cannot pay yet); null once they are ready or failed. */
  loadingLabel: string | null;
  /** The hosted card form to render. */
  fields: ReactNode;
  /** Resolves when paid (or when the payment went through but saving the details failed); rejects with the message to show. */
  pay: (request: {
    registrationId: string;
    eventId: string;
    amountCents: number;
    values: EventPaymentValues;
  }) => Promise<unknown>;
};
