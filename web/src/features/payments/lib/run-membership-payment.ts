import { type MembershipForm, membershipMessages } from '@pillars/contracts';
import { MEMBERSHIP_PRICE_CENTS } from '@pillars/money/rules';
import { processMembershipPayment } from '../api/process-membership-payment';
import { CARD_PROVIDER, paymentMessages } from '../payments-texts';
import * as steps from './payment-steps';

export type MembershipPaymentInput = steps.CardPaymentContext & { values: MembershipForm };

const METADATA_SOURCE = 'membership';

/**
 * Starts the $25 monthly membership. SDK tokenization → POST /api/process-membership-payment
 * (the server checks the waiver, records the membership and queues the monthly plan at its own
 * price) → poll until the plan's first charge succeeded or failed.
 *
 * There is no plain-payment fallback: a one-off browser charge cannot start a subscription, and
 * the product's raw-card fallback would put card numbers on our server (ADR 007).
 */
export async function runMembershipPayment(input: MembershipPaymentInput): Promise<steps.CardPaymentSucceeded> {
  const { values, signal } = input;
  const sdk = steps.readySdk(input);
  if (!values.waiverAccepted) throw steps.paymentError(membershipMessages.waiverRequired);

  const billingInfo = {
    name: `${values.firstName} ${values.lastName}`,
    ...(values.zip ? { address: { postal_code: values.zip } } : {}),
  };
  const buyer = steps.payorInfo(values);
  const tokenized = await steps.tokenizeCard(
    sdk,
    { payorInfo: buyer, billingInfo, metadata: { source: METADATA_SOURCE } },
    signal,
  );
  if (tokenized.type === 'ERROR') {
    if (steps.isCardValidationError(tokenized.error)) {
      throw steps.paymentError(paymentMessages.invalidCard, tokenized.error);
    }
    throw steps.paymentError(paymentMessages.membershipSetupRetry, tokenized.cause ?? tokenized.error);
  }

  const request = {
    amount: MEMBERSHIP_PRICE_CENTS,
    buyer,
    membership: values,
    paymentMethod: 'card',
    payment_method_id: tokenized.paymentMethodId,
    provider: CARD_PROVIDER,
    tokenized: true,
    recurring: true,
  } as const;
  const accepted = await steps.submitPayment(
    () => processMembershipPayment(request, { idempotencyKey: input.idempotencyKey, signal }),
    input,
    paymentMessages.membershipSetupRetry,
  );
  return steps.settle(accepted.paymentId, input, paymentMessages.membershipSetupFailed);
}
