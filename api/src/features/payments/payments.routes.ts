import {
  CreatePaymentMethodRequest,
  Id,
  PaymentMethodCreated,
  PaymentQueued,
  PaymentStatus,
  ProcessPaymentAccepted,
  ProcessPaymentRequest,
  TransactionReport,
  WaitQuery,
} from '@pillars/contracts';
import type { Limiters } from '@pillars/platform/limits';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { guardCharge } from '../../lib/limits';
import { featureRouter, idempotencyHeader, json, openapiRoute, operation, rateLimited } from '../../lib/openapi';
import { createPaymentMethod, paymentOfDonation, processPayment, waitForPayment } from './payments.service';

const tags = ['payments'];

const getPayment = operation('get', '/payments/{id}', {
  tags,
  summary: "A payment's state; with waitMs, held until it settles or the wait is over (long-poll)",
  params: z.object({ id: Id }),
  query: WaitQuery,
  ok: json('The payment, as the ledger has it now (never cached)', PaymentStatus),
  answers: { 400: 'waitMs is not a whole number of milliseconds within the limit', 404: 'No payment has this id' },
});

const processPaymentRoute = operation('post', '/process-payment', {
  tags,
  summary: 'Record a donation and queue its charge, or a charge the browser made, for verification',
  headers: idempotencyHeader,
  body: ProcessPaymentRequest,
  ok: json('The donation stored and its payment queued: poll the payment', ProcessPaymentAccepted),
  status: 202,
  answers: {
    400: 'Invalid body, amount or payment method, or no token and no transaction id',
    409: 'The Idempotency-Key was used for a different request',
    429: rateLimited,
  },
});

const createPaymentMethodRoute = operation('post', '/create-payment-method', {
  tags,
  summary: 'Exchange raw card fields for a provider token (only with the raw-card fallback enabled)',
  body: CreatePaymentMethodRequest,
  ok: json('The provider token', PaymentMethodCreated),
  answers: { 400: 'Invalid body or card fields', 403: 'The raw-card fallback is disabled', 429: rateLimited },
});

const reportTransaction = operation('post', '/transactions', {
  tags,
  summary: "Point at a donation's payment after a browser charge; only the worker writes transactions",
  body: TransactionReport,
  ok: json("The donation's payment and its current state", PaymentQueued),
  status: 202,
  answers: { 400: 'Invalid body', 404: 'No payment of this donation is named by paymentId or the reported charge id' },
});

export function paymentsRoutes(deps: AppDeps, limiters: Limiters) {
  const app = featureRouter();
  openapiRoute(
    app,
    getPayment,
    async (c) => {
      const status = await waitForPayment(deps, c.req.valid('param').id, c.req.valid('query').waitMs);
      c.header('Cache-Control', 'no-store');
      return c.json(status, 200);
    },
    { unknownRecord: notFound('Payment') },
  );
  openapiRoute(app, processPaymentRoute, async (c) => {
    const request = c.req.valid('json');
    await guardCharge(c, deps, limiters, { email: request.donation.email, token: request.payment_method_id });
    return c.json(await processPayment(deps, c.get('logger'), request, idempotencyKeyOf(c)), 202);
  });
  openapiRoute(app, createPaymentMethodRoute, async (c) => {
    const body = c.req.valid('json');
    // Raw card fields exchanged for a token reach the provider at once: counted per address.
    if (deps.config.RAW_CARD_FALLBACK_ENABLED) await guardCharge(c, deps, limiters, {});
    const paymentMethodId = await createPaymentMethod(deps, body);
    return c.json({ success: true, payment_method_id: paymentMethodId } satisfies PaymentMethodCreated, 200);
  });
  openapiRoute(app, reportTransaction, async (c) => {
    const body = c.req.valid('json');
    return c.json(await paymentOfDonation(deps, body), 202);
  });
  return app;
}
