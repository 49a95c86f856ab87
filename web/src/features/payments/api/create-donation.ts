import { type DonationRequest, IDEMPOTENCY_HEADER, PaymentAccepted } from '@pillars/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export type CreateDonationInput = {
  request: DonationRequest;
  /** One per form submission; the same key on a retry makes the server return the first answer. */
  idempotencyKey: string;
  signal?: AbortSignal;
};

/**
 * POST /api/donations with a tokenized card: the server records the donation (pending), queues
 * the charge, or the monthly plan when `isRecurring`, and answers 202 with the payment to poll.
 */
export async function createDonation({ request, idempotencyKey, signal }: CreateDonationInput) {
  const response = await apiRequest('POST', '/api/donations', request, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    signal,
  });
  return PaymentAccepted.parse(await response.json());
}

export function useCreateDonation() {
  return useMutation({ mutationFn: createDonation });
}
