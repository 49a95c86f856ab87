import { and, eq, isNull, max, notInArray, sql } from 'drizzle-orm';
import { type Database, payments, settlementTransactions, settlements, transactions } from '@pillars/platform/db';
import type { Logger } from '@pillars/platform/logger';
import type { CardProvider, ProviderSettlement, SettledTransaction } from './provider';

/**
 * Copies the provider's settlement batches and their transactions into `settlements` and
 * `settlement_transactions` (docs/decisions/048-deposits.md), linking each transaction to the
 * ledger row with the same provider transaction id. Idempotent: a batch and its list are replaced
 * as the provider shows them now, in one transaction per batch, so a re-run (or two at once)
 * leaves one row per batch and per transaction.
 */

/** How far back the first sync reads: a quarter of deposits, enough for a treasurer's first look. */
export const SETTLEMENTS_FIRST_SYNC_DAYS = 90;
/**
 * Each later sync reads again from this long before the newest batch it holds: a batch is created
 * PENDING and transferred days later, so its status and transfer date change after it was copied.
 * A batch still not SUCCEEDED is read again whatever its age.
 */
export const SETTLEMENTS_OVERLAP_DAYS = 7;
/** A batch's final status (settlement.md): after it, the batch no longer changes. */
const FINAL_STATUS = 'SUCCEEDED';
const DAY_MS = 24 * 3600_000;

export interface SyncSettlementsResult {
  /** Batches the provider listed in the window. */
  batches: number;
  /** Their transactions. */
  transactions: number;
  /** Transactions of any stored batch the ledger still holds no row for. */
  unmatched: number;
}

const dateOf = (iso: string | null) => (iso ? new Date(iso) : null);

/** Where this run starts reading: the overlap before the newest batch, or the oldest unfinished one. */
async function windowStart(db: Database, now: Date): Promise<Date> {
  const [held] = await db
    .select({
      newest: max(settlements.settlementDate),
      // Epoch milliseconds: a number whatever the driver makes of a raw timestamp.
      oldestOpenMs: sql<string | number | null>`(extract(epoch FROM min(${settlements.settlementDate})
        FILTER (WHERE ${settlements.status} IS DISTINCT FROM ${FINAL_STATUS})) * 1000)::float8`,
    })
    .from(settlements);
  if (!held?.newest) return new Date(now.getTime() - SETTLEMENTS_FIRST_SYNC_DAYS * DAY_MS);
  const overlap = new Date(held.newest.getTime() - SETTLEMENTS_OVERLAP_DAYS * DAY_MS);
  const oldestOpen = held.oldestOpenMs === null ? null : new Date(Number(held.oldestOpenMs));
  return oldestOpen && oldestOpen < overlap ? oldestOpen : overlap;
}

/** One batch and its complete list, replacing what was stored of it. */
async function storeBatch(db: Database, batch: ProviderSettlement, list: SettledTransaction[], now: Date) {
  const figures = {
    settlementDate: dateOf(batch.settlementDate),
    transferDate: dateOf(batch.transferDate),
    status: batch.status,
    currency: batch.currency,
    grossCents: batch.grossCents,
    feesCents: batch.feesCents,
    adjustmentsCents: batch.adjustmentsCents,
    netCents: batch.netCents,
    debitCount: batch.debitCount,
    reversalCount: batch.reversalCount,
    disputeCount: batch.disputeCount,
    providerUpdatedAt: dateOf(batch.updatedAt),
    syncedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(settlements)
      .values({ batch: batch.batch, ...figures })
      .onConflictDoUpdate({ target: settlements.batch, set: figures });
    const ids = list.map((t) => t.transactionId);
    // A transaction the provider no longer lists in this batch is not in it.
    await tx
      .delete(settlementTransactions)
      .where(
        and(
          eq(settlementTransactions.batch, batch.batch),
          ids.length > 0 ? notInArray(settlementTransactions.providerTransactionId, ids) : undefined,
        ),
      );
    if (list.length === 0) return;
    const rows = list.map((t) => ({
      batch: batch.batch,
      providerTransactionId: t.transactionId,
      type: t.type,
      status: t.status,
      grossCents: t.grossCents,
      feesCents: t.feesCents,
      netCents: t.netCents,
      parentTransactionId: t.parentId,
      transactionDate: dateOf(t.date),
    }));
    await tx
      .insert(settlementTransactions)
      .values(rows)
      .onConflictDoUpdate({
        target: [settlementTransactions.batch, settlementTransactions.providerTransactionId],
        set: {
          type: sql`excluded.type`,
          status: sql`excluded.status`,
          grossCents: sql`excluded.gross_cents`,
          feesCents: sql`excluded.fees_cents`,
          netCents: sql`excluded.net_cents`,
          parentTransactionId: sql`excluded.parent_transaction_id`,
          transactionDate: sql`excluded.transaction_date`,
        },
      });
  });
}

/**
 * The matching rule (docs/decisions/048-deposits.md): a settled transaction is the ledger row with
 * its provider transaction id (a charge's or a refund's), and that row's payment. One whose row is
 * not written yet, but whose payment names it as its charge, is linked to the payment only: still
 * unmatched in the totals, but its reference is shown; so is one whose parent is our charge. Run
 * over every stored line, since the
 * ledger may record a charge after its batch was copied.
 */
async function linkToLedger(db: Database): Promise<void> {
  await db.execute(sql`UPDATE ${settlementTransactions} st
    SET ledger_row_id = t.id, payment_id = coalesce(t.payment_id, st.payment_id)
    FROM ${transactions} t
    WHERE t.provider_transaction_id = st.provider_transaction_id
      AND st.ledger_row_id IS DISTINCT FROM t.id`);
  await db.execute(sql`UPDATE ${settlementTransactions} st SET payment_id = p.id
    FROM ${payments} p
    WHERE st.payment_id IS NULL AND p.provider_transaction_id = st.provider_transaction_id`);
  // A reversal made outside the app (Pay Theory's portal), or a partial void's replacement charge,
  // names our charge as its parent: the line shows that payment, and stays unmatched.
  await db.execute(sql`UPDATE ${settlementTransactions} st SET payment_id = t.payment_id
    FROM ${transactions} t
    WHERE st.payment_id IS NULL AND t.payment_id IS NOT NULL
      AND t.provider_transaction_id = st.parent_transaction_id`);
}

export interface SyncSettlementsDeps {
  db: Database;
  provider: CardProvider;
  logger: Logger;
  now?: () => Date;
}

export async function syncSettlements(deps: SyncSettlementsDeps): Promise<SyncSettlementsResult> {
  const { db, provider, logger } = deps;
  const now = deps.now?.() ?? new Date();
  const since = await windowStart(db, now);
  const batches = await provider.listSettlements({ since });
  let count = 0;
  for (const batch of batches) {
    const list = await provider.listSettlementTransactions(batch.batch);
    await storeBatch(db, batch, list, now);
    count += list.length;
  }
  await linkToLedger(db);
  const [open] = await db
    .select({ unmatched: sql<number>`count(*)`.mapWith(Number) })
    .from(settlementTransactions)
    .where(isNull(settlementTransactions.ledgerRowId));
  const result = { batches: batches.length, transactions: count, unmatched: open?.unmatched ?? 0 };
  logger.info({ ...result, since: since.toISOString() }, 'settlements synced');
  return result;
}

/** When the newest copy of a batch was made: what the admin's list shows as "last synced". */
export async function lastSettlementSync(db: Database): Promise<Date | null> {
  const [row] = await db.select({ at: max(settlements.syncedAt) }).from(settlements);
  return row?.at ?? null;
}
