import { createRoute } from '@hono/zod-openapi';
import {
  DonationRequest,
  PaymentAccepted,
  PaymentQueued,
  RecordCreated,
  dollarsToCents,
} from '@pillars/shared/contracts';
import { donations, payments } from '@pillars/shared/db';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { idempotencyKeyOf, once } from '../../lib/idempotency';
import { apiError, featureRouter, idempotencyHeader, json, openapiRoute } from '../../lib/openapi';
import { publishNow, queuePayment } from '../../lib/payments';
import { parseJson } from '../../lib/validate';
import { createDonation } from './donations.service';

const StatusReport = z.object({
  status: z.string().max(50),
  payTheoryPaymentId: z.string().trim().min(1).max(200),
});

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
  },
});

const reportDonationCharge = createRoute({
  method: 'patch',
  path: '/{id}/status',
  tags: ['donations'],
  summary: 'Report a charge the browser made; the worker verifies it with the provider',
  request: {
    params: z.object({ id: z.uuid() }),
    headers: idempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: StatusReport } } },
  },
  responses: {
    202: json("The donation's payment, queued for verification (or the one already there)", PaymentQueued),
    400: apiError('Invalid body'),
    404: apiError('No donation has this id'),
  },
});

export function donationsRoutes({ db, queues, logger }: AppDeps) {
  const app = featureRouter();
  openapiRoute(app, createDonationRoute, async (c) => {
    const body = await parseJson(c, DonationRequest);
    if (body.paymentMethod !== 'card') {
      throw new AppError('INVALID_DATA', 'Only card contributions are accepted online.');
    }
    type Answer = { status: 201; body: RecordCreated } | { status: 202; body: PaymentAccepted };
    const result = await once<Answer>(db, 'donations', idempotencyKeyOf(c), body, async (tx) => {
      const created = await createDonation(tx, body);
      if (!('paymentId' in created)) {
        return { status: 201, body: { success: true, data: { id: created.donationId } } };
      }
      const accepted: PaymentAccepted = {
        success: true,
        data: { id: created.donationId },
        paymentId: created.paymentId,
        status: 'queued',
      };
      return { status: 202, body: accepted, outboxIds: created.outboxIds };
    });
    await publishNow(db, queues, c.get('logger'), result.outboxIds ?? []);
    return result.status === 201 ? c.json(result.body, 201) : c.json(result.body, 202);
  });
  openapiRoute(app, reportDonationCharge, async (c) => {
    // A charge the browser reports is a claim: the worker confirms it with the provider before
    // the donation becomes completed, because a browser can send any id it likes.
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Donation');
    const report = await parseJson(c, StatusReport);
    const result = await db.transaction(async (tx) => {
      const [donation] = await tx.select().from(donations).where(eq(donations.id, id.data)).for('update');
      if (!donation) throw notFound('Donation');
      const [existing] = await tx
        .select({ id: payments.id, state: payments.state })
        .from(payments)
        .where(and(eq(payments.recordId, donation.id), eq(payments.kind, 'donation')))
        .limit(1);
      if (existing) return { paymentId: existing.id, status: existing.state, outboxIds: [] };
      const queued = await queuePayment(tx, {
        kind: 'donation',
        recordId: donation.id,
        amountCents: dollarsToCents(Number(donation.amount)),
        claimedTransactionId: report.payTheoryPaymentId,
        claimedIdempotencyKey: idempotencyKeyOf(c),
      });
      return { ...queued, status: 'queued' as const };
    });
    await publishNow(db, queues, c.get('logger'), result.outboxIds);
    logger.debug({ donationId: id.data }, 'reported charge queued for verification');
    return c.json({ success: true, paymentId: result.paymentId, status: result.status } satisfies PaymentQueued, 202);
  });
  return app;
}
