import { type SQL, sql } from 'drizzle-orm';
import {
  type Database,
  type RefundState,
  eventRegistrations,
  events,
  payments,
  refunds,
  transactions,
} from '@pillars/platform/db';
import { GIVEN_BACK, type RefundRequest, type RequestedRefund, chargesOfPayment, requestRefund } from './refunds';
import { CHARGE_ROW_STATUS } from './transaction-rows';

/**
 * The money of a cancelled event (docs/decisions/050): every charge a live registration paid is
 * given back whole (what is left of it after earlier refunds) through the admin's refund path
 * (requestRefund and the refund job), each refund marked with the event. The partial unique index
 * `refunds_once_per_event_cancellation` keeps one refund per charge under way or made for the
 * cancellation, so the cancel submitted twice, or a retry asked twice, gives back once; a failed
 * one may be asked again. This file is the one home of the figures the admin confirms, the
 * progress the admin watches and the amount each registrant's e-mail states.
 */

type Executor = Pick<Database, 'execute'>;

const int = (value: unknown): number => Number(value ?? 0);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A charge a live registration of the event paid, with what is left of it to give back. */
export interface RegistrationCharge {
  registrationId: string;
  eventId: string;
  paymentId: string;
  chargeRowId: string;
  refundableCents: number;
}

/**
 * Charges of registrations, through the provider, with something left to give back: those
 * requestRefund accepts (a completed charge row with a provider transaction), oldest registration
 * first. `which` narrows the registrations (aliased `r`, their event `e`, their payment `p`).
 */
async function refundableRegistrationCharges(db: Executor, which: SQL): Promise<RegistrationCharge[]> {
  const { rows } = await db.execute(sql`SELECT r.id AS registration_id, r.event_id, c.payment_id, c.id AS charge_row_id,
      c.amount - ${GIVEN_BACK} AS refundable
    FROM ${eventRegistrations} r
    JOIN ${events} e ON e.id = r.event_id
    JOIN ${payments} p ON p.kind = 'registration' AND p.record_id = r.id
    JOIN ${transactions} c ON c.payment_id = p.id
    WHERE ${which}
      AND c.status = ${CHARGE_ROW_STATUS} AND c.refund_of IS NULL AND c.provider_transaction_id IS NOT NULL
      AND c.amount - ${GIVEN_BACK} > 0
    ORDER BY r.created_at, r.id, c.created_at, c.id`);
  return rows.map((row) => ({
    registrationId: text(row.registration_id),
    eventId: text(row.event_id),
    paymentId: text(row.payment_id),
    chargeRowId: text(row.charge_row_id),
    refundableCents: int(row.refundable),
  }));
}

/** The charges of the event's live registrations (not cancelled) that have something left to give back. */
export function refundableChargesOfEvent(db: Executor, eventId: string): Promise<RegistrationCharge[]> {
  return refundableRegistrationCharges(db, sql`r.event_id = ${eventId} AND r.status <> 'cancelled'`);
}

/** What cancelling gives back: how many paid registrations, and the total in cents. */
export interface CancellationRefundTotals {
  paidRegistrations: number;
  refundTotalCents: number;
}

export function cancellationRefundTotals(charges: RegistrationCharge[]): CancellationRefundTotals {
  return {
    paidRegistrations: new Set(charges.map((c) => c.registrationId)).size,
    refundTotalCents: charges.reduce((sum, c) => sum + c.refundableCents, 0),
  };
}

/** A charge's refund for the cancellation: one asked and refused leaves the whole cancellation undone. */
export type CancellationRefundRequest = RegistrationCharge & { request: RefundRequest };

/**
 * Asks, inside the caller's transaction (which holds the event's row), for every charge of
 * refundableChargesOfEvent back whole, each refund marked with the event. The caller refuses the
 * cancellation when any is refused (a refund of the same charge already in flight, say).
 */
export async function requestCancellationRefunds(
  tx: Executor,
  input: { eventId: string; charges: RegistrationCharge[]; requestedBy: string; reason: string },
): Promise<CancellationRefundRequest[]> {
  const asked: CancellationRefundRequest[] = [];
  for (const charge of input.charges) {
    const request = await requestRefund(tx, {
      chargeRowId: charge.chargeRowId,
      amountCents: charge.refundableCents,
      requestedBy: input.requestedBy,
      reason: input.reason,
      cancelledEventId: input.eventId,
    });
    asked.push({ ...charge, request });
  }
  return asked;
}

/** The latest refund of one charge for the cancellation, with whose registration it was. */
export interface CancellationRefund {
  refundId: string;
  chargeRowId: string;
  paymentId: string;
  registrationId: string;
  name: string;
  amountCents: number;
  state: RefundState;
  failureMessage: string | null;
}

/** The progress the admin watches: refunds under way (queued or processing), done and failed. */
export interface CancellationProgress {
  queued: number;
  done: number;
  failed: number;
  total: number;
  refundedCents: number;
  refunds: CancellationRefund[];
}

/** The latest refund of each charge the event's cancellation asked for (a retry replaces a failed one). */
async function latestCancellationRefunds(db: Executor, where: ReturnType<typeof sql>): Promise<CancellationRefund[]> {
  const { rows } = await db.execute(sql`SELECT * FROM (
      SELECT DISTINCT ON (f.charge_row_id) f.id, f.charge_row_id, f.payment_id, f.amount_cents, f.state,
        f.failure_message, r.id AS registration_id, r.first_name, r.last_name, r.created_at AS registered_at
      FROM ${refunds} f
      JOIN ${payments} p ON p.id = f.payment_id
      JOIN ${eventRegistrations} r ON r.id = p.record_id AND p.kind = 'registration'
      WHERE ${where}
      ORDER BY f.charge_row_id, f.created_at DESC, f.id DESC
    ) latest ORDER BY registered_at, registration_id, charge_row_id`);
  return rows.map((row) => ({
    refundId: text(row.id),
    chargeRowId: text(row.charge_row_id),
    paymentId: text(row.payment_id),
    registrationId: text(row.registration_id),
    name: [text(row.first_name), text(row.last_name)].filter(Boolean).join(' '),
    amountCents: int(row.amount_cents),
    state: text(row.state) as RefundState,
    failureMessage: typeof row.failure_message === 'string' ? row.failure_message : null,
  }));
}

export async function cancellationProgress(db: Executor, eventId: string): Promise<CancellationProgress> {
  const list = await latestCancellationRefunds(db, sql`f.cancelled_event_id = ${eventId}`);
  const count = (...states: RefundState[]) => list.filter((r) => states.includes(r.state)).length;
  return {
    queued: count('queued', 'processing'),
    done: count('succeeded'),
    failed: count('failed'),
    total: list.length,
    refundedCents: list.filter((r) => r.state === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0),
    refunds: list,
  };
}

/**
 * What the cancellation gives a registrant back, in cents (the latest refund of each of their
 * charges); null when it asked for none (a free registration, or a fee paid otherwise than by card).
 */
export async function cancellationRefundOf(db: Executor, registrationId: string): Promise<number | null> {
  const list = await latestCancellationRefunds(
    db,
    sql`f.cancelled_event_id IS NOT NULL AND p.record_id = ${registrationId}`,
  );
  return list.length === 0 ? null : list.reduce((sum, r) => sum + r.amountCents, 0);
}

export type CancellationRetry =
  | { retried: true; request: Extract<RefundRequest, { refunded: true }> }
  | { retried: false; reason: 'not-found' | 'not-failed' | 'refused'; request?: RefundRequest };

/**
 * Asks again for a cancellation's failed refund of one charge, inside the caller's transaction:
 * only when its latest refund failed, for what is left of the charge now. A second retry while the
 * first is under way is refused by the unique index (requestRefund answers in progress).
 */
export async function retryCancellationRefund(
  tx: Executor,
  input: { eventId: string; chargeRowId: string; requestedBy: string; reason: string },
): Promise<CancellationRetry> {
  const [latest] = await latestCancellationRefunds(
    tx,
    sql`f.cancelled_event_id = ${input.eventId} AND f.charge_row_id = ${input.chargeRowId}`,
  );
  if (!latest) return { retried: false, reason: 'not-found' };
  if (latest.state !== 'failed') return { retried: false, reason: 'not-failed' };
  const charge = (await chargesOfPayment(tx, latest.paymentId)).find((c) => c.id === input.chargeRowId);
  const request = await requestRefund(tx, {
    chargeRowId: input.chargeRowId,
    amountCents: charge?.refundableCents ?? 0,
    requestedBy: input.requestedBy,
    reason: input.reason,
    cancelledEventId: input.eventId,
  });
  return request.refunded ? { retried: true, request } : { retried: false, reason: 'refused', request };
}

/** Who asks for a late charge of a cancelled event back: the app itself, not an admin. */
export const LATE_CHARGE_REQUESTER = 'system';

/**
 * Gives back a charge that succeeded after its event was cancelled: a payment queued or already
 * sent when the admin cancelled, so not among the figures the cancellation confirmed and gave
 * back. Its registration was cancelled with the event (its place released), so the money would
 * otherwise stay with the organisation for an event that does not happen. The refund goes through
 * requestRefund marked with the event, so it shows in the cancellation's progress, and the
 * cancellation's unique index keeps it to one per charge however often this runs (the follow-up
 * that calls it is retried). Nothing is asked when the event is not cancelled (returned to
 * published, say) or the charge has nothing left.
 */
export async function requestLateCancellationRefunds(db: Executor, paymentId: string): Promise<RequestedRefund[]> {
  const charges = await refundableRegistrationCharges(
    db,
    sql`p.id = ${paymentId} AND p.state = 'succeeded' AND e.status = 'cancelled' AND r.status = 'cancelled'`,
  );
  const asked: RequestedRefund[] = [];
  for (const charge of charges) {
    const request = await requestRefund(db, {
      chargeRowId: charge.chargeRowId,
      amountCents: charge.refundableCents,
      requestedBy: LATE_CHARGE_REQUESTER,
      reason: 'Event cancelled before this payment completed',
      cancelledEventId: charge.eventId,
    });
    if (request.refunded) asked.push(request.refund);
  }
  return asked;
}
