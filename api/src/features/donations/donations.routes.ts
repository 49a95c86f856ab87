import { createRoute } from '@hono/zod-openapi';
import {
  DonationRequest,
  DonationStatusReport,
  Id,
  PaymentAccepted,
  PaymentQueued,
  RecordCreated,
} from '@pillars/contracts';
import type { Limiters } from '@pillars/platform/limits';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { guardCharge } from '../../lib/limits';
import { apiError, featureRouter, idempotencyHeader, json, openapiRoute, rateLimited } from '../../lib/openapi';
import { acceptDonation, reportDonationCharge } from './donations.service';

const createDonationRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['donations'],
  summary: 'Record a donation and, with a card token, queue its charge (or monthly plan)',
  request: {
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: DonationRequest } } },
  },
  responses: {
    201: json('Stored without a card token: nothing to charge', RecordCreated),
    202: json('Stored and its charge queued: poll the payment', PaymentAccepted),
    400: apiError('Invalid body, amount, payment method or Idempotency-Key'),
    409: apiError('The Idempotency-Key was used for a different request'),
    429: rateLimited,
  },
});

const reportDonationChargeRoute = createRoute({
  method: 'patch',
  path: '/{id}/status',
  tags: ['donations'],
  summary: 'Report a charge the browser made; the worker verifies it with the provider',
  request: {
    params: z.object({ id: Id }),
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: DonationStatusReport } } },
  },
  responses: {
    202: json('The payment queued for verification, or the one this report names', PaymentQueued),
    400: apiError('Invalid body'),
    404: apiError(
      'No pending donation has this id, or it has a payment the report does not name (paymentId or its charge id)',
    ),
  },
});

export function donationsRoutes(deps: AppDeps, limiters: Limiters) {
  const app = featureRouter();
  openapiRoute(app, createDonationRoute, async (c) => {
    const body = c.req.valid('json');
    // Only a request with a card token starts a charge; without one it stores a record (201).
    if (body.paymentMethodToken) {
      await guardCharge(c, deps, limiters, { email: body.email, token: body.paymentMethodToken });
    }
    const answer = await acceptDonation(deps, c.get('logger'), body, idempotencyKeyOf(c));
    return answer.status === 201 ? c.json(answer.body, 201) : c.json(answer.body, 202);
  });
  openapiRoute(
    app,
    reportDonationChargeRoute,
    async (c) => {
      const report = c.req.valid('json');
      const queued = await reportDonationCharge(
        deps,
        c.get('logger'),
        c.req.valid('param').id,
        report,
        idempotencyKeyOf(c),
      );
      return c.json(queued, 202);
    },
    { unknownRecord: notFound('Donation') },
  );
  return app;
}
