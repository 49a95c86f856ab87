import {
  Buyer,
  MEMBERSHIP_PRICE_CENTS,
  MembershipApplication,
  MembershipForm,
  WAIVER_VERSION,
  MembershipPaymentAccepted,
  RecordCreated,
  membershipMessages,
} from '@pillars/shared/contracts';
import { memberships } from '@pillars/shared/db';
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { type Tx, idempotencyKeyOf, once } from '../../lib/idempotency';
import { apiError, featureRouter, idempotencyHeader, json, openapiRoute } from '../../lib/openapi';
import { publishNow, queuePayment } from '../../lib/payments';
import { parseJson } from '../../lib/validate';
import { paymentMethodOf } from '../payments/raw-card';

/** POST /api/process-membership-payment. The amount is always ours (2500 cents); one sent must agree. */
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

const applyForMembership = createRoute({
  method: 'post',
  path: '/memberships',
  tags: ['memberships'],
  summary: "The home page's membership-interest form: an application to follow up, no payment",
  request: {
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: MembershipApplication } } },
  },
  responses: {
    201: json('The application stored', RecordCreated),
    400: apiError('Invalid body or Idempotency-Key'),
    409: apiError('The Idempotency-Key was used for a different request'),
  },
});

const processMembershipPayment = createRoute({
  method: 'post',
  path: '/process-membership-payment',
  tags: ['memberships'],
  summary: 'Record a membership (waiver accepted) and queue its monthly plan',
  request: {
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: MembershipPaymentRequest } } },
  },
  responses: {
    202: json('The membership stored and its plan queued: poll the payment', MembershipPaymentAccepted),
    400: apiError('Waiver not accepted, invalid membership, amount or card'),
    403: apiError('Raw card fields sent while the raw-card fallback is disabled'),
    409: apiError('The Idempotency-Key was used for a different request'),
  },
});

export function membershipsRoutes(deps: AppDeps) {
  const { db, queues } = deps;
  const app = featureRouter();
  openapiRoute(app, applyForMembership, async (c) => {
    // The home page's membership-interest form: an application to follow up, no payment.
    const body = await parseJson(c, MembershipApplication);
    const result = await once<{ status: 201; body: RecordCreated }>(
      db,
      'memberships',
      idempotencyKeyOf(c),
      body,
      async (tx) => {
        const id = await insertMembership(tx, body, { paymentMethod: body.paymentMethod });
        return { status: 201, body: { success: true, data: { id } } };
      },
    );
    return c.json(result.body, 201);
  });
  openapiRoute(app, processMembershipPayment, async (c) => {
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

    type Answer = { status: 202; body: MembershipPaymentAccepted };
    const result = await once<Answer>(
      db,
      'process-membership-payment',
      idempotencyKeyOf(c),
      fingerprint,
      async (tx) => {
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
      },
    );
    await publishNow(db, queues, c.get('logger'), result.outboxIds ?? []);
    return c.json(result.body, 202);
  });
  return app;
}
