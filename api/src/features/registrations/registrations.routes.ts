import { createRoute } from '@hono/zod-openapi';
import {
  EventPaymentPatch,
  EventRegistrationCreated,
  EventRegistrationRequest,
  Id,
  PaymentAccepted,
  PaymentQueued,
  RegistrationChargeRequest,
  RegistrationSummaryResponse,
} from '@pillars/contracts';
import type { Limiters } from '@pillars/platform/limits';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { guardCharge } from '../../lib/limits';
import { apiError, featureRouter, idempotencyHeader, json, openapiRoute, rateLimited } from '../../lib/openapi';
import {
  eventBySlug,
  payRegistrationWithToken,
  registrationEmail,
  register,
  registrationSummary,
  reportRegistrationCharge,
} from './registrations.service';

const registrationParams = z.object({ id: Id });

const registerRoute = createRoute({
  method: 'post',
  path: '/events/{slug}/register',
  tags: ['registrations'],
  summary: 'Register for an event; the fee is computed by the server from the event and tier',
  request: {
    params: z.object({ slug: z.string() }),
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: EventRegistrationRequest } } },
  },
  responses: {
    201: json('The registration stored (pay it next when the event requires payment)', EventRegistrationCreated),
    400: apiError("Invalid body, tier, or an eventId that is not this event's"),
    404: apiError('No public event has this slug (a draft is not public)'),
    409: apiError(
      'The event was cancelled, the event or the chosen tier is sold out, or the Idempotency-Key was used for a different request',
    ),
  },
});

const getRegistration = createRoute({
  method: 'get',
  path: '/event-registrations/{id}',
  tags: ['registrations'],
  summary: 'What the event payment page needs, without contact details',
  request: { params: registrationParams },
  responses: {
    200: json('The registration and its event; paymentAmount in cents', RegistrationSummaryResponse),
    404: apiError('No registration has this id'),
  },
});

const payWithToken = createRoute({
  method: 'post',
  path: '/event-registrations/{id}/payment',
  tags: ['registrations'],
  summary: "Queue the registration's fee charge with a card token",
  request: {
    params: registrationParams,
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: RegistrationChargeRequest } } },
  },
  responses: {
    202: json('The payment to poll (the first one, when one is already under way)', PaymentAccepted),
    400: apiError('Invalid body'),
    404: apiError('No registration has this id'),
    409: apiError(
      'The event requires no payment, the registration has no fee, its reservation expired, or it is no longer pending',
    ),
    429: rateLimited,
  },
});

const reportPayment = createRoute({
  method: 'patch',
  path: '/event-registrations/{id}/payment',
  tags: ['registrations'],
  summary: 'Report a charge the browser made; the worker verifies it (amount included)',
  request: {
    params: registrationParams,
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: EventPaymentPatch } } },
  },
  responses: {
    202: json('The payment queued for verification', PaymentQueued),
    400: apiError('Invalid body'),
    404: apiError('No registration has this id'),
    409: apiError('The event requires no payment, or the registration has no fee'),
  },
});

export function registrationsRoutes(deps: AppDeps, limiters: Limiters) {
  const app = featureRouter();

  const unknownRegistration = { unknownRecord: notFound('Registration') };

  openapiRoute(app, registerRoute, async (c) => {
    const event = await eventBySlug(deps, c.req.valid('param').slug);
    const body = c.req.valid('json');
    return c.json(await register(deps, c.get('logger'), event, body, () => idempotencyKeyOf(c)), 201);
  });

  openapiRoute(
    app,
    getRegistration,
    async (c) => c.json(await registrationSummary(deps, c.req.valid('param').id), 200),
    unknownRegistration,
  );

  openapiRoute(
    app,
    payWithToken,
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const email = await registrationEmail(deps, id);
      await guardCharge(c, deps, limiters, { email, token: body.paymentMethodToken });
      return c.json(await payRegistrationWithToken(deps, c.get('logger'), id, body.paymentMethodToken), 202);
    },
    unknownRegistration,
  );

  openapiRoute(
    app,
    reportPayment,
    async (c) => {
      const report = {
        payTheoryPaymentId: c.req.valid('json').payTheoryPaymentId,
        idempotencyKey: idempotencyKeyOf(c),
      };
      return c.json(await reportRegistrationCharge(deps, c.get('logger'), c.req.valid('param').id, report), 202);
    },
    unknownRegistration,
  );

  return app;
}
