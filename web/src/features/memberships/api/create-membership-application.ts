import { IDEMPOTENCY_HEADER, type MembershipApplication } from '@pillars/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, discardBody } from '@/lib/api';

export type CreateMembershipApplicationInput = {
  application: MembershipApplication;
  /** The same key on a retry of the same application makes the server answer with the first result. */
  idempotencyKey: string;
};

/**
 * POST /api/memberships: the home page's membership interest, recorded for follow-up, no payment.
 * The form needs only its success, so the answer is not read with its contract: that would put
 * the schema library in the home page's first load (docs/decisions/038).
 */
export async function createMembershipApplication({ application, idempotencyKey }: CreateMembershipApplicationInput) {
  const response = await apiRequest('POST', '/api/memberships', application, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  await discardBody(response);
}

export function useCreateMembershipApplication() {
  return useMutation({ mutationFn: createMembershipApplication });
}
