import { createRoute } from '@hono/zod-openapi';
import {
  Buyer,
  DonationRequest,
  MAX_PAYMENT_WAIT_MS,
  PaymentMethodCreated,
  PaymentQueued,
  PaymentStatus,
  ProcessPaymentAccepted,
} from '@pillars/shared/contracts';
import { donations, payments } from '@pillars/shared/db';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { idempotencyKeyOf, once } from '../../lib/idempotency';
import { apiError, featureRouter, idempotencyHeader, json, openapiRoute } from '../../lib/openapi';
import { publishNow, queuePayment } from '../../lib/payments';
import { parseJson, parseQuery } from '../../lib/validate';
import { chargeCentsOf, createDonation, donationValues } from '../donations/donations.service';
import { paymentMethodOf, tokenizeRawCard } from './raw-card';

const FINAL = new Set(['succeeded', 'failed']);
/** Re-read the row this often while waiting, in case a notification was missed. */
const RECHECK_MS = 1000;

const WaitQuery = z.object({ waitMs: z.coerce.number().int().min(0).max(MAX_PAYMENT_WAIT_MS).default(0) });

/** POST /api/process-payment: the donation travels inside the request, the amount in cents beside it. */
const ProcessPaymentRequest = z.object({
  amount: z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]),
  buyer: Buyer,
  donation: DonationRequest.omit({ paymentMethodToken: true, provider: true, amountCents: true }),
  paymentMethod: z.enum(['card', 'bank']),
  payment_method_id: z.string().min(1).max(200).optional(),
  provider: z.string().max(50).optional(),
  tokenized: z.boolean().default(false),
  recurring: z.boolean().default(false),
  /** The provider's id of a charge the browser made itself (SDK `transact`). */
  transactionId: z.string().min(1).max(200).optional(),
  /** Raw card fields: only with RAW_CARD_FALLBACK_ENABLED; never stored, logged or queued. */
  formData: z.record(z.string(), z.unknown()).optional(),
});

const CreatePaymentMethodRequest = z.object({
  card: z.record(z.string(), z.unknown()),
  payor: z.record(z.string(), z.unknown()).optional(),
});

/** Extra keys are accepted and ignored: older clients send the whole transaction they saw. */
const TransactionReport = z
  .object({ donationId: z.uuid(), providerTransactionId: z.string().min(1).max(200).optional() })
  .loose();

const getPayment = createRoute({
  method: 'get',
  path: '/payments/{id}',
  tags: ['payments'],
  summary: "A payment's state; with waitMs, held until it settles or the wait is over (long-poll)",
  request: { params: z.object({ id: z.uuid() }), query: WaitQuery },
  responses: {
    200: json('The payment, as the ledger has it now (never cached)', PaymentStatus),
    400: apiError('waitMs is not a whole number of milliseconds within the limit'),
    404: apiError('No payment has this id'),
  },
});

const processPayment = createRoute({
  method: 'post',
  path: '/process-payment',
  tags: ['payments'],
  summary: 'Record a donation and queue its charge, or a charge the browser made, for verification',
  request: {
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: ProcessPaymentRequest } } },
  },
  responses: {
    202: json('The donation stored and its payment queued: poll the payment', ProcessPaymentAccepted),
    400: apiError('Invalid body, amount or payment method, or no token and no transaction id'),
    409: apiError('The Idempotency-Key was used for a different request'),
  },
});

const createPaymentMethod = createRoute({
  method: 'post',
  path: '/create-payment-method',
  tags: ['payments'],
  summary: 'Exchange raw card fields for a provider token (only with the raw-card fallback enabled)',
  request: { body: { required: true, content: { 'application/json': { schema: CreatePaymentMethodRequest } } } },
  responses: {
    200: json('The provider token', PaymentMethodCreated),
    400: apiError('Invalid body or card fields'),
    403: apiError('The raw-card fallback is disabled'),
  },
});

const reportTransaction = createRoute({
  method: 'post',
  path: '/transactions',
  tags: ['payments'],
  summary: "Point at a donation's payment after a browser charge; only the worker writes transactions",
  request: { body: { required: true, content: { 'application/json': { schema: TransactionReport } } } },
  responses: {
    202: json("The donation's payment and its current state", PaymentQueued),
    400: apiError('Invalid body'),
    404: apiError('The donation has no payment'),
  },
});

export function paymentsRoutes(deps: AppDeps) {
  const { db, queues, paymentEvents } = deps;

  async function read(id: string): Promise<PaymentStatus | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
    if (!row) return undefined;
    return {
      id: row.id,
      kind: row.kind,
      recordId: row.recordId,
      state: row.state,
      amountCents: row.amountCents,
      transactionId: row.providerTransactionId,
      recurringId: row.providerRecurringId,
      nextPaymentDate: row.nextPaymentDate,
      failureCode: row.failureCode,
      failureMessage: row.failureMessage,
    };
  }

  const app = featureRouter();
  openapiRoute(app, getPayment, async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Payment');
    const { waitMs } = parseQuery(c, WaitQuery);
    const deadline = Date.now() + waitMs;
    let status = await read(id.data);
    if (!status) throw notFound('Payment');
    // Long-poll: hold the request until the worker settles the payment or the wait is over.
    while (!FINAL.has(status.state) && Date.now() < deadline) {
      const remaining = Math.min(deadline - Date.now(), RECHECK_MS);
      await (paymentEvents ? paymentEvents.wait(id.data, remaining) : new Promise((r) => setTimeout(r, remaining)));
      status = (await read(id.data)) ?? status;
    }
    c.header('Cache-Control', 'no-store');
    return c.json(status, 200);
  });
  openapiRoute(app, processPayment, async (c) => {
    const request = await parseJson(c, ProcessPaymentRequest);
    if (request.paymentMethod !== 'card') throw new AppError('INVALID_DATA', 'No supported method found');
    const amountCents = chargeCentsOf({ amount: request.donation.amount });
    if (request.amount !== amountCents) {
      throw new AppError('INVALID_DATA', 'The amount in cents does not match the amount.');
    }
    // Raw card fields are exchanged for a token here and then forgotten: card data never
    // reaches our database, logs or queues, which keeps us out of most of PCI's scope.
    const { token, fingerprint } = await paymentMethodOf(deps, request, request.buyer);

    const result = await once<{ status: 202; body: ProcessPaymentAccepted }>(
      db,
      'process-payment',
      idempotencyKeyOf(c),
      fingerprint,
      async (tx) => {
        const donation = { ...request.donation, isRecurring: request.recurring };
        if (token) {
          const created = await createDonation(tx, { ...donation, paymentMethodToken: token });
          if (!('paymentId' in created)) throw new Error('a tokenized donation always queues a payment');
          return {
            status: 202,
            body: {
              success: true,
              paymentId: created.paymentId,
              donationId: created.donationId,
              transactionId: null,
              provider: deps.providerName,
              amount: amountCents,
              status: 'queued',
            },
            outboxIds: created.outboxIds,
          };
        }
        if (!request.transactionId) throw new AppError('INVALID_DATA', 'No supported method found');
        const [record] = await tx.insert(donations).values(donationValues(donation)).returning({ id: donations.id });
        if (!record) throw new Error('insert returned no row');
        const queued = await queuePayment(tx, {
          kind: 'donation',
          recordId: record.id,
          amountCents,
          claimedTransactionId: request.transactionId,
          claimedIdempotencyKey: idempotencyKeyOf(c),
        });
        return {
          status: 202,
          body: {
            success: true,
            paymentId: queued.paymentId,
            donationId: record.id,
            transactionId: null,
            provider: deps.providerName,
            amount: amountCents,
            status: 'queued',
          },
          outboxIds: queued.outboxIds,
        };
      },
    );
    await publishNow(db, queues, c.get('logger'), result.outboxIds ?? []);
    return c.json(result.body, 202);
  });
  openapiRoute(app, createPaymentMethod, async (c) => {
    const body = await parseJson(c, CreatePaymentMethodRequest);
    const paymentMethodId = await tokenizeRawCard(deps, body.card, undefined);
    return c.json({ success: true, payment_method_id: paymentMethodId } satisfies PaymentMethodCreated, 200);
  });
  openapiRoute(app, reportTransaction, async (c) => {
    // Kept for older clients. A transaction row is written only by the worker, after the
    // provider confirmed the charge; a browser's report merely points at the payment to check.
    const body = await parseJson(c, TransactionReport);
    const [payment] = await db
      .select({ id: payments.id, state: payments.state })
      .from(payments)
      .where(eq(payments.recordId, body.donationId))
      .limit(1);
    if (!payment) throw notFound('Payment for this donation');
    return c.json({ success: true, paymentId: payment.id, status: payment.state } satisfies PaymentQueued, 202);
  });
  return app;
}
