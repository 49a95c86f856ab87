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
import { featureRouter, idempotencyHeader, json, openapiRoute, operation, rateLimited } from '../../lib/openapi';
import {
  eventBySlug,
  payRegistrationWithToken,
  registrationEmail,
  register,
  registrationSummary,
  reportRegistrationCharge,
} from './registrations.service';

const registrationParams = z.object({ id: Id });

const tags = ['registrations'];

const registerRoute = operation('post', '/events/{slug}/register', {
  tags,
  summary: 'Register for an event; the fee is computed by the server from the event and tier',
  params: z.object({ slug: z.string() }),
  headers: idempotencyHeader,
  body: EventRegistrationRequest,
  ok: json('The registration stored (pay it next when the event requires payment)', EventRegistrationCreated),
  status: 201,
  answers: {
    400: "Invalid body, tier, or an eventId that is not this event's",
    404: 'No public event has this slug (a draft is not public)',
    409: 'The event was cancelled, the event or the chosen tier is sold out, or the Idempotency-Key was used for a different request',
  },
});

const getRegistration = operation('get', '/event-registrations/{id}', {
  tags,
  summary: 'What the event payment page needs, without contact details',
  params: registrationParams,
  ok: json('The registration and its event; paymentAmount in cents', RegistrationSummaryResponse),
  answers: { 404: 'No registration has this id' },
});

const payWithToken = operation('post', '/event-registrations/{id}/payment', {
  tags,
  summary: "Queue the registration's fee charge with a card token",
  params: registrationParams,
  headers: idempotencyHeader,
  body: RegistrationChargeRequest,
  ok: json('The payment to poll (the first one, when one is already under way)', PaymentAccepted),
  status: 202,
  answers: {
    400: 'Invalid body',
    404: 'No registration has this id',
    409: 'The event requires no payment, the registration has no fee, its reservation expired, or it is no longer pending',
    429: rateLimited,
  },
});

const reportPayment = operation('patch', '/event-registrations/{id}/payment', {
  tags,
  summary: 'Report a charge the browser made; the worker verifies it (amount included)',
  params: registrationParams,
  headers: idempotencyHeader,
  body: EventPaymentPatch,
  ok: json('The payment queued for verification', PaymentQueued),
  status: 202,
  answers: {
    400: 'Invalid body',
    404: 'No registration has this id',
    409: 'The event requires no payment, or the registration has no fee',
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
