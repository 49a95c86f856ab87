import { type MembershipForm, membershipMessages } from '@pillars/contracts';
import { MEMBERSHIP_PRICE_CENTS } from '@pillars/money/rules';
import { processMembershipPayment } from '../api/process-membership-payment';
import { CARD_PROVIDER, paymentMessages } from '../payments-texts';
import {
  type CardPaymentContext,
  type CardPaymentSucceeded,
  isCardValidationError,
  payorInfo,
  paymentError,
  rethrowIfAborted,
  sendPaymentRequest,
  settle,
  tokenizeCard,
} from './payment-steps';
import { apiErrorMessage } from '@/lib/api-error-message';

export type MembershipPaymentInput = CardPaymentContext & { values: MembershipForm };

const METADATA_SOURCE = 'membership';

/**
 * Starts the $25 monthly membership. SDK tokenization → POST /api/process-membership-payment
 * (the server checks the waiver, records the membership and queues the monthly plan at its own
 * price) → poll until the plan's first charge succeeded or failed.
 *
 * There is no plain-payment fallback: a one-off browser charge cannot start a subscription, and
 * the product's raw-card fallback would put card numbers on our server (ADR 007).
 */
export async function runMembershipPayment(input: MembershipPaymentInput): Promise<CardPaymentSucceeded> {
  const { sdk, values, signal } = input;
  if (!sdk) throw paymentError(paymentMessages.fieldsNotReady);
  if (!values.waiverAccepted) throw paymentError(membershipMessages.waiverRequired);

  const billingInfo = {
    name: `${values.firstName} ${values.lastName}`,
    ...(values.zip ? { address: { postal_code: values.zip } } : {}),
  };
  const tokenized = await tokenizeCard(
    sdk,
    { payorInfo: payorInfo(values), billingInfo, metadata: { source: METADATA_SOURCE } },
    signal,
  );
  if (tokenized.type === 'ERROR') {
    if (isCardValidationError(tokenized.error)) throw paymentError(paymentMessages.invalidCard, tokenized.error);
    throw paymentError(paymentMessages.membershipSetupRetry, tokenized.cause ?? tokenized.error);
  }

  let paymentId: string;
  try {
    const accepted = await sendPaymentRequest(
      () =>
        processMembershipPayment(
          {
            amount: MEMBERSHIP_PRICE_CENTS,
            buyer: payorInfo(values),
            membership: values,
            paymentMethod: 'card',
            payment_method_id: tokenized.paymentMethodId,
            provider: CARD_PROVIDER,
            tokenized: true,
            recurring: true,
          },
          { idempotencyKey: input.idempotencyKey, signal },
        ),
      input,
    );
    paymentId = accepted.paymentId;
  } catch (error) {
    rethrowIfAborted(error, signal);
    throw paymentError(apiErrorMessage(error) ?? paymentMessages.membershipSetupRetry, error);
  }
  return settle(paymentId, input, paymentMessages.membershipSetupFailed);
}
