import {
  type DepositDetail,
  type DepositLine,
  type DepositList,
  type DepositListQuery,
  type DepositSummary,
  PAYMENT_KIND_LABELS,
} from '@pillars/contracts/admin';
import { paymentReferenceOf } from '@pillars/contracts';
import { type Database, payments, settlementTransactions, settlements, transactions } from '@pillars/platform/db';
import { JOBS, JOB_OPTIONS, QUEUES, type QueueBackend, settlementRefreshJobId } from '@pillars/platform/jobs';
import { compareDeposit, depositTotals, lastSettlementSync, ledgerSignedCents, signedLine } from '@pillars/money';
import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';

/**
 * The deposits as synced (docs/decisions/048-deposits.md): read from `settlements` and
 * `settlement_transactions`, every figure computed by the money module.
 */

type SettlementRow = typeof settlements.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function summaryOf(row: SettlementRow): DepositSummary {
  return {
    batch: row.batch,
    settlementDate: iso(row.settlementDate),
    transferDate: iso(row.transferDate),
    status: row.status,
    debitCount: row.debitCount,
    reversalCount: row.reversalCount,
    disputeCount: row.disputeCount,
    grossCents: row.grossCents,
    feesCents: row.feesCents,
    adjustmentsCents: row.adjustmentsCents,
    netCents: row.netCents,
    syncedAt: row.syncedAt.toISOString(),
  };
}

/** A UTC day's start, and the start of the day after (an inclusive `to`). */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 24 * 3600_000);

function inDays(from: string | undefined, to: string | undefined): SQL[] {
  return [
    ...(from ? [gte(settlements.settlementDate, dayStart(from))] : []),
    ...(to ? [lt(settlements.settlementDate, dayAfter(to))] : []),
  ];
}

/** Newest batch first; a page ends where the next one's cursor (a batch number) starts. */
export async function listDeposits(db: Database, query: DepositListQuery): Promise<DepositList> {
  const rows = await db
    .select()
    .from(settlements)
    .where(and(...inDays(query.from, query.to), ...(query.before ? [lt(settlements.batch, query.before)] : [])))
    .orderBy(desc(settlements.batch))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const lastSyncedAt = await lastSettlementSync(db);
  return {
    success: true,
    data: page.map(summaryOf),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.batch ?? null) : null,
    lastSyncedAt: iso(lastSyncedAt),
  };
}

/** The lines of these batches, in deposit then transaction order, with the ledger rows they matched. */
async function linesOf(db: Database, batches: number[]) {
  if (batches.length === 0) return [];
  const rows = await db
    .select({
      line: settlementTransactions,
      ledgerStatus: transactions.status,
      ledgerAmount: transactions.amount,
      ledgerFees: transactions.fees,
      contributor: transactions.buyerName,
      paymentKind: payments.kind,
    })
    .from(settlementTransactions)
    .leftJoin(transactions, eq(transactions.id, settlementTransactions.ledgerRowId))
    .leftJoin(payments, eq(payments.id, settlementTransactions.paymentId))
    .where(inArray(settlementTransactions.batch, batches))
    .orderBy(
      asc(settlementTransactions.batch),
      asc(settlementTransactions.transactionDate),
      asc(settlementTransactions.providerTransactionId),
    );
  return rows.map(({ line, ledgerStatus, ledgerAmount, ledgerFees, contributor, paymentKind }) => {
    const ledger =
      ledgerStatus !== null && ledgerAmount !== null
        ? { status: ledgerStatus, amountCents: ledgerAmount, feesCents: ledgerFees ?? 0 }
        : null;
    const signed = signedLine(line);
    const shown: DepositLine = {
      providerTransactionId: line.providerTransactionId,
      date: iso(line.transactionDate),
      kind: signed.kind,
      providerType: line.type,
      status: line.status,
      grossCents: signed.grossCents,
      feeCents: signed.feeCents,
      netCents: signed.netCents,
      paymentId: line.paymentId,
      reference: line.paymentId ? paymentReferenceOf(line.paymentId) : null,
      contributor,
      paymentKind: paymentKind ? (PAYMENT_KIND_LABELS[paymentKind] ?? paymentKind) : null,
      ledgerCents: ledger ? ledgerSignedCents(ledger) : null,
    };
    return { batch: line.batch, shown, input: { ...line, ledger } };
  });
}

/** One batch with its lines, our totals and where they disagree with the provider's; null when unknown. */
export async function depositDetail(db: Database, batch: number): Promise<DepositDetail | null> {
  const [row] = await db.select().from(settlements).where(eq(settlements.batch, batch));
  if (!row) return null;
  const lines = await linesOf(db, [batch]);
  const ours = depositTotals(lines.map((l) => l.input));
  return {
    success: true,
    data: {
      deposit: summaryOf(row),
      lines: lines.map((l) => l.shown),
      ours,
      comparison: compareDeposit(ours, row),
    },
  };
}

/** The deposits the CSV holds (one batch, or every batch of a date range) with their lines. */
export async function depositsForExport(
  db: Database,
  of: { batch: number } | { from: string; to: string },
): Promise<{ deposit: DepositSummary; lines: DepositLine[] }[] | null> {
  const rows = await db
    .select()
    .from(settlements)
    .where('batch' in of ? eq(settlements.batch, of.batch) : and(...inDays(of.from, of.to)))
    .orderBy(asc(settlements.settlementDate), asc(settlements.batch));
  if ('batch' in of && rows.length === 0) return null;
  const lines = await linesOf(
    db,
    rows.map((r) => r.batch),
  );
  return rows.map((row) => ({
    deposit: summaryOf(row),
    lines: lines.filter((l) => l.batch === row.batch).map((l) => l.shown),
  }));
}

/** Queues a sync now (one per minute however often it is asked: settlementRefreshJobId). */
export async function refreshDeposits(queues: QueueBackend, now: Date): Promise<string> {
  const jobId = settlementRefreshJobId(now);
  await queues.queue(QUEUES.maintenance).add(JOBS.syncSettlements, {}, { ...JOB_OPTIONS[JOBS.syncSettlements], jobId });
  return jobId;
}
