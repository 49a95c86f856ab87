import { type DonationRequest, dollarsToCents } from '@pillars/shared/contracts';
import { donations } from '@pillars/shared/db';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../lib/idempotency';
import { queuePayment } from '../../lib/payments';

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
