import { type Buyer, type DonationRequest, IDEMPOTENCY_HEADER, ProcessPaymentAccepted } from '@pillars/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

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

export async function processPayment({ request, idempotencyKey, signal }: ProcessPaymentInput) {
  const response = await apiRequest('POST', '/api/process-payment', request, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    signal,
  });
  return ProcessPaymentAccepted.parse(await response.json());
}

export function useProcessPayment() {
  return useMutation({ mutationFn: processPayment });
}
