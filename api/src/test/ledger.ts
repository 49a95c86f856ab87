import { randomUUID } from 'node:crypto';
import type { Database, PaymentKind } from '@pillars/platform/db';
import { insertTransactionRow, transactionRow } from '@pillars/money';
import { testRecords } from './records';

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

/**
 * A succeeded card payment of a record with its charge in the ledger, as the worker leaves them;
 * the provider's transaction id and the idempotency key are derived from the payment's id.
 */
export async function insertPaidCharge(db: Database, kind: PaymentKind, recordId: string, amountCents: number) {
  const id = randomUUID();
  const transactionId = `pt_txn_${id.slice(0, 8)}`;
  const payment = await testRecords(db).insertPayment({
    id,
    kind,
    recordId,
    amountCents,
    providerTransactionId: transactionId,
    idempotencyKey: `pay_${id}`,
  });
  const chargeRowId = await recordCharge(db, payment, amountCents, transactionId);
  return { payment, transactionId, chargeRowId };
}
