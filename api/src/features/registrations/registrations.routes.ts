import {
  EventPaymentPatch,
  EventRegistrationRequest,
  type RegistrationSummaryResponse,
  eventRegistrationSchema,
  parsePricingTiers,
} from '@pillars/shared/contracts';
import { eventRegistrations, events, payments } from '@pillars/shared/db';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError, invalidData, notFound } from '../../lib/errors';
import { type Tx, idempotencyKeyOf, once } from '../../lib/idempotency';
import { publishNow, queuePayment } from '../../lib/payments';
import { parseJson } from '../../lib/validate';

type EventRow = typeof events.$inferSelect;

/**
 * SPEC section 9: the direct event price, else the selected tier's price, else 0. Computed here
 * from the database, never taken from the browser (DESIGN.md rule 3).
 */
export function feeOf(
  event: Pick<EventRow, 'price' | 'pricingTiers'>,
  selectedTier: string | null | undefined,
): number {
  if (event.price > 0) return event.price;
  const tier = parsePricingTiers(event.pricingTiers).find((t) => t.id === selectedTier);
  return tier?.price ?? 0;
}

const RegistrationId = z.uuid();
const ChargeRequest = z.object({ paymentMethodToken: z.string().min(1).max(200) });

async function registrationWithEvent(tx: Tx | AppDeps['db'], id: string, lock = false) {
  const query = tx
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, id))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: eventRegistrations }) : query);
  return row;
}

export function registrationsRoutes({ db, queues }: AppDeps) {
  /** One payment per registration: a second request returns the first one's payment. */
  async function payRegistration(
    id: string,
    payment: { paymentMethodToken?: string; claimedTransactionId?: string; claimedIdempotencyKey?: string | undefined },
  ) {
    return db.transaction(async (tx) => {
      // Locked, so two simultaneous payment requests for one registration queue one payment.
      const found = await registrationWithEvent(tx, id, true);
      if (!found) throw notFound('Registration');
      const { registration, event } = found;
      if (!event.requiresPayment) throw new AppError('CONFLICT', 'This event does not require payment.');
      const amountCents = registration.paymentAmount ?? feeOf(event, registration.selectedTier);
      if (amountCents <= 0) throw new AppError('CONFLICT', 'This registration has no fee to pay.');
      const [existing] = await tx
        .select({ id: payments.id, state: payments.state })
        .from(payments)
        .where(and(eq(payments.kind, 'registration'), eq(payments.recordId, id)))
        .limit(1);
      if (existing && existing.state !== 'failed') return { paymentId: existing.id, outboxIds: [] as number[] };
      return queuePayment(tx, { kind: 'registration', recordId: id, amountCents, ...payment });
    });
  }

  return new Hono<AppEnv>()
    .post('/events/:slug/register', async (c) => {
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
      const result = await once(db, `register-${event.id}`, idempotencyKeyOf(c), body, async (tx) => {
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
            paymentAmount: event.requiresPayment ? feeOf(event, body.selectedTier) : 0,
          })
          .returning({ id: eventRegistrations.id });
        if (!row) throw new Error('insert returned no row');
        return { status: 201, body: { success: true, data: { registrationId: row.id } } };
      });
      return c.json(result.body, result.status);
    })
    .get('/event-registrations/:id', async (c) => {
      const id = RegistrationId.safeParse(c.req.param('id'));
      if (!id.success) throw notFound('Registration');
      const found = await registrationWithEvent(db, id.data);
      if (!found) throw notFound('Registration');
      const { registration, event } = found;
      // Whoever holds the (unguessable) id sees what the payment page needs, and no contact details.
      return c.json({
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
      } satisfies RegistrationSummaryResponse);
    })
    .post('/event-registrations/:id/payment', async (c) => {
      const id = RegistrationId.safeParse(c.req.param('id'));
      if (!id.success) throw notFound('Registration');
      const body = await parseJson(c, ChargeRequest);
      const queued = await payRegistration(id.data, { paymentMethodToken: body.paymentMethodToken });
      await publishNow(db, queues, c.get('logger'), queued.outboxIds);
      return c.json({ success: true, data: { id: id.data }, paymentId: queued.paymentId, status: 'queued' }, 202);
    })
    .patch('/event-registrations/:id/payment', async (c) => {
      // The spec's client reports a charge it made itself; the worker verifies it with the
      // provider (amount included) before the registration becomes paid.
      const id = RegistrationId.safeParse(c.req.param('id'));
      if (!id.success) throw notFound('Registration');
      const body = await parseJson(c, EventPaymentPatch);
      const queued = await payRegistration(id.data, {
        claimedTransactionId: body.payTheoryPaymentId,
        claimedIdempotencyKey: idempotencyKeyOf(c),
      });
      await publishNow(db, queues, c.get('logger'), queued.outboxIds);
      return c.json({ success: true, paymentId: queued.paymentId, status: 'queued' }, 202);
    });
}
