import type { ReactNode } from 'react';

/**
 * How a payment form charges a card. The app composes it from the payments feature, so the
 * features whose forms pay (contribution, membership, event fee) do not depend on the provider.
 */
export type CardFormPayment<Request> = {
  /** The hosted card fields are mounted. */
  ready: boolean;
  /** The submit button's label while the card fields load (it cannot pay yet); null once they are ready or failed. */
  loadingLabel: string | null;
  /** The hosted card form to render. */
  fields: ReactNode;
  /**
   * Resolves when paid, with what the success page may show (see lib/success-handoff); rejects
   * with the message to show.
   */
  pay: (request: Request) => Promise<unknown>;
};
