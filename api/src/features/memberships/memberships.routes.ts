import {
  Buyer,
  MEMBERSHIP_PRICE_CENTS,
  MembershipApplication,
  MembershipForm,
  WAIVER_VERSION,
  membershipMessages,
} from '@pillars/shared/contracts';
import { memberships } from '@pillars/shared/db';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { type Tx, idempotencyKeyOf, once } from '../../lib/idempotency';
import { publishNow, queuePayment } from '../../lib/payments';
import { parseJson } from '../../lib/validate';
import { paymentMethodOf } from '../payments/raw-card';

/** SPEC section 7, POST /api/process-membership-payment. The amount is always ours: 2500. */
const MembershipPaymentRequest = z.object({
  amount: z.union([z.number(), z.string()]).optional(),
  buyer: Buyer,
  membership: z.record(z.string(), z.unknown()),
  paymentMethod: z.literal('card'),
  payment_method_id: z.string().min(1).max(200).optional(),
  provider: z.string().max(50).optional(),
  tokenized: z.boolean().default(false),
  recurring: z.boolean().default(true),
  formData: z.record(z.string(), z.unknown()).optional(),
});

/** Inserts a membership from either form; status and payment fields are the server's to set. */
async function insertMembership(
  tx: Tx,
  m: Pick<
    MembershipForm,
    'firstName' | 'lastName' | 'email' | 'phone' | 'message' | 'address' | 'city' | 'state' | 'zip'
  >,
  extra: { paymentMethod: string; waiverAccepted?: true },
): Promise<string> {
  const [row] = await tx
    .insert(memberships)
    .values({
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
    })
    .returning({ id: memberships.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export function membershipsRoutes(deps: AppDeps) {
  const { db, queues } = deps;
  return new Hono<AppEnv>()
    .post('/memberships', async (c) => {
      // The home page's membership-interest form: an application to follow up, no payment.
      const body = await parseJson(c, MembershipApplication);
      const result = await once(db, 'memberships', idempotencyKeyOf(c), body, async (tx) => {
        const id = await insertMembership(tx, body, { paymentMethod: body.paymentMethod });
        return { status: 201, body: { success: true, data: { id } } };
      });
      return c.json(result.body, result.status);
    })
    .post('/process-membership-payment', async (c) => {
      const request = await parseJson(c, MembershipPaymentRequest);
      // The waiver comes first: without it nothing is stored and nothing is charged.
      if (request.membership.waiverAccepted !== true) {
        throw new AppError('INVALID_DATA', membershipMessages.waiverRequired);
      }
      const membership = MembershipForm.safeParse({ paymentMethod: 'card', ...request.membership });
      if (!membership.success) {
        throw new AppError('INVALID_DATA', membership.error.issues[0]?.message ?? 'Invalid input');
      }
      if (request.amount !== undefined && Number(request.amount) !== MEMBERSHIP_PRICE_CENTS) {
        throw new AppError('INVALID_DATA', 'Membership is $25.00 a month.');
      }
      const { token, fingerprint } = await paymentMethodOf(deps, request, request.buyer);
      if (!token) throw new AppError('INVALID_DATA', 'Payment method creation failed');

      const result = await once(db, 'process-membership-payment', idempotencyKeyOf(c), fingerprint, async (tx) => {
        const id = await insertMembership(tx, membership.data, { paymentMethod: 'card', waiverAccepted: true });
        const queued = await queuePayment(tx, {
          kind: 'membership',
          recordId: id,
          amountCents: MEMBERSHIP_PRICE_CENTS,
          paymentMethodToken: token,
        });
        return {
          status: 202,
          body: {
            success: true,
            paymentId: queued.paymentId,
            membershipId: id,
            data: { id },
            transactionId: null,
            status: 'queued',
          },
          outboxIds: queued.outboxIds,
        };
      });
      await publishNow(db, queues, c.get('logger'), result.outboxIds ?? []);
      return c.json(result.body, result.status);
    });
}
