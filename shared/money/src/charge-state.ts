import { type SQL, and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, transactions } from '@pillars/platform/db';
import type { ProviderChargeState } from './provider';
import { CHARGE_ROW_STATUS } from './transaction-rows';

/**
 * A charge's state at the provider on its `transactions` row (docs/decisions/019): the one home of
 * how it changes. Two things change it: a reading from the provider (recordChargeState, which only
 * moves a charge forward, since a read may lag a change we made) and our own reversal of it
 * (stateAfterReversal, written by the refund ledger in the transaction that records the refund).
 */

/**
 * Pay Theory's statuses in the order a card charge moves through them: PENDING until captured,
 * SUCCEEDED, SETTLED in a batch, then given back in part or whole. VOIDED, CANCELED and RETURNED
 * end a charge. A reading never moves a charge back down this list.
 */
export const CHARGE_STATUS_ORDER = [
  'PENDING',
  'SUCCEEDED',
  'SETTLED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'RETURNED',
  'CANCELED',
  'VOIDED',
] as const;

/** Giving back money of a charge: a void while it is not settled, a refund once it is; unknown until read. */
export type ReversalKind = 'void' | 'refund' | 'unknown';

/**
 * What giving back (all or part of) a charge will be at the provider. Pay Theory decides; this
 * predicts it from the charge's `is_settled` so the admin is told beforehand.
 */
export function reversalKindOf(settled: boolean | null): ReversalKind {
  if (settled === null) return 'unknown';
  return settled ? 'refund' : 'void';
}

/** Statuses after which a charge's state no longer changes but by our own reversal. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['REFUNDED', 'RETURNED', 'CANCELED', 'VOIDED', 'FAILED']);

/**
 * Whether a charge's stored state may be behind the provider in a way that decides void or refund:
 * never read, or not settled and not final. What is cheap to read again before an admin gives money back.
 */
export function stateMayBeStale(state: StoredChargeState): boolean {
  return state === null || (state.settled !== true && !FINAL_STATUSES.has(state.status));
}

/** The state of a charge row as stored; null until first read. */
export type StoredChargeState = ProviderChargeState | null;

/** A row's state columns (as raw SQL answers them) as a state. */
export function storedChargeState(row: Record<string, unknown>): StoredChargeState {
  if (typeof row.provider_status !== 'string') return null;
  return {
    status: row.provider_status,
    settled: typeof row.provider_settled === 'boolean' ? row.provider_settled : null,
    settlementBatch:
      row.settlement_batch === null || row.settlement_batch === undefined ? null : Number(row.settlement_batch),
    reviewFlag: typeof row.review_flag === 'string' ? row.review_flag : null,
  };
}

/**
 * The state a charge takes once our reversal of it succeeded: a refund leaves it REFUNDED (or
 * PARTIALLY_REFUNDED while some is left); a full void VOIDED, never to be settled; a partial void
 * leaves the charge standing for its replacement, which Pay Theory captures anew (PENDING until it
 * reads otherwise).
 */
export function stateAfterReversal(
  before: StoredChargeState,
  reversal: { isVoid: boolean; replacement: boolean; fullyGivenBack: boolean },
  replacementState?: ProviderChargeState | null,
): ProviderChargeState {
  if (reversal.isVoid && reversal.replacement) {
    return replacementState ?? { status: 'PENDING', settled: false, settlementBatch: null, reviewFlag: null };
  }
  if (reversal.isVoid) {
    return { status: 'VOIDED', settled: false, settlementBatch: null, reviewFlag: before?.reviewFlag ?? null };
  }
  return {
    status: reversal.fullyGivenBack ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
    settled: true,
    settlementBatch: before?.settlementBatch ?? null,
    reviewFlag: before?.reviewFlag ?? null,
  };
}

/** The columns of a state, as a SET list: how every writer of a charge's state writes it. */
export function chargeStateSet(state: ProviderChargeState, at: Date): SQL {
  return sql`provider_status = ${state.status}, provider_settled = ${state.settled},
    settlement_batch = ${state.settlementBatch}, review_flag = ${state.reviewFlag},
    provider_state_at = ${at.toISOString()}::timestamptz`;
}

const ORDER_SQL = sql.raw(`ARRAY[${CHARGE_STATUS_ORDER.map((s) => `'${s}'`).join(', ')}]::text[]`);
const rank = (value: SQL) => sql`coalesce(array_position(${ORDER_SQL}, ${value}), 0)`;

/**
 * Records what the provider showed of a charge on its row (a charge row: `completed`, not a
 * refund), read at `at`. Only forward: a status earlier in CHARGE_STATUS_ORDER than the stored
 * one, a settled charge read as unsettled, or a reading older than the stored one changes
 * nothing, since the provider may show a reversal we made only after a delay. The review flag
 * and batch are the provider's own (a flag is cleared when Pay Theory resolves it). True when the
 * row changed.
 */
export async function recordChargeState(
  db: Pick<Database, 'execute'>,
  providerTransactionId: string,
  state: ProviderChargeState,
  at: Date,
): Promise<boolean> {
  const status = sql`${state.status}::text`;
  const { rows } = await db.execute(sql`UPDATE ${transactions} SET
      provider_status = CASE WHEN ${rank(status)} >= ${rank(sql`provider_status`)} THEN ${status}
        ELSE provider_status END,
      provider_settled = CASE WHEN provider_settled IS TRUE THEN true ELSE ${state.settled}::boolean END,
      settlement_batch = coalesce(${state.settlementBatch}::int, settlement_batch),
      review_flag = ${state.reviewFlag}::text,
      provider_state_at = ${at.toISOString()}::timestamptz
    WHERE provider_transaction_id = ${providerTransactionId} AND status = ${CHARGE_ROW_STATUS} AND refund_of IS NULL
      AND (provider_state_at IS NULL OR provider_state_at <= ${at.toISOString()}::timestamptz)
    RETURNING id`);
  return rows.length > 0;
}

/**
 * The stored state of the charges with these provider ids (a record's `pay_theory_payment_id` is
 * its first charge's), by id: one statement on the unique index, for a page or batch of records.
 */
export async function chargeStatesByProviderId(
  db: Pick<Database, 'select'>,
  providerTransactionIds: readonly string[],
): Promise<Map<string, { status: string | null; reviewFlag: string | null }>> {
  if (providerTransactionIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: transactions.providerTransactionId,
      status: transactions.providerStatus,
      reviewFlag: transactions.reviewFlag,
    })
    .from(transactions)
    .where(
      and(
        inArray(transactions.providerTransactionId, [...providerTransactionIds]),
        eq(transactions.status, CHARGE_ROW_STATUS),
        isNull(transactions.refundOf),
      ),
    );
  return new Map(rows.map((row) => [row.id ?? '', { status: row.status, reviewFlag: row.reviewFlag }]));
}
