import type {
  CreatePaymentMethodRequest,
  PaymentQueued,
  PaymentStatus,
  ProcessPaymentAccepted,
  ProcessPaymentRequest,
  TransactionReport,
} from '@pillars/contracts';
import { donations } from '@pillars/platform/db';
import type { Logger } from '@pillars/platform/logger';
import { readStatus } from '@pillars/money';
import type { AppDeps } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { acceptAndPublish, paymentQueued } from '../../lib/payments';
import { chargeCentsOf, donationValues, heldPaymentOf } from '../donations/donations.service';
import { paymentMethodOf, tokenizeRawCard } from './raw-card';

const isFinal = (status: PaymentStatus) => status.state === 'succeeded' || status.state === 'failed';

/**
 * The long-poll: the row is read once; while the payment is not final the request waits for a
 * `payment_settled` notification, which carries the status, so it answers without reading again.
 * Only a notification without a status (an older worker's bare id), a reconnect of the LISTEN
 * connection (notifications may have been missed) or the deadline costs one more read. Without
 * PaymentEvents (some tests) the request waits to the deadline and reads once more.
 */
export async function waitForPayment(
  { db, paymentEvents }: Pick<AppDeps, 'db' | 'paymentEvents'>,
  id: string,
  waitMs: number,
): Promise<PaymentStatus> {
  // Watching starts before the first read, so a notification sent in between is not missed.
  const watch = waitMs > 0 ? paymentEvents?.watch(id) : undefined;
  try {
    let status = await readStatus(db, id);
    if (!status) throw notFound('Payment');
    const deadline = Date.now() + waitMs;
    while (!isFinal(status)) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      const event = watch ? await watch.next(remaining) : await sleep(remaining);
      if (event.kind === 'status') {
        status = event.status;
        continue;
      }
      status = (await readStatus(db, id)) ?? status;
      if (event.kind === 'deadline') break;
    }
    return status;
  } finally {
    watch?.close();
  }
}

const sleep = (ms: number) =>
  new Promise<{ kind: 'deadline' }>((resolve) => setTimeout(() => resolve({ kind: 'deadline' }), ms));

/**
 * POST /api/process-payment: a donation with its charge, from a token (made here from raw card
 * fields when the fallback is on) or from a charge the browser made, which the worker verifies.
 */
export async function processPayment(
  deps: Pick<AppDeps, 'db' | 'queues' | 'config' | 'provider' | 'providerName'>,
  logger: Logger,
  request: ProcessPaymentRequest,
  idempotencyKey: string | undefined,
): Promise<ProcessPaymentAccepted> {
  if (request.paymentMethod !== 'card') throw new AppError('INVALID_DATA', 'No supported method found');
  const amountCents = chargeCentsOf({ amount: request.donation.amount });
  if (request.amount !== amountCents) {
    throw new AppError('INVALID_DATA', 'The amount in cents does not match the amount.');
  }
  // Raw card fields are exchanged for a token here and then forgotten: card data never
  // reaches our database, logs or queues, which keeps us out of most of PCI's scope.
  const { token, fingerprint } = await paymentMethodOf(deps, request, request.buyer);
  if (!token && !request.transactionId) throw new AppError('INVALID_DATA', 'No supported method found');
  const donation = { ...request.donation, isRecurring: request.recurring };
  const answer = await acceptAndPublish<{ status: 202; body: ProcessPaymentAccepted }>(deps, logger, {
    idempotency: { scope: 'process-payment', key: idempotencyKey, request: fingerprint },
    record: { table: donations, values: donationValues(donation) },
    payment: token
      ? { kind: request.recurring ? 'recurring_donation' : 'donation', amountCents, paymentMethodToken: token }
      : {
          kind: 'donation',
          amountCents,
          claimedTransactionId: request.transactionId,
          claimedIdempotencyKey: idempotencyKey,
        },
    answer: ({ recordId, paymentId }) => ({
      status: 202,
      body: {
        success: true,
        paymentId,
        donationId: recordId,
        transactionId: null,
        provider: deps.providerName,
        amount: amountCents,
        status: 'queued',
      },
    }),
  });
  return answer.body;
}

/** POST /api/create-payment-method: the raw-card fallback's token exchange. */
export function createPaymentMethod(
  deps: Pick<AppDeps, 'config' | 'provider'>,
  body: CreatePaymentMethodRequest,
): Promise<string> {
  return tokenizeRawCard(deps, body.card, undefined);
}

/**
 * POST /api/transactions, kept for older clients. A transaction row is written only by the
 * worker, after the provider confirmed the charge; a browser's report merely points at the
 * payment to check, and only at the caller's own (docs/decisions/046).
 */
export async function paymentOfDonation(
  { db }: Pick<AppDeps, 'db'>,
  report: TransactionReport,
): Promise<PaymentQueued> {
  const { held } = await heldPaymentOf(db, report.donationId, {
    paymentId: report.paymentId,
    transactionId: report.providerTransactionId,
  });
  if (!held) throw notFound('Payment for this donation');
  return paymentQueued(held.id, held.state);
}
