import type { MembershipForm } from '@pillars/contracts';
import type { ReactNode } from 'react';

/**
 * How the membership page charges a card. The app composes it from the payments feature, so this
 * feature does not depend on the provider.
 */
export type MembershipCardPayment = {
  /** Hosted card fields mounted. */
  ready: boolean;
  /** The submit button's label while the card fields load (it cannot pay yet); null once they are ready or failed. */
  loadingLabel: string | null;
  /** The hosted card form to render. */
  fields: ReactNode;
  /**
   * Resolves when the membership subscription is set up, with what the success page may show (see
   * lib/success-handoff); rejects with the message to show.
   */
  pay: (values: MembershipForm) => Promise<unknown>;
};
