import type { OutboundEmailKind } from '@pillars/platform/db';
import { manageLink, membershipInterestNotice, membershipInterestReceived, passwordReset } from './compose-accounts';
import type { Composer } from './compose-context';
import { eventCancelled, registrationConfirmation } from './compose-events';
import {
  chargeFailed,
  disputeOpened,
  membershipWelcome,
  planCancelled,
  receipt,
  refundReceipt,
} from './compose-payments';

export {
  type ComposeContext,
  type Composed,
  type EmailConfig,
  type OutboundEmail,
  RESET_TOKEN_TTL_MS,
  orgOf,
} from './compose-context';

/** Each kind's composer: what it reads (by the outbound row's subject, at send time) and says. */
export const COMPOSERS: Record<OutboundEmailKind, Composer> = {
  'password-reset': passwordReset,
  receipt,
  'refund-receipt': refundReceipt,
  'registration-confirmation': registrationConfirmation,
  'membership-welcome': membershipWelcome,
  'charge-failed': chargeFailed,
  'plan-cancelled': planCancelled,
  'manage-link': manageLink,
  'event-cancelled': eventCancelled,
  'dispute-opened': disputeOpened,
  'membership-interest-received': membershipInterestReceived,
  'membership-interest-notice': membershipInterestNotice,
};
