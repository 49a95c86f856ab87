import type { Database } from '@pillars/platform/db';
import { insertTransactionRow, transactionRow } from '@pillars/money';

/**
 * Writes the ledger row of a payment's successful charge as the worker records it (one payor for
 * all), for tests that need money in the ledger; answers the inserted row's id.
 */
export async function recordCharge(
  db: Database,
  payment: Parameters<typeof transactionRow>[0]['payment'],
  amountCents: number,
  providerTransactionId: string,
): Promise<string> {
  const recorded = await insertTransactionRow(
    db,
    transactionRow({
      payment,
      payor: { firstName: 'Ann', lastName: 'Payor', email: 'payor@example.org' },
      amountCents,
      providerTransactionId,
      succeeded: true,
      provider: { providerName: 'paytheory', liveMode: false },
    }),
  );
  if (!recorded) throw new Error('transaction already recorded');
  return recorded.rowId;
}
