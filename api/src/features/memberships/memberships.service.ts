import {
  type MembershipApplication,
  MembershipForm,
  type MembershipPaymentAccepted,
  type MembershipPaymentRequest,
  type RecordCreated,
  WAIVER_VERSION,
  membershipMessages,
} from '@pillars/contracts';
import { MEMBERSHIP_PRICE_CENTS } from '@pillars/money/rules';
import { membershipApplications, memberships } from '@pillars/platform/db';
import { publishNow, queueEmails } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { accept } from '@pillars/money';
import type { AppDeps } from '../../lib/context';
import { AppError, issuesOf } from '../../lib/errors';
import { acceptAndPublish, conflictToAppError, recordCreated } from '../../lib/payments';
import { paymentMethodOf } from '../payments/raw-card';

type MembershipFields = Pick<
  MembershipForm,
  'firstName' | 'lastName' | 'email' | 'phone' | 'message' | 'address' | 'city' | 'state' | 'zip'
>;

/** The membership columns the membership form fills; status and payment fields are the server's to set. */
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

/**
 * The home page's membership-interest form: an application to follow up, no payment. It is stored
 * as a membership application, never a membership (docs/decisions/051-membership-interest.md), and
 * in the same transaction queues two e-mails, sent once each by the e-mail worker: an
 * acknowledgement to the applicant and a notice to the organisation's contact address. A replay of
 * the same Idempotency-Key answers the first id and queues nothing.
 */
export async function applyForMembership(
  deps: Pick<AppDeps, 'db' | 'queues' | 'config'>,
  logger: Logger,
  body: MembershipApplication,
  idempotencyKey: string | undefined,
): Promise<RecordCreated> {
  const accepted = await deps.db
    .transaction(async (tx) => {
      const result = await accept(tx, {
        idempotency: { scope: 'memberships', key: idempotencyKey, request: body },
        record: {
          table: membershipApplications,
          values: {
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            phone: body.phone || null,
            message: body.message || null,
            paymentMethod: body.paymentMethod,
          },
        },
        answer: ({ recordId }) => ({ status: 201 as const, body: recordCreated(recordId) }),
      });
      if (result.replayed) return result;
      const subjectId = result.answer.body.data.id;
      const emails = await queueEmails(tx, [
        { kind: 'membership-interest-received', subjectId, recipient: body.email },
        { kind: 'membership-interest-notice', subjectId, recipient: deps.config.CONTACT_EMAIL },
      ]);
      return { ...result, outbox: [...result.outbox, ...emails] };
    })
    .catch(conflictToAppError);
  await publishNow(deps.db, deps.queues, logger, accepted.outbox);
  if (!accepted.replayed) logger.info({ applicationId: accepted.answer.body.data.id }, 'membership application stored');
  return accepted.answer.body;
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
