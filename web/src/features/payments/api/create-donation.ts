import { type DonationRequest, PaymentAccepted } from '@pillars/contracts';
import { submitOnce } from '@/lib/submit-once';

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
export function createDonation({ request, ...submission }: CreateDonationInput) {
  return submitOnce('POST', '/api/donations', request, PaymentAccepted, submission);
}
