import { randomUUID } from 'node:crypto';
import { type Database, donations, payments, transactions } from '@pillars/platform/db';
import { requestRefund, transactionRow } from '@pillars/money';
import type { CardProvider } from '@pillars/money/provider';
import { expect } from 'vitest';

/** A one-time card donation as the form leaves it, under an e-mail of its own. */
export const donationValues = (amountCents: number) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `ada+${randomUUID().slice(0, 8)}@example.org`,
  amount: (amountCents / 100).toFixed(2),
  paymentMethod: 'card',
});

/** A charge of a sandbox test card that succeeded, once queries show it. */
export async function sandboxCharge(provider: CardProvider, tokenFor: () => Promise<string>, amountCents: number) {
  const charged = await provider.charge({
    amountCents,
    paymentMethodId: await tokenFor(),
    idempotencyKey: `key-${randomUUID()}`,
    payor: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
  });
  if (charged.status !== 'succeeded') throw new Error('sandbox declined the test charge');
  await expect.poll(() => provider.getCharge(charged.transactionId)).not.toBeNull();
  return charged;
}

/**
 * Donations paid by a real sandbox charge, with the payment and `transactions` row the worker
 * leaves, and refunds of them asked for as an admin asks: the refund job's tests start here.
 */
export function paidDonations(db: Database, provider: CardProvider, tokenFor: () => Promise<string>) {
  async function paidDonation(amountCents = 2500) {
    const charged = await sandboxCharge(provider, tokenFor, amountCents);
    const [donation] = await db
      .insert(donations)
      .values({ ...donationValues(amountCents), status: 'completed', payTheoryPaymentId: charged.transactionId })
      .returning();
    if (!donation) throw new Error('no donation');
    const id = randomUUID();
    const [payment] = await db
      .insert(payments)
      .values({
        id,
        kind: 'donation',
        recordId: donation.id,
        amountCents,
        idempotencyKey: `pay_${id.replace(/-/g, '')}`,
        state: 'succeeded',
        providerTransactionId: charged.transactionId,
      })
      .returning();
    if (!payment) throw new Error('no payment');
    const [row] = await db
      .insert(transactions)
      .values(
        transactionRow({
          payment,
          payor: { firstName: 'Ada', lastName: 'Lovelace', email: donation.email },
          amountCents,
          providerTransactionId: charged.transactionId,
          succeeded: true,
          provider: { providerName: 'paytheory', liveMode: false },
        }),
      )
      .returning();
    if (!row) throw new Error('no transactions row');
    return { donation, payment, chargeRow: row, transactionId: charged.transactionId };
  }

  async function ask(chargeRowId: string, amountCents: number) {
    const asked = await requestRefund(db, { chargeRowId, amountCents, requestedBy: 'admin', reason: null });
    if (!asked.refunded) throw new Error(`refund refused: ${asked.refusal.reason}`);
    return asked.refund;
  }

  return { paidDonation, ask };
}
