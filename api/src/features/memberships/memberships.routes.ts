import { createRoute } from '@hono/zod-openapi';
import {
  MembershipApplication,
  MembershipPaymentAccepted,
  MembershipPaymentRequest,
  RecordCreated,
} from '@pillars/contracts';
import type { Limiters } from '@pillars/platform/limits';
import type { AppDeps } from '../../lib/context';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { guardCharge } from '../../lib/limits';
import { apiError, featureRouter, idempotencyHeader, json, openapiRoute, rateLimited } from '../../lib/openapi';
import { acceptMembershipPayment, applyForMembership } from './memberships.service';

const applyRoute = createRoute({
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

const processMembershipPaymentRoute = createRoute({
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
    429: rateLimited,
  },
});

export function membershipsRoutes(deps: AppDeps, limiters: Limiters) {
  const app = featureRouter();
  openapiRoute(app, applyRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json(await applyForMembership(deps, c.get('logger'), body, idempotencyKeyOf(c)), 201);
  });
  openapiRoute(app, processMembershipPaymentRoute, async (c) => {
    const request = c.req.valid('json');
    // The member's e-mail is the one the worker counts declines against; the buyer's stands in.
    const { email } = request.membership;
    await guardCharge(c, deps, limiters, {
      email: typeof email === 'string' ? email : request.buyer.email,
      token: request.payment_method_id,
    });
    return c.json(await acceptMembershipPayment(deps, c.get('logger'), request, idempotencyKeyOf(c)), 202);
  });
  return app;
}
