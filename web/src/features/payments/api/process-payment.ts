import { type Buyer, type DonationRequest, ProcessPaymentAccepted } from '@pillars/contracts';
import { submitOnce } from '@/lib/submit-once';

/**
 * POST /api/process-payment after the browser charged the card itself (the plain payment call,
 * used when tokenization fails). `transactionId` is the provider's receipt: the server checks the
 * charge with the provider before it marks anything paid, so this is a claim, not a proof.
 */
export type ProcessPaymentRequest = {
  amount: number;
  buyer: Buyer;
  donation: Omit<DonationRequest, 'paymentMethodToken' | 'provider' | 'amountCents'>;
  paymentMethod: 'card';
  payment_method_id?: string;
  provider: string;
  tokenized: false;
  recurring: boolean;
  transactionId: string;
};

export type ProcessPaymentInput = { request: ProcessPaymentRequest; idempotencyKey: string; signal?: AbortSignal };

export function processPayment({ request, ...submission }: ProcessPaymentInput) {
  return submitOnce('POST', '/api/process-payment', request, ProcessPaymentAccepted, submission);
}
