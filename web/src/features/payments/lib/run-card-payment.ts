import {
  type ContributionForm,
  type DonationRequest,
  MIN_CONTRIBUTION_DOLLARS,
  contributionMessages,
  formatCents,
} from '@pillars/contracts';
import { dollarsToCents } from '@pillars/money/rules';
import { createDonation } from '../api/create-donation';
import { processPayment } from '../api/process-payment';
import { CARD_PROVIDER, paymentMessages } from '../payments-texts';
import * as steps from './payment-steps';
import type { BillingInfo } from './provider-sdk';

export type { CardPaymentSucceeded, CardPaymentTiming } from './payment-steps';

/** The form values a card contribution uses (a ContributionForm fits). */
export type CardPaymentValues = Pick<
  ContributionForm,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'isRecurring'
  | 'billingAddress'
  | 'billingCity'
  | 'billingState'
  | 'billingZip'
>;

export type RunCardPaymentInput = steps.CardPaymentContext & {
  values: CardPaymentValues;
  /** Integer cents, at least MIN_CONTRIBUTION_DOLLARS. */
  amountCents: number;
};

const METADATA_SOURCE = 'contribution';

function billingInfo(values: CardPaymentValues): BillingInfo {
  const address = {
    ...(values.billingAddress ? { line1: values.billingAddress } : {}),
    ...(values.billingCity ? { city: values.billingCity } : {}),
    ...(values.billingState ? { region: values.billingState } : {}),
    ...(values.billingZip ? { postal_code: values.billingZip } : {}),
  };
  const name = `${values.firstName} ${values.lastName}`.trim();
  return Object.keys(address).length > 0 ? { name, address } : { name };
}

/** The donation fields of POST /api/donations, without the card token. */
function donationFields(values: CardPaymentValues, amountCents: number) {
  const billing = {
    billingAddress: values.billingAddress,
    billingCity: values.billingCity,
    billingState: values.billingState,
    billingZip: values.billingZip,
  };
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    amount: formatCents(amountCents),
    paymentMethod: 'card',
    isRecurring: values.isRecurring,
    // Empty optional fields are left out rather than sent as "".
    ...Object.fromEntries(Object.entries(billing).filter(([, value]) => value)),
  } satisfies Omit<DonationRequest, 'paymentMethodToken' | 'provider' | 'amountCents'>;
}

/**
 * Charges a card contribution and resolves once the server reports the payment succeeded.
 * Every rejection is an Error whose message is what the visitor should read (a product text).
 *
 * Order (the product's fallbacks): SDK tokenization → POST /api/donations with the token (the server
 * queues the charge, or the monthly plan when recurring). If tokenization fails for a reason
 * other than card validation, the plain payment call: the SDK charges in the browser and
 * POST /api/process-payment reports the receipt for the server to verify. Either way the
 * payment is then polled until it succeeded or failed.
 */
export async function runCardPayment(input: RunCardPaymentInput): Promise<steps.CardPaymentSucceeded> {
  const { values, amountCents, signal } = input;
  const sdk = steps.readySdk(input);
  if (!Number.isInteger(amountCents) || amountCents < dollarsToCents(MIN_CONTRIBUTION_DOLLARS)) {
    throw steps.paymentError(contributionMessages.invalidAmount);
  }

  const payor = { payorInfo: steps.payorInfo(values), billingInfo: billingInfo(values) };
  const tokenized = await steps.tokenizeCard(sdk, { ...payor, metadata: { source: METADATA_SOURCE } }, signal);
  let paymentId: string;
  if (tokenized.type === 'TOKENIZED') {
    paymentId = await submitTokenizedCard(input, tokenized.paymentMethodId);
  } else if (steps.isCardValidationError(tokenized.error)) {
    throw steps.paymentError(paymentMessages.invalidCard, tokenized.error);
  } else {
    // The product puts "backend tokenization" (POST /api/create-payment-method with the raw
    // card) between SDK tokenization and the plain payment call. This page never has the card
    // number: it is typed into the provider's hosted fields (ADR 007), so that step
    // cannot run here and is skipped.
    // The server verifies the reported charge by its id or, since Pay Theory does not promise the
    // receipt number is one, by this key in the charge's metadata (docs/decisions/010).
    const metadata = { source: METADATA_SOURCE, idempotency_key: input.idempotencyKey };
    const receipt = await steps.chargeInBrowser(
      sdk,
      { ...payor, amountCents, metadata },
      signal,
      tokenized.cause ?? tokenized.error,
    );
    paymentId = await reportBrowserCharge(input, receipt.receiptNumber, receipt.paymentMethodId);
  }
  const failedFallback = values.isRecurring ? paymentMessages.recurringSetupFailed : paymentMessages.processingFailed;
  return steps.settle(paymentId, input, failedFallback);
}

async function submitTokenizedCard(input: RunCardPaymentInput, paymentMethodToken: string): Promise<string> {
  const { values, amountCents, idempotencyKey, signal } = input;
  const request: DonationRequest = {
    ...donationFields(values, amountCents),
    paymentMethodToken,
    provider: CARD_PROVIDER,
    amountCents: String(amountCents),
  };
  const fallback = values.isRecurring ? paymentMessages.recurringSetupFailed : paymentMessages.createDonationFailed;
  const accepted = await steps.submitPayment(
    () => createDonation({ request, idempotencyKey, signal }),
    input,
    fallback,
  );
  return accepted.paymentId;
}

/** POST /api/process-payment with the browser's receipt; the server verifies it. */
async function reportBrowserCharge(
  input: RunCardPaymentInput,
  receiptNumber: string,
  paymentMethodId: string | undefined,
): Promise<string> {
  const { values, amountCents, idempotencyKey, signal } = input;
  const request = {
    amount: amountCents,
    buyer: steps.payorInfo(values),
    donation: donationFields(values, amountCents),
    paymentMethod: 'card',
    ...(paymentMethodId ? { payment_method_id: paymentMethodId } : {}),
    provider: CARD_PROVIDER,
    tokenized: false,
    recurring: values.isRecurring,
    transactionId: receiptNumber,
  } as const;
  const accepted = await steps.submitPayment(
    () => processPayment({ request, idempotencyKey, signal }),
    input,
    paymentMessages.donationProcessingFailed,
  );
  return accepted.paymentId;
}
