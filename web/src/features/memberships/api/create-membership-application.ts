import { IDEMPOTENCY_HEADER, type MembershipApplication } from '@pillars/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export type CreateMembershipApplicationInput = {
  application: MembershipApplication;
  /** The same key on a retry of the same application makes the server answer with the first result. */
  idempotencyKey: string;
};

/** POST /api/memberships: the home page's membership interest, recorded for follow-up, no payment. */
export async function createMembershipApplication({ application, idempotencyKey }: CreateMembershipApplicationInput) {
  const response = await apiRequest('POST', '/api/memberships', application, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  const body: unknown = await response.json();
  return body;
}

export function useCreateMembershipApplication() {
  return useMutation({ mutationFn: createMembershipApplication });
}
