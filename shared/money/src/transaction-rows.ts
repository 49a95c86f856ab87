import { randomUUID } from 'node:crypto';
import { type SQL, getTableColumns, sql } from 'drizzle-orm';
import {
  type Database,
  type OutboundEmailKind,
  type PaymentKind,
  type Tx,
  outboundEmails,
  outbox,
  poolUnder,
  preparedStatement,
  transactions,
} from '@pillars/platform/db';
import { JOBS, type OutboxRow, outboxValuesOf } from '@pillars/platform/jobs';
import type { Payor, ProviderChargeState } from './provider';
import { type Payment, type PaymentLedger, type PaymentWithPayor, RECORDS } from './ledger';
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
  /** The charge's state at the provider when it was read (docs/decisions/019), when known. */
  state?: ProviderChargeState | undefined;
  stateReadAt?: Date | undefined;
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
    providerStatus: input.state?.status ?? null,
    providerSettled: input.state?.settled ?? null,
    settlementBatch: input.state?.settlementBatch ?? null,
    reviewFlag: input.state?.reviewFlag ?? null,
    providerStateAt: input.state ? (input.stateReadAt ?? new Date()) : null,
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

/** What the payer is told when a row of this status is written: a receipt, or a charge-failed notice. */
function emailKindOf(status: string): OutboundEmailKind | null {
  if (status === CHARGE_ROW_STATUS) return 'receipt';
  if (status === 'failed') return 'charge-failed';
  return null;
}

/** The statement's one row: the new transactions row's id, and its e-mail's outbox row when one was queued. */
type InsertedRowSql = {
  row_id: string;
  id: number | null;
  queue: string | null;
  job_name: string | null;
  job_id: string | null;
  payload: unknown;
};

/** The values the statement of insertTransactionRow takes beside the row: its e-mail and outbox row. */
type QueuedValues = Record<'kind' | 'emailId' | 'queue' | 'jobName' | 'jobId' | 'payload', unknown>;

/** insertTransactionRow's statement around the row's INSERT (which returns its id and buyer_email). */
function recordStatement(insert: SQL, v: QueuedValues): SQL {
  return sql`WITH inserted AS (${insert}), emailed AS (
      INSERT INTO ${outboundEmails} (id, kind, subject_id, recipient)
      SELECT ${v.emailId}::uuid, ${v.kind}, inserted.id, lower(inserted.buyer_email)
      FROM inserted WHERE ${v.kind}::text IS NOT NULL
      ON CONFLICT (kind, subject_id) WHERE subject_id IS NOT NULL DO NOTHING
      RETURNING id
    ), queued AS (
      INSERT INTO ${outbox} (queue, job_name, job_id, payload)
      SELECT ${v.queue}, ${v.jobName}, ${v.jobId}, ${v.payload}::jsonb FROM emailed
      RETURNING id, queue, job_name, job_id, payload
    )
    SELECT inserted.id AS row_id, queued.* FROM inserted LEFT JOIN queued ON true`;
}

/** Every column of a row but those PostgreSQL fills (id, created_at): the prepared insert's. */
const ROW_COLUMNS = Object.entries(getTableColumns(transactions)).filter(
  ([key]) => key !== 'id' && key !== 'createdAt',
);

/**
 * The statement for every payment's charge row, prepared (built once, planned once per
 * connection): the row's columns and the e-mail's values as placeholders.
 */
const RECORD_ROW = preparedStatement(
  'transactions_insert',
  recordStatement(
    sql`INSERT INTO ${transactions} (${sql.join(
      ROW_COLUMNS.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    )}) VALUES (${sql.join(
      ROW_COLUMNS.map(([key]) => sql.placeholder(key)),
      sql`, `,
    )}) ON CONFLICT (provider_transaction_id) DO NOTHING RETURNING id, buyer_email`,
    Object.fromEntries(
      ['kind', 'emailId', 'queue', 'jobName', 'jobId', 'payload'].map((key) => [key, sql.placeholder(`q_${key}`)]),
    ) as QueuedValues,
  ),
);

/**
 * Whether the prepared statement can write the row: it names no column PostgreSQL fills, and
 * gives the fee (a row from transactionRow does; tests that backdate a row use the built one).
 */
const fitsPrepared = (row: TransactionRow) =>
  row.id === undefined && row.createdAt === undefined && row.fees !== undefined;

/**
 * Writes a row unless one exists for its provider transaction id, and in the SAME statement queues
 * what the payer is told (emailKindOf): the outbound e-mail, once per kind and row, and its outbox
 * row, as queueEmails does it in a transaction. A failed first charge never reaches here: the
 * ledger fails the payment instead. Null when the row was already there, so a replay queues
 * nothing either. `alsoOnInsert` runs in the same transaction when the row is new (an instalment's
 * dunning mark, docs/decisions/018); without it this is one statement, as the charge path's budget
 * wants (worker/src/payment-statements.int.test.ts), and a prepared one for a row of transactionRow's.
 */
export async function insertTransactionRow(
  db: Database,
  row: TransactionRow,
  alsoOnInsert?: (tx: Tx) => Promise<void>,
): Promise<RecordedRow | null> {
  const kind = row.buyerEmail ? emailKindOf(row.status) : null;
  const emailId = randomUUID();
  const job = outboxValuesOf({ job: JOBS.sendEmail, emailId });
  const queued = {
    kind,
    emailId,
    queue: job.queue,
    jobName: job.jobName,
    jobId: job.jobId,
    payload: JSON.stringify(job.payload),
  };

  const recordedFrom = (found: InsertedRowSql | undefined): RecordedRow | null => {
    if (!found) return null;
    const outboxRows: OutboxRow[] =
      found.id !== null && found.queue && found.job_name && found.job_id && found.payload
        ? [
            {
              id: Number(found.id),
              queue: found.queue,
              jobName: found.job_name,
              jobId: found.job_id,
              payload: found.payload,
            },
          ]
        : [];
    return { rowId: found.row_id, outboxRows };
  };
  if (!alsoOnInsert && fitsPrepared(row) && poolUnder(db)) {
    const values: Record<string, unknown> = {};
    for (const [key, column] of ROW_COLUMNS) {
      const value = row[key as keyof TransactionRow];
      values[key] = value === undefined || value === null ? null : column.mapToDriverValue(value);
    }
    for (const [key, value] of Object.entries(queued)) values[`q_${key}`] = value;
    const [found] = await RECORD_ROW(db, values);
    return recordedFrom(found as InsertedRowSql | undefined);
  }

  const insert = db
    .insert(transactions)
    .values(row)
    .onConflictDoNothing({ target: transactions.providerTransactionId })
    .returning({ id: transactions.id, buyerEmail: transactions.buyerEmail })
    .getSQL();
  const statement = recordStatement(insert, queued);
  const run = async (executor: Pick<Database, 'execute'>) =>
    recordedFrom((await executor.execute<InsertedRowSql>(statement)).rows[0]);
  if (!alsoOnInsert) return run(db);
  return db.transaction(async (tx) => {
    const recorded = await run(tx);
    if (recorded) await alsoOnInsert(tx);
    return recorded;
  });
}

/** What record-transaction did; with the payment's kind once its charge row exists, for what follows it. */
export type FirstTransactionOutcome =
  | { result: 'recorded'; kind: PaymentKind }
  | { result: 'already-recorded'; kind: PaymentKind }
  | { result: 'not-succeeded' }
  | { result: 'not-found' };

/**
 * record-transaction: the transactions row of a succeeded payment's charge, in two statements (one
 * read of the payment with its payor, one insert that a replay turns into nothing); one when the
 * caller has them (`succeeded`, as the success statement returned them). Building the row in SQL
 * would save the read but give the fee and the row a second home beside transactionRow. The
 * e-mail the row queued is published with `held` (outbox rows the caller wrote before, such as a
 * membership's welcome) in one round trip, whatever the outcome.
 */
export async function recordFirstTransaction(
  deps: { db: Database; ledger: PaymentLedger; provider: ProviderLabel },
  paymentId: string,
  succeeded?: PaymentWithPayor,
  held: OutboxRow[] = [],
): Promise<FirstTransactionOutcome> {
  let rows = held;
  try {
    const found = succeeded ?? (await deps.ledger.withPayor(paymentId));
    if (!found) return { result: 'not-found' };
    const { payment, payor } = found;
    if (payment.state !== 'succeeded' || !payment.providerTransactionId) return { result: 'not-succeeded' };
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
    if (!recorded) return { result: 'already-recorded', kind: payment.kind };
    rows = [...held, ...recorded.outboxRows];
    return { result: 'recorded', kind: payment.kind };
  } finally {
    await deps.ledger.publish(paymentId, rows);
  }
}
