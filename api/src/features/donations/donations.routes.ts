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
import { featureRouter, idempotencyHeader, json, openapiRoute, operation, rateLimited } from '../../lib/openapi';
import { acceptDonation, reportDonationCharge } from './donations.service';

const tags = ['donations'];

const createDonationRoute = operation('post', '/', {
  tags,
  summary: 'Record a donation and, with a card token, queue its charge (or monthly plan)',
  headers: idempotencyHeader,
  body: DonationRequest,
  ok: json('Stored and its charge queued: poll the payment', PaymentAccepted),
  status: 202,
  answers: {
    201: json('Stored without a card token: nothing to charge', RecordCreated),
    400: 'Invalid body, amount, payment method or Idempotency-Key',
    409: 'The Idempotency-Key was used for a different request',
    429: rateLimited,
  },
});

const reportDonationChargeRoute = operation('patch', '/{id}/status', {
  tags,
  summary: 'Report a charge the browser made; the worker verifies it with the provider',
  params: z.object({ id: Id }),
  headers: idempotencyHeader,
  body: DonationStatusReport,
  ok: json('The payment queued for verification, or the one this report names', PaymentQueued),
  status: 202,
  answers: {
    400: 'Invalid body',
    404: 'No pending donation has this id, or it has a payment the report does not name (paymentId or its charge id)',
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
