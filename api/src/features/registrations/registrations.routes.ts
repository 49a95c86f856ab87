import { createRoute } from '@hono/zod-openapi';
import {
  EventPaymentPatch,
  EventRegistrationCreated,
  EventRegistrationRequest,
  PaymentAccepted,
  PaymentQueued,
  RegistrationSummaryResponse,
  eventRegistrationSchema,
  parsePricingTiers,
} from '@pillars/shared/contracts';
import { eventRegistrations, events } from '@pillars/shared/db';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError, invalidData, notFound } from '../../lib/errors';
import { idempotencyKeyOf, once } from '../../lib/idempotency';
import { apiError, featureRouter, idempotencyHeader, json, openapiRoute } from '../../lib/openapi';
import { publishNow } from '../../lib/payments';
import { parseJson } from '../../lib/validate';
import { feeOf, payRegistration, registrationWithEvent } from './registrations.service';

const RegistrationId = z.uuid();
const ChargeRequest = z.object({ paymentMethodToken: z.string().min(1).max(200) });
const registrationParams = z.object({ id: z.uuid() });

const register = createRoute({
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
    404: apiError('No event has this slug'),
    409: apiError('The Idempotency-Key was used for a different request'),
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
    body: { required: true, content: { 'application/json': { schema: ChargeRequest } } },
  },
  responses: {
    202: json('The payment to poll (the first one, when one is already under way)', PaymentAccepted),
    400: apiError('Invalid body'),
    404: apiError('No registration has this id'),
    409: apiError('The event requires no payment, or the registration has no fee'),
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

export function registrationsRoutes({ db, queues }: AppDeps) {
  const app = featureRouter();

  openapiRoute(app, register, async (c) => {
    const [event] = await db
      .select()
      .from(events)
      .where(eq(events.slug, c.req.param('slug')))
      .limit(1);
    if (!event) throw notFound('Event');
    const body = await parseJson(c, EventRegistrationRequest);
    const tiers = parsePricingTiers(event.pricingTiers);
    const checked = eventRegistrationSchema({
      requiresPayment: event.requiresPayment,
      pricingTiers: tiers,
    }).safeParse(body);
    if (!checked.success) throw invalidData(checked.error);
    if (body.eventId !== event.id) throw new AppError('INVALID_DATA', 'The registration does not match this event.');
    type Answer = { status: 201; body: z.infer<typeof EventRegistrationCreated> };
    const result = await once<Answer>(db, `register-${event.id}`, idempotencyKeyOf(c), body, async (tx) => {
      const [row] = await tx
        .insert(eventRegistrations)
        .values({
          eventId: event.id,
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          phone: body.phone,
          comments: body.comments || null,
          selectedTier: event.requiresPayment && tiers.length > 0 ? (body.selectedTier ?? null) : null,
          paymentAmount: feeOf(event, body.selectedTier),
        })
        .returning({ id: eventRegistrations.id });
      if (!row) throw new Error('insert returned no row');
      return { status: 201, body: { success: true, data: { registrationId: row.id } } };
    });
    return c.json(result.body, 201);
  });

  openapiRoute(app, getRegistration, async (c) => {
    const id = RegistrationId.safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Registration');
    const found = await registrationWithEvent(db, id.data);
    if (!found) throw notFound('Registration');
    const { registration, event } = found;
    // Whoever holds the (unguessable) id sees what the payment page needs, and no contact details.
    return c.json(
      {
        success: true,
        data: {
          id: registration.id,
          eventId: event.id,
          firstName: registration.firstName,
          lastName: registration.lastName,
          status: registration.status,
          selectedTier: registration.selectedTier,
          paymentAmount: registration.paymentAmount ?? feeOf(event, registration.selectedTier),
          createdAt: registration.createdAt.toISOString(),
          event: {
            slug: event.slug,
            title: event.title,
            startDate: event.startDate.toISOString(),
            endDate: event.endDate.toISOString(),
            location: event.location,
            requiresPayment: event.requiresPayment,
          },
        },
      } satisfies RegistrationSummaryResponse,
      200,
    );
  });

  openapiRoute(app, payWithToken, async (c) => {
    const id = RegistrationId.safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Registration');
    const body = await parseJson(c, ChargeRequest);
    const queued = await payRegistration(db, id.data, { paymentMethodToken: body.paymentMethodToken });
    await publishNow(db, queues, c.get('logger'), queued.outboxIds);
    return c.json(
      { success: true, data: { id: id.data }, paymentId: queued.paymentId, status: 'queued' } satisfies PaymentAccepted,
      202,
    );
  });

  openapiRoute(app, reportPayment, async (c) => {
    // A charge the browser reports is a claim: the worker verifies it with the provider (amount
    // included) before the registration becomes paid.
    const id = RegistrationId.safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Registration');
    const body = await parseJson(c, EventPaymentPatch);
    const queued = await payRegistration(db, id.data, {
      claimedTransactionId: body.payTheoryPaymentId,
      claimedIdempotencyKey: idempotencyKeyOf(c),
    });
    await publishNow(db, queues, c.get('logger'), queued.outboxIds);
    return c.json({ success: true, paymentId: queued.paymentId, status: 'queued' } satisfies PaymentQueued, 202);
  });

  return app;
}
