import { type Database, type Tx, transactions } from '../db';
import { type OutboxRow, queueEmails } from '../jobs';
import type { Payor } from '../payments';
import { type Payment, type PaymentLedger, RECORDS } from './ledger';
import { transactionFeeCents } from './pricing';

export type TransactionRow = typeof transactions.$inferInsert;

/**
 * The statuses of a `transactions` row that moved money: a charge or instalment received, and a
 * refund of one (docs/decisions/019); a failed instalment is `failed`.
 */
export const CHARGE_ROW_STATUS = 'completed';
export const REFUND_ROW_STATUS = 'refunded';

/** Who the provider is, as a transactions row names it. */
export interface ProviderLabel {
  providerName: string;
  liveMode: boolean;
}

/**
 * The one builder of a `transactions` row (ADR 007), for a payment's first charge (record-transaction)
 * and for a recurring plan's later instalments alike: a succeeded charge is `completed` with the fee
 * of pricing.ts, a failed one `failed` with no fee; a donation's row names the donation.
 */
export function transactionRow(input: {
  payment: Pick<Payment, 'id' | 'kind' | 'recordId'>;
  payor: Payor;
  amountCents: number;
  providerTransactionId: string;
  succeeded: boolean;
  provider: ProviderLabel;
  /** The charged card's last four digits, when the provider showed them (the receipt prints them). */
  cardLastFour?: string | null | undefined;
}): TransactionRow {
  const { payment, payor, amountCents, succeeded, provider } = input;
  const isDonation = payment.kind === 'donation' || payment.kind === 'recurring_donation';
  return {
    donationId: isDonation ? payment.recordId : null,
    paymentId: payment.id,
    amount: amountCents,
    fees: succeeded ? transactionFeeCents(amountCents) : 0,
    status: succeeded ? CHARGE_ROW_STATUS : 'failed',
    paymentMethod: 'card',
    paymentProvider: provider.providerName,
    providerTransactionId: input.providerTransactionId,
    buyerEmail: payor.email,
    buyerName: `${payor.firstName} ${payor.lastName}`.trim() || payor.email,
    cardLastFour: input.cardLastFour ?? null,
    metadata: JSON.stringify({
      source: RECORDS[payment.kind].source,
      paymentState: succeeded ? 'SUCCEEDED' : 'FAILED',
      liveMode: provider.liveMode,
    }),
  };
}

/** A `transactions` row this call wrote, with the outbox rows of the e-mails it queued. */
export interface RecordedRow {
  rowId: string;
  outboxRows: OutboxRow[];
}

/**
 * Writes a row unless one exists for its provider transaction id, and in the same transaction
 * queues what the payer is told: a receipt for money received, a charge-failed notice for a failed
 * instalment (a failed first charge never reaches here: the ledger fails the payment instead).
 * Null when the row was already there, so a replay queues nothing either. `alsoOnInsert` runs in
 * the same transaction when the row is new (an instalment's dunning mark, docs/decisions/018).
 */
export async function insertTransactionRow(
  db: Database,
  row: TransactionRow,
  alsoOnInsert?: (tx: Tx) => Promise<void>,
): Promise<RecordedRow | null> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(transactions)
      .values(row)
      .onConflictDoNothing({ target: transactions.providerTransactionId })
      .returning({ id: transactions.id });
    if (!inserted) return null;
    await alsoOnInsert?.(tx);
    const kind = row.status === 'completed' ? 'receipt' : row.status === 'failed' ? 'charge-failed' : null;
    const outboxRows =
      kind && row.buyerEmail
        ? await queueEmails(tx, [{ kind, subjectId: inserted.id, recipient: row.buyerEmail }])
        : [];
    return { rowId: inserted.id, outboxRows };
  });
}

export type FirstTransactionOutcome = 'recorded' | 'already-recorded' | 'not-succeeded' | 'not-found';

/**
 * record-transaction: the transactions row of a succeeded payment's charge, in two statements (one
 * read of the payment with its payor, one insert that a replay turns into nothing). Building the row
 * in SQL would save the read but give the fee and the row a second home beside transactionRow.
 */
export async function recordFirstTransaction(
  deps: { db: Database; ledger: PaymentLedger; provider: ProviderLabel },
  paymentId: string,
): Promise<FirstTransactionOutcome> {
  const found = await deps.ledger.withPayor(paymentId);
  if (!found) return 'not-found';
  const { payment, payor } = found;
  if (payment.state !== 'succeeded' || !payment.providerTransactionId) return 'not-succeeded';
  if (!payor) throw new Error(`record ${payment.recordId} of payment ${payment.id} is missing`);
  const row = transactionRow({
    payment,
    payor,
    amountCents: payment.amountCents,
    providerTransactionId: payment.providerTransactionId,
    succeeded: true,
    provider: deps.provider,
    cardLastFour: payment.cardLastFour,
  });
  const recorded = await insertTransactionRow(deps.db, row);
  if (!recorded) return 'already-recorded';
  await deps.ledger.publish(payment.id, recorded.outboxRows);
  return 'recorded';
}
