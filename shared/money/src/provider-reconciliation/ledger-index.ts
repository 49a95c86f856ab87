import {
  type Database,
  DUPLICATE_REVERSED_ACTION,
  auditLog,
  payments,
  refunds,
  transactions,
} from '@pillars/platform/db';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { ProviderPlan, ProviderTransaction } from '../provider';
import type { Payment } from '../ledger';

async function paymentsWhere(db: Database, condition: ReturnType<typeof or>): Promise<Payment[]> {
  return condition ? db.select().from(payments).where(condition) : [];
}

/** The ledger rows the window's transactions and plans can match, read in a few statements. */
export async function ledgerIndex(db: Database, txs: ProviderTransaction[], plans: ProviderPlan[]) {
  const ids = [...new Set(txs.map((t) => t.transactionId))];
  const keys = [...new Set([...txs, ...plans].flatMap((x) => (x.idempotencyKey ? [x.idempotencyKey] : [])))];
  const planIds = [
    ...new Set([...plans.map((p) => p.recurringId), ...txs.flatMap((t) => (t.recurringId ? [t.recurringId] : []))]),
  ];
  const any = (list: string[], f: (l: string[]) => ReturnType<typeof inArray>) => (list.length ? [f(list)] : []);
  const found = await paymentsWhere(
    db,
    or(
      ...any(ids, (l) => inArray(payments.providerTransactionId, l)),
      ...any(ids, (l) => inArray(payments.claimedTransactionId, l)),
      ...any(keys, (l) => inArray(payments.idempotencyKey, l)),
      ...any(keys, (l) => inArray(payments.claimedIdempotencyKey, l)),
      ...any(planIds, (l) => inArray(payments.providerRecurringId, l)),
    ),
  );
  const rows = ids.length
    ? await db
        .select({
          id: transactions.id,
          paymentId: transactions.paymentId,
          amount: transactions.amount,
          status: transactions.status,
          refundOf: transactions.refundOf,
          providerTransactionId: transactions.providerTransactionId,
        })
        .from(transactions)
        .where(inArray(transactions.providerTransactionId, ids))
    : [];
  const reversedDuplicates = ids.length
    ? await db
        .select({ entityId: auditLog.entityId })
        .from(auditLog)
        .where(and(eq(auditLog.action, DUPLICATE_REVERSED_ACTION), inArray(auditLog.entityId, ids)))
    : [];
  // What voids took off each charge row: a partial void's replacement is charged for the rest.
  const chargeRowIds = rows.filter((r) => !r.refundOf).map((r) => r.id);
  const voids = chargeRowIds.length
    ? await db
        .select({ chargeRowId: refunds.chargeRowId, cents: sql<string>`sum(${refunds.amountCents})` })
        .from(refunds)
        .where(
          and(inArray(refunds.chargeRowId, chargeRowIds), eq(refunds.isVoid, true), eq(refunds.state, 'succeeded')),
        )
        .groupBy(refunds.chargeRowId)
    : [];
  const by = <K extends keyof Payment>(key: K) =>
    new Map(found.flatMap((p) => (p[key] ? [[String(p[key]), p] as const] : [])));
  return {
    byTransaction: by('providerTransactionId'),
    byClaimed: by('claimedTransactionId'),
    byKey: by('idempotencyKey'),
    byClaimedKey: by('claimedIdempotencyKey'),
    byPlan: by('providerRecurringId'),
    rowByTransaction: new Map(rows.map((r) => [r.providerTransactionId ?? '', r])),
    reversedDuplicates: new Set(reversedDuplicates.map((r) => r.entityId)),
    voidedCents: new Map(voids.map((v) => [v.chargeRowId, Number(v.cents)])),
  };
}
export type LedgerIndex = Awaited<ReturnType<typeof ledgerIndex>>;
