import {
  type EventRegistrationCreated,
  type EventRegistrationRequest,
  type PaymentAccepted,
  type PaymentQueued,
  type RegistrationSummaryResponse,
  eventRegistrationSchema,
  parsePricingTiers,
  placesMessages,
} from '@pillars/contracts';
import { eventPriceCents } from '@pillars/money/rules';
import { type Database, type Tx, eventPlaces, eventRegistrations, events, payments } from '@pillars/platform/db';
import { publishNow, queueEmails } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { type Acceptance, SoldOut, accept, holdUntil, queuePayment, soldOutTier } from '@pillars/money';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError, invalidData, notFound } from '../../lib/errors';
import {
  acceptAndPublish,
  conflictToAppError,
  fromThisRequest,
  notePaymentCreated,
  paymentAccepted,
  paymentQueued,
} from '../../lib/payments';

type EventRow = typeof events.$inferSelect;

/** A stored event's fee in cents for a ticket type (`eventPriceCents` holds the rule). */
export function feeOf(
  event: Pick<EventRow, 'requiresPayment' | 'price' | 'pricingTiers'>,
  selectedTier: string | null | undefined,
): number {
  return eventPriceCents({ ...event, pricingTiers: parsePricingTiers(event.pricingTiers) }, selectedTier);
}

/** A registration with its event; `lock` holds the registration row until the transaction ends. */
export async function registrationWithEvent(tx: Tx | Database, id: string, lock = false) {
  const query = tx
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, id))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: eventRegistrations }) : query);
  return row;
}

export const registrationRefusals = {
  cancelled: 'This event was cancelled; it takes no registrations.',
} as const;

/** The event a registration is for, by its slug (read before the body, so an unknown event is a 404 first). */
export async function eventBySlug({ db }: Pick<AppDeps, 'db'>, slug: string): Promise<EventRow> {
  const [event] = await db.select().from(events).where(eq(events.slug, slug)).limit(1);
  // A draft is not public: to a visitor it does not exist (docs/decisions/025).
  if (!event || event.status === 'draft') throw notFound('Event');
  if (event.status === 'cancelled') throw new AppError('CONFLICT', registrationRefusals.cancelled);
  return event;
}

/** The 409 of a registration beyond capacity, naming the tier when only the tier is full. */
async function soldOutError(db: Database, soldOut: SoldOut, event: EventRow): Promise<AppError> {
  const tierId = await soldOutTier(db, soldOut);
  const tier = parsePricingTiers(event.pricingTiers).find((t) => t.id === tierId);
  const message = tier ? placesMessages.tierSoldOut(tier.name) : placesMessages.eventSoldOut;
  return new AppError('CONFLICT', message, { cause: soldOut });
}

/**
 * Registers for an event, once per key. The body is checked against the stored event (its
 * ticket types), and the fee is computed by the server from the event and tier.
 */
export async function register(
  deps: Pick<AppDeps, 'db' | 'queues' | 'now'>,
  logger: Logger,
  event: EventRow,
  body: EventRegistrationRequest,
  idempotencyKey: () => string | undefined,
): Promise<z.infer<typeof EventRegistrationCreated>> {
  const tiers = parsePricingTiers(event.pricingTiers);
  const checked = eventRegistrationSchema({ requiresPayment: event.requiresPayment, pricingTiers: tiers }).safeParse(
    body,
  );
  if (!checked.success) throw invalidData(checked.error);
  if (body.eventId !== event.id) throw new AppError('INVALID_DATA', 'The registration does not match this event.');
  const fee = feeOf(event, body.selectedTier);
  const selectedTier = event.requiresPayment && tiers.length > 0 ? (body.selectedTier ?? null) : null;
  // A limited event's registration takes its places in the accept statement; one with a fee holds
  // them until its hold ends unless it is paid by then (docs/decisions/022).
  const limited = await deps.db
    .select({ tierId: eventPlaces.tierId })
    .from(eventPlaces)
    .where(eq(eventPlaces.eventId, event.id))
    .limit(1);
  const held = limited.length > 0 && fee > 0 ? holdUntil(deps.now?.() ?? new Date()) : undefined;
  const acceptance: Acceptance<{ status: 201; body: z.infer<typeof EventRegistrationCreated> }> = {
    idempotency: { scope: `register-${event.id}`, key: idempotencyKey(), request: body },
    record: {
      table: eventRegistrations,
      values: {
        eventId: event.id,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        phone: body.phone,
        comments: body.comments || null,
        selectedTier,
        paymentAmount: fee,
        placeHeldUntil: held,
      },
    },
    ...(limited.length > 0 ? { places: { eventId: event.id, tierId: selectedTier } } : {}),
    answer: ({ recordId }) => ({ status: 201, body: { success: true, data: { registrationId: recordId } } }),
  };
  // A place with a fee is confirmed when its payment succeeds (the ledger's completeRecord queues
  // the e-mail); one with nothing to pay is confirmed now, its e-mail queued with the record.
  const soldOut = async (error: unknown): Promise<never> => {
    throw error instanceof SoldOut ? await soldOutError(deps.db, error, event) : error;
  };
  if (fee > 0) return (await acceptAndPublish(deps, logger, acceptance).catch(soldOut)).body;
  const accepted = await deps.db
    .transaction(async (tx) => {
      const result = await accept(tx, acceptance);
      if (result.replayed) return result;
      const emails = await queueEmails(tx, [
        { kind: 'registration-confirmation', subjectId: result.answer.body.data.registrationId, recipient: body.email },
      ]);
      return { ...result, outbox: [...result.outbox, ...emails] };
    })
    .catch(soldOut)
    .catch(conflictToAppError);
  await publishNow(deps.db, deps.queues, logger, accepted.outbox);
  return accepted.answer.body;
}

/** A payment of the registration that is not failed: under way or succeeded. */
async function livePaymentOf(tx: Tx | Database, id: string) {
  // Among failed attempts and a live one, the live one: a registration already paid (or being
  // paid) never gets a second payment (docs/decisions/046).
  const [existing] = await tx
    .select({ id: payments.id, state: payments.state })
    .from(payments)
    .where(and(eq(payments.kind, 'registration'), eq(payments.recordId, id), ne(payments.state, 'failed')))
    .limit(1);
  return existing;
}

/**
 * What the event payment page needs: whoever holds the (unguessable) id, which rides in the
 * payment page's URL, so nothing that names the registrant: no name, e-mail or phone. The
 * registrant's own browser keeps those (docs/decisions/046).
 */
export async function registrationSummary(
  { db, now = () => new Date() }: Pick<AppDeps, 'db' | 'now'>,
  id: string,
): Promise<RegistrationSummaryResponse> {
  const found = await registrationWithEvent(db, id);
  if (!found) throw notFound('Registration');
  const { registration, event } = found;
  const reservationExpired =
    registration.paymentAmount !== null &&
    registration.paymentAmount > 0 &&
    holdEnded(registration, now()) &&
    !(await livePaymentOf(db, id));
  return {
    success: true,
    data: {
      id: registration.id,
      eventId: event.id,
      status: registration.status,
      selectedTier: registration.selectedTier,
      paymentAmount: registration.paymentAmount ?? feeOf(event, registration.selectedTier),
      createdAt: registration.createdAt.toISOString(),
      reservationExpired,
      event: {
        slug: event.slug,
        title: event.title,
        startDate: event.startDate.toISOString(),
        endDate: event.endDate.toISOString(),
        location: event.location,
        requiresPayment: event.requiresPayment,
      },
    },
  };
}

/**
 * Whether a registration without a payment under way lost its place (docs/decisions/022): it was
 * released (cancelled; a refunded one has its succeeded payment, answered before), or its hold is
 * past though the release job has not run yet.
 */
function holdEnded(registration: typeof eventRegistrations.$inferSelect, now: Date): boolean {
  if (registration.status === 'cancelled') return true;
  return (
    registration.status === 'pending' && registration.placeHeldUntil !== null && registration.placeHeldUntil <= now
  );
}

/**
 * Queues the registration's fee charge: one payment per registration, so a second request
 * answers the first one's payment (unless that one failed). The registration row is locked, so
 * two simultaneous requests queue one payment. A charge the browser reports (`claimed…`) is
 * verified by the worker, amount included, before the registration becomes paid.
 */
async function payRegistration(
  { db, queues, now: clock = () => new Date() }: Pick<AppDeps, 'db' | 'queues' | 'now'>,
  logger: Logger,
  id: string,
  payment: { paymentMethodToken?: string; claimedTransactionId?: string; claimedIdempotencyKey?: string | undefined },
): Promise<{ paymentId: string }> {
  const queued = await db
    .transaction(async (tx) => {
      const found = await registrationWithEvent(tx, id, true);
      if (!found) throw notFound('Registration');
      const { registration, event } = found;
      if (!event.requiresPayment) throw new AppError('CONFLICT', 'This event does not require payment.');
      const amountCents = registration.paymentAmount ?? feeOf(event, registration.selectedTier);
      if (amountCents <= 0) throw new AppError('CONFLICT', 'This registration has no fee to pay.');
      const existing = await livePaymentOf(tx, id);
      if (existing) return { paymentId: existing.id, outbox: [] };
      // Only a pending registration is charged: one an admin confirmed (or that is paid) owes
      // nothing. A charge the browser already made is still queued, so the worker finds it and
      // the money is recorded rather than lost.
      const now = clock();
      // A cancelled event takes no new charge (said first: cancelling released every place); a charge the browser already made is still
      // recorded (above), so no money is lost (docs/decisions/025).
      if (event.status === 'cancelled' && payment.paymentMethodToken) {
        throw new AppError('CONFLICT', registrationRefusals.cancelled);
      }
      if (payment.paymentMethodToken && holdEnded(registration, now)) {
        throw new AppError('CONFLICT', placesMessages.holdExpired);
      }
      if (registration.status !== 'pending' && payment.paymentMethodToken) {
        throw new AppError('CONFLICT', 'This registration is not awaiting payment.');
      }
      // A payment accepted while the hold is live keeps the place however long it takes: the hold
      // is renewed by an UPDATE, which the release job (skipping locked rows, re-reading updated
      // ones) sees, and a queued payment is never released (docs/decisions/022).
      if (registration.placeHeldUntil) {
        await tx
          .update(eventRegistrations)
          .set({ placeHeldUntil: holdUntil(now) })
          .where(eq(eventRegistrations.id, id));
      }
      return queuePayment(tx, id, fromThisRequest(logger, { kind: 'registration', amountCents, ...payment }));
    })
    .catch(conflictToAppError);
  notePaymentCreated(logger, queued.paymentId);
  await publishNow(db, queues, logger, queued.outbox);
  return queued;
}

/** POST /api/event-registrations/{id}/payment: the fee, charged with a card token. */
/** The registrant's e-mail, for the charge limits (lib/limits.ts); 404 when there is no such registration. */
export async function registrationEmail(deps: Pick<AppDeps, 'db'>, id: string): Promise<string> {
  const [row] = await deps.db
    .select({ email: eventRegistrations.email })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, id))
    .limit(1);
  if (!row) throw notFound('Registration');
  return row.email;
}

export async function payRegistrationWithToken(
  deps: Pick<AppDeps, 'db' | 'queues' | 'now'>,
  logger: Logger,
  id: string,
  paymentMethodToken: string,
): Promise<PaymentAccepted> {
  const { paymentId } = await payRegistration(deps, logger, id, { paymentMethodToken });
  return paymentAccepted(id, paymentId);
}

/** PATCH /api/event-registrations/{id}/payment: a charge the browser made, to verify. */
export async function reportRegistrationCharge(
  deps: Pick<AppDeps, 'db' | 'queues' | 'now'>,
  logger: Logger,
  id: string,
  report: { payTheoryPaymentId: string; idempotencyKey: string | undefined },
): Promise<PaymentQueued> {
  const { paymentId } = await payRegistration(deps, logger, id, {
    claimedTransactionId: report.payTheoryPaymentId,
    claimedIdempotencyKey: report.idempotencyKey,
  });
  return paymentQueued(paymentId, 'queued');
}
