import { eventPriceCents, parsePricingTiers } from '@pillars/shared/contracts';
import type { Database } from '@pillars/shared/db';
import { eventRegistrations, events, payments } from '@pillars/shared/db';
import { and, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors';
import type { Tx } from '../../lib/idempotency';
import { queuePayment } from '../../lib/payments';

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

/** One payment per registration: a second request returns the first one's payment. */
export async function payRegistration(
  db: Database,
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
