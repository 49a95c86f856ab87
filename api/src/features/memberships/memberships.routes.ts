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
import { featureRouter, idempotencyHeader, json, openapiRoute, operation, rateLimited } from '../../lib/openapi';
import { acceptMembershipPayment, applyForMembership } from './memberships.service';

const tags = ['memberships'];

const applyRoute = operation('post', '/memberships', {
  tags,
  summary: "The home page's membership-interest form: an application to follow up, no payment",
  headers: idempotencyHeader,
  body: MembershipApplication,
  ok: json('The application stored', RecordCreated),
  status: 201,
  answers: {
    400: 'Invalid body or Idempotency-Key',
    409: 'The Idempotency-Key was used for a different request',
  },
});

const processMembershipPaymentRoute = operation('post', '/process-membership-payment', {
  tags,
  summary: 'Record a membership (waiver accepted) and queue its monthly plan',
  headers: idempotencyHeader,
  body: MembershipPaymentRequest,
  ok: json('The membership stored and its plan queued: poll the payment', MembershipPaymentAccepted),
  status: 202,
  answers: {
    400: 'Waiver not accepted, invalid membership, amount or card',
    403: 'Raw card fields sent while the raw-card fallback is disabled',
    409: 'The Idempotency-Key was used for a different request',
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
