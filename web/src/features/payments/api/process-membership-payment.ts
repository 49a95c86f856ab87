import { type Buyer, type MembershipForm, MembershipPaymentAccepted } from '@pillars/contracts';
import { type MEMBERSHIP_PRICE_CENTS } from '@pillars/money/rules';
import { submitOnce } from '@/lib/submit-once';

/** POST /api/process-membership-payment with a tokenized card. */
export type MembershipPaymentRequest = {
  amount: typeof MEMBERSHIP_PRICE_CENTS;
  buyer: Buyer;
  membership: MembershipForm;
  paymentMethod: 'card';
  payment_method_id: string;
  provider: string;
  tokenized: true;
  recurring: true;
};

/**
 * The server checks the waiver, records the membership (pending) and queues the monthly plan at
 * its own price; it answers 202 with the payment to poll.
 */
export function processMembershipPayment(
  request: MembershipPaymentRequest,
  options: { idempotencyKey: string; signal?: AbortSignal },
) {
  return submitOnce('POST', '/api/process-membership-payment', request, MembershipPaymentAccepted, options);
}
