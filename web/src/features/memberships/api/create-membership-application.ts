import { type MembershipApplication, RecordCreated } from '@pillars/contracts';
import { useMutation } from '@tanstack/react-query';
import { submitOnce } from '@/lib/api';

export type CreateMembershipApplicationInput = {
  application: MembershipApplication;
  /** The same key on a retry of the same application makes the server answer with the first result. */
  idempotencyKey: string;
};

/** POST /api/memberships: the home page's membership interest, recorded for follow-up, no payment. */
export function createMembershipApplication({ application, idempotencyKey }: CreateMembershipApplicationInput) {
  return submitOnce('POST', '/api/memberships', application, RecordCreated, { idempotencyKey });
}

export function useCreateMembershipApplication() {
  return useMutation({ mutationFn: createMembershipApplication });
}
