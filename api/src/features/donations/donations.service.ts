import {
  type DonationRequest,
  type DonationStatusReport,
  type PaymentAccepted,
  type PaymentQueued,
  type PaymentState,
  type RecordCreated,
} from '@pillars/contracts';
import { dollarsToCents } from '@pillars/money/rules';
import { type Database, type Tx, donations, payments } from '@pillars/platform/db';
import { publishNow } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { queuePayment } from '@pillars/money';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import {
  acceptAndPublish,
  fromThisRequest,
  notePaymentCreated,
  conflictToAppError,
  paymentAccepted,
  recordCreated,
  paymentQueued,
} from '../../lib/payments';

/** The donation columns a request fills; status and payment id are the server's to set. */
export function donationValues(body: Omit<DonationRequest, 'amountCents' | 'paymentMethodToken' | 'provider'>) {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phone: body.phone,
    amount: Number(body.amount).toFixed(2),
    paymentMethod: body.paymentMethod,
    isRecurring: body.isRecurring,
    billingAddress: body.billingAddress ?? null,
    billingCity: body.billingCity ?? null,
    billingState: body.billingState ?? null,
    billingZip: body.billingZip ?? null,
  };
}

/** The amount we charge comes from `amount`; a cents figure sent alongside must agree with it. */
export function chargeCentsOf(body: Pick<DonationRequest, 'amount' | 'amountCents'>): number {
  const cents = dollarsToCents(Number(body.amount));
  if (body.amountCents !== undefined && Number(body.amountCents) !== cents) {
    throw new AppError('INVALID_DATA', 'The amount in cents does not match the amount.');
  }
  return cents;
}

export type DonationAnswer = { status: 201; body: RecordCreated } | { status: 202; body: PaymentAccepted };

/** Stores a donation and, with a card token, queues its charge (or monthly plan), once per key. */
export async function acceptDonation(
  deps: Pick<AppDeps, 'db' | 'queues'>,
  logger: Logger,
  body: DonationRequest,
  idempotencyKey: string | undefined,
): Promise<DonationAnswer> {
  if (body.paymentMethod !== 'card') {
    throw new AppError('INVALID_DATA', 'Only card contributions are accepted online.');
  }
  const amountCents = chargeCentsOf(body);
  const token = body.paymentMethodToken;
  return acceptAndPublish<DonationAnswer>(deps, logger, {
    idempotency: { scope: 'donations', key: idempotencyKey, request: body },
    record: { table: donations, values: donationValues(body) },
    ...(token
      ? {
          payment: {
            kind: body.isRecurring ? 'recurring_donation' : 'donation',
            amountCents,
            paymentMethodToken: token,
          },
        }
      : {}),
    answer: ({ recordId, paymentId }) =>
      token
        ? { status: 202, body: paymentAccepted(recordId, paymentId) }
        : { status: 201, body: recordCreated(recordId) },
  });
}

/** How a browser shows it holds a donation's payment: its id, or the charge id whose report created it. */
export type PaymentProof = { paymentId?: string | undefined; transactionId?: string | undefined };

/**
 * The donation's payment the caller holds, or why there is none. A donation id alone grants no
 * payment (docs/decisions/046): once a donation has any payment, only the caller who holds that
 * payment (its id, or the charge id of the report that created it) is answered; anyone else learns
 * as little as for a donation that does not exist.
 */
export async function heldPaymentOf(
  db: Pick<Database, 'select'> | Tx,
  donationId: string,
  proof: PaymentProof,
): Promise<{ held: { id: string; state: PaymentState } } | { held: undefined; others: boolean }> {
  const rows = await db
    .select({ id: payments.id, state: payments.state, claimed: payments.claimedTransactionId })
    .from(payments)
    .where(and(eq(payments.recordId, donationId), inArray(payments.kind, ['donation', 'recurring_donation'])));
  const held = rows.find(
    (row) => row.id === proof.paymentId || (proof.transactionId !== undefined && row.claimed === proof.transactionId),
  );
  return held ? { held: { id: held.id, state: held.state } } : { held: undefined, others: rows.length > 0 };
}

/**
 * A charge the browser reports for a donation is a claim: the worker confirms it with the
 * provider before the donation becomes completed, because a browser can send any id it likes.
 * Only a pending donation without any payment gets one, so a report can never add a payment to a
 * gift already paid, under way or monthly; a repeated report answers the payment it created, and
 * a report about someone else's payment is a 404 that changes nothing and asks the provider
 * nothing (docs/decisions/046).
 */
export async function reportDonationCharge(
  { db, queues }: Pick<AppDeps, 'db' | 'queues'>,
  logger: Logger,
  donationId: string,
  report: DonationStatusReport,
  idempotencyKey: string | undefined,
): Promise<PaymentQueued> {
  const result = await db
    .transaction(async (tx) => {
      const [donation] = await tx
        .select({ id: donations.id, amount: donations.amount, status: donations.status })
        .from(donations)
        .where(eq(donations.id, donationId))
        .for('update');
      if (!donation) throw notFound('Donation');
      const found = await heldPaymentOf(tx, donation.id, {
        paymentId: report.paymentId,
        transactionId: report.payTheoryPaymentId,
      });
      if (found.held) return { paymentId: found.held.id, status: found.held.state, outbox: [] };
      if (found.others || donation.status !== 'pending') throw notFound('Donation');
      const queued = await queuePayment(
        tx,
        donation.id,
        fromThisRequest(logger, {
          kind: 'donation',
          amountCents: dollarsToCents(Number(donation.amount)),
          claimedTransactionId: report.payTheoryPaymentId,
          claimedIdempotencyKey: idempotencyKey,
        }),
      );
      return { ...queued, status: 'queued' as const };
    })
    .catch(conflictToAppError);
  if (result.outbox.length > 0) notePaymentCreated(logger, result.paymentId);
  await publishNow(db, queues, logger, result.outbox);
  logger.debug({ donationId }, 'reported charge queued for verification');
  return paymentQueued(result.paymentId, result.status);
}
