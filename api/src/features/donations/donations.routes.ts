import { DonationRequest, type PaymentAccepted, dollarsToCents } from '@pillars/shared/contracts';
import { donations, payments } from '@pillars/shared/db';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { type Tx, idempotencyKeyOf, once } from '../../lib/idempotency';
import { publishNow, queuePayment } from '../../lib/payments';
import { parseJson } from '../../lib/validate';

/** The donation columns a request fills; status and payment id are the server's to set. */
export function donationValues(body: DonationRequest) {
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

/** Inserts a donation and, with a card token, its queued charge (or monthly plan). */
export async function createDonation(tx: Tx, body: DonationRequest) {
  const amountCents = chargeCentsOf(body);
  const [donation] = await tx.insert(donations).values(donationValues(body)).returning({ id: donations.id });
  if (!donation) throw new Error('insert returned no row');
  if (!body.paymentMethodToken) return { donationId: donation.id, amountCents };
  const queued = await queuePayment(tx, {
    kind: body.isRecurring ? 'recurring_donation' : 'donation',
    recordId: donation.id,
    amountCents,
    paymentMethodToken: body.paymentMethodToken,
  });
  return { donationId: donation.id, amountCents, ...queued };
}

const StatusReport = z.object({
  status: z.string().max(50),
  payTheoryPaymentId: z.string().trim().min(1).max(200),
});

export function donationsRoutes({ db, queues, logger }: AppDeps) {
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const body = await parseJson(c, DonationRequest);
      if (body.paymentMethod !== 'card') {
        throw new AppError('INVALID_DATA', 'Only card contributions are accepted online.');
      }
      const result = await once(db, 'donations', idempotencyKeyOf(c), body, async (tx) => {
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
      return c.json(result.body, result.status);
    })
    .patch('/:id/status', async (c) => {
      // The spec's client reports a charge it made in the browser. That is a claim: the worker
      // confirms it with the provider before the donation becomes completed (DESIGN.md rule 3).
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
        return { ...queued, status: 'queued' };
      });
      await publishNow(db, queues, c.get('logger'), result.outboxIds);
      logger.debug({ donationId: id.data }, 'reported charge queued for verification');
      return c.json({ success: true, paymentId: result.paymentId, status: result.status }, 202);
    });
}
