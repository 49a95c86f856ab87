import {
  MEMBERSHIP_PRICE_CENTS,
  type MembershipApplication,
  MembershipForm,
  type MembershipPaymentAccepted,
  type MembershipPaymentRequest,
  type RecordCreated,
  WAIVER_VERSION,
  membershipMessages,
} from '@pillars/shared/contracts';
import { memberships } from '@pillars/shared/db';
import type { Logger } from '@pillars/shared/logger';
import type { AppDeps } from '../../lib/context';
import { AppError, issuesOf } from '../../lib/errors';
import { acceptAndPublish, recordCreated } from '../../lib/payments';
import { paymentMethodOf } from '../payments/raw-card';

type MembershipFields = Pick<
  MembershipForm,
  'firstName' | 'lastName' | 'email' | 'phone' | 'message' | 'address' | 'city' | 'state' | 'zip'
>;

/** The membership columns either form fills; status and payment fields are the server's to set. */
function membershipValues(m: MembershipFields, extra: { paymentMethod: string; waiverAccepted?: true }) {
  return {
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    phone: m.phone || null,
    message: m.message || null,
    address: m.address ?? null,
    city: m.city ?? null,
    state: m.state ?? null,
    zip: m.zip ?? null,
    paymentMethod: extra.paymentMethod,
    ...(extra.waiverAccepted
      ? { waiverAccepted: true, waiverAcceptedAt: new Date(), waiverVersion: WAIVER_VERSION }
      : {}),
  };
}

/** The home page's membership-interest form: an application to follow up, no payment. */
export async function applyForMembership(
  deps: Pick<AppDeps, 'db' | 'queues'>,
  logger: Logger,
  body: MembershipApplication,
  idempotencyKey: string | undefined,
): Promise<RecordCreated> {
  const answer = await acceptAndPublish<{ status: 201; body: RecordCreated }>(deps, logger, {
    idempotency: { scope: 'memberships', key: idempotencyKey, request: body },
    record: { table: memberships, values: membershipValues(body, { paymentMethod: body.paymentMethod }) },
    answer: ({ recordId }) => ({ status: 201, body: recordCreated(recordId) }),
  });
  return answer.body;
}

/**
 * A membership with its monthly plan. The waiver comes first: without it nothing is stored and
 * nothing is charged. The price is ours (MEMBERSHIP_PRICE_CENTS); an amount sent must agree.
 */
export async function acceptMembershipPayment(
  deps: Pick<AppDeps, 'db' | 'queues' | 'config' | 'provider'>,
  logger: Logger,
  request: MembershipPaymentRequest,
  idempotencyKey: string | undefined,
): Promise<MembershipPaymentAccepted> {
  if (request.membership.waiverAccepted !== true) {
    throw new AppError('INVALID_DATA', membershipMessages.waiverRequired);
  }
  const membership = MembershipForm.safeParse({ paymentMethod: 'card', ...request.membership });
  if (!membership.success) {
    // Its fields are named where they are in the request, under `membership`.
    const issues = issuesOf(membership.error).map((issue) => ({ ...issue, path: ['membership', ...issue.path] }));
    throw new AppError('INVALID_DATA', issues[0]?.message ?? 'Invalid input', { issues });
  }
  if (request.amount !== undefined && Number(request.amount) !== MEMBERSHIP_PRICE_CENTS) {
    throw new AppError('INVALID_DATA', 'Membership is $25.00 a month.');
  }
  const { token, fingerprint } = await paymentMethodOf(deps, request, request.buyer);
  if (!token) throw new AppError('INVALID_DATA', 'Payment method creation failed');
  const answer = await acceptAndPublish<{ status: 202; body: MembershipPaymentAccepted }>(deps, logger, {
    idempotency: { scope: 'process-membership-payment', key: idempotencyKey, request: fingerprint },
    record: {
      table: memberships,
      values: membershipValues(membership.data, { paymentMethod: 'card', waiverAccepted: true }),
    },
    payment: { kind: 'membership', amountCents: MEMBERSHIP_PRICE_CENTS, paymentMethodToken: token },
    answer: ({ recordId, paymentId }) => ({
      status: 202,
      body: {
        success: true,
        paymentId,
        membershipId: recordId,
        data: { id: recordId },
        transactionId: null,
        status: 'queued',
      },
    }),
  });
  return answer.body;
}
