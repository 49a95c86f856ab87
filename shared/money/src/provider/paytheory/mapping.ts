import {
  type ChargeOutcome,
  type Payor,
  type ProviderCharge,
  type ProviderDispute,
  type ProviderTransaction,
  type ProviderWindow,
  type ProviderChargeState,
  type ProviderSettlement,
} from '../provider';
import { failureText } from './failure-codes';
import {
  IDEMPOTENCY_METADATA_KEY,
  type PayTheoryDispute,
  type PayTheoryListedTransaction,
  type PayTheorySettlement,
  type PayTheoryTransaction,
} from './operations';
import { type equals, within } from './query';

/** Pay Theory's answers read as the card provider's types (provider-types.ts), and the paging of its lists. */

export const LIST_LIMIT = 100;
export const DAY_MS = 24 * 3_600_000;
/** Pages of disputes read for one charge: 10 000 disputes since it was made is far past any real one. */
export const DISPUTE_PAGES_MAX = 100;
export const POSTAL_CODE_REQUIRED = 'Please enter the billing ZIP code of the card.';
/** Statuses of a card debit that went through (a later refund does not undo the charge). */
const CHARGED = new Set(['PENDING', 'SUCCEEDED', 'SETTLED', 'REFUNDED', 'PARTIALLY_REFUNDED']);

/** The charged card's last four digits when the transaction names them (receipts print them). */
function lastFourOf(t: PayTheoryTransaction): { lastFour?: string } {
  const digits = t.payment_method?.last_four;
  return digits && /^\d{4}$/.test(digits) ? { lastFour: digits } : {};
}

export function stateOf(t: PayTheoryTransaction): ProviderChargeState {
  return {
    status: t.status,
    settled: t.is_settled ?? null,
    settlementBatch: t.settlement_batch ?? null,
    reviewFlag: t.flag_for_review ?? null,
  };
}

export function toChargeOutcome(t: PayTheoryTransaction): ChargeOutcome {
  if (CHARGED.has(t.status)) {
    return { status: 'succeeded', transactionId: t.transaction_id, amountCents: t.gross_amount, ...lastFourOf(t) };
  }
  // FAILED carries the failure code; VOIDED / RETURNED were never money we may keep.
  const code = t.status === 'FAILED' ? (t.failure_reasons?.find((r) => r) ?? 'UNKNOWN_ERROR') : t.status;
  return { status: 'declined', code, message: failureText(code), transactionId: t.transaction_id, ...lastFourOf(t) };
}

export function toProviderCharge(t: PayTheoryTransaction): ProviderCharge {
  return {
    transactionId: t.transaction_id,
    amountCents: t.gross_amount,
    recurringId: t.recurring?.recurring_id ?? null,
    date: t.transaction_date ?? null,
    outcome: toChargeOutcome(t),
    state: stateOf(t),
    replaces: t.parent_id ?? null,
  };
}

export const metadataText = (metadata: Record<string, unknown>, key: string): string | null => {
  const value = metadata[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

export function toProviderTransaction(t: PayTheoryListedTransaction): ProviderTransaction {
  const type = t.transaction_type ?? 'DEBIT';
  return {
    transactionId: t.transaction_id,
    type,
    status: t.status,
    charged: type === 'DEBIT' && CHARGED.has(t.status),
    amountCents: t.gross_amount,
    refundedCents: t.refunded_amount ?? 0,
    parentId: t.parent_id ?? null,
    recurringId: t.recurring?.recurring_id ?? null,
    date: t.transaction_date ?? null,
    idempotencyKey: metadataText(t.metadata, IDEMPOTENCY_METADATA_KEY),
    paymentId: metadataText(t.metadata, 'payment_id'),
    disputeStatus: t.dispute_status ?? null,
    ...lastFourOf(t),
  };
}

/**
 * Pages a window's list through, oldest first, as query.md's "Pagination with Sorting" says: each
 * page after the first names the previous page's last item (`offset_id`, and its sort value as
 * `offset`), direction FORWARD; a page shorter than the limit is the last. An item seen twice (a
 * provider that repeats the offset item) is kept once; a page that brings nothing new ends the
 * listing rather than looping.
 */
async function pagesOf<T>(
  fetchPage: (after: { id: string; sortValue: string } | null) => Promise<T[]>,
  idOf: (item: T) => string,
  sortValueOf: (item: T) => string,
): Promise<T[]> {
  const seen = new Map<string, T>();
  let after: { id: string; sortValue: string } | null = null;
  for (;;) {
    const page = await fetchPage(after);
    let fresh = 0;
    for (const item of page) {
      if (seen.has(idOf(item))) continue;
      seen.set(idOf(item), item);
      fresh += 1;
    }
    const last = page.at(-1);
    if (page.length < LIST_LIMIT || !last || fresh === 0) return [...seen.values()];
    after = { id: idOf(last), sortValue: sortValueOf(last) };
  }
}

/**
 * Every item of a list whose `dateKey` is within the window, oldest first by it, paged through
 * (pagesOf); `fetchPage` sends one page's variables.
 */
export function listWindow<T extends { transaction_id?: string; recurring_id?: string } & Record<string, unknown>>(
  { from, to }: ProviderWindow,
  dateKey: 'transaction_date' | 'created_date',
  fetchPage: (variables: Record<string, unknown>) => Promise<T[]>,
): Promise<T[]> {
  const idOf = (item: T) => item.transaction_id ?? item.recurring_id ?? '';
  return pagesOf(
    (after) =>
      fetchPage({
        limit: LIST_LIMIT,
        query: {
          query_list: within(dateKey, from.toISOString(), to.toISOString()),
          sort_list: [{ key: dateKey, direction: 'ASC' }],
        },
        direction: 'FORWARD',
        ...(after ? { offset_id: after.id, offset: after.sortValue } : {}),
      }),
    idOf,
    (item) => {
      const value = item[dateKey];
      return typeof value === 'string' ? value : '';
    },
  );
}

/**
 * Statuses of a charge given back whole without a reversal transaction: a void (docs/decisions/019;
 * Pay Theory promises no new transaction for a full void).
 */
export const VOIDED = new Set(['VOIDED', 'CANCELED']);

export const isDebit = (t: PayTheoryTransaction) =>
  t.transaction_type !== 'REVERSAL' && t.transaction_type !== 'ACH_RETURN';
export const byDate = (a: PayTheoryTransaction, b: PayTheoryTransaction) =>
  (a.transaction_date ?? '').localeCompare(b.transaction_date ?? '');

/**
 * The charges among one key's debits (oldest first), each answered once. A partial void leaves two
 * debits with the charge's metadata: the charge, now VOIDED, and its replacement for the rest
 * (`parent_id` the voided charge). They are one charge, not a duplicate to reverse: each chain is
 * answered by its last debit (the live replacement, or the charge voided whole), naming in
 * `replaced` every charge it stands in for, so a payment whose ledger still names the voided one
 * (a void made in Pay Theory's portal, or one whose answer was lost) keeps the replacement
 * (docs/decisions/019). A replacement whose voided charge is not listed (a query's lag) still
 * names it by its `parent_id`: counted as a charge of its own it would be reversed.
 */
export function chargesOf(debits: PayTheoryTransaction[]): ChargeOutcome[] {
  const byId = new Map(debits.map((t) => [t.transaction_id, t]));
  const replacedIds = new Set(debits.flatMap((t) => (t.parent_id ? [t.parent_id] : [])));
  const chainOf = (tip: PayTheoryTransaction) => {
    const ancestors: string[] = [];
    for (let parent = tip.parent_id; parent && !ancestors.includes(parent);) {
      ancestors.unshift(parent);
      parent = byId.get(parent)?.parent_id;
    }
    return ancestors;
  };
  const chains = debits
    .filter((t) => !replacedIds.has(t.transaction_id))
    .map((tip) => ({ tip, replaced: chainOf(tip) }))
    .map((c) => ({ ...c, first: byId.get(c.replaced[0] ?? '') ?? c.tip }));
  return chains
    .sort((a, b) => byDate(a.first, b.first))
    .map(({ tip, replaced }) => {
      const outcome = toChargeOutcome(tip);
      return outcome.status === 'succeeded' && replaced.length > 0 ? { ...outcome, replaced } : outcome;
    });
}

export function toProviderDispute(transactionId: string, d: PayTheoryDispute): ProviderDispute {
  return {
    disputeId: d.dispute_id,
    transactionId,
    status: d.status,
    amountCents: d.amount,
    reason: d.reason ?? null,
    reasonMessage: d.reason_message ?? null,
    disputeDate: d.dispute_date ?? null,
    expirationDate: d.expiration_date ?? null,
    updatedDate: d.updated_date ?? null,
  };
}

/** Enough pages for years of daily batches, or a batch of 10 000 transactions; a stop for a loop. */
const MAX_PAGES = 100;

type QueryPair = ReturnType<typeof equals>;

/**
 * Reads every page of a Pay Theory list. Pages follow query.md: sorted ascending on `sortKey`,
 * direction FORWARD, `offset` the sort value and `offset_id` the id of the previous page's last
 * item. The docs do not say how `offset` meets a `query`, so each page also narrows the filter
 * to sort values at or after that last one, and items already read are dropped by id: a
 * provider that honours the offset answers the next page, one that ignores it still moves on. A
 * page that adds nothing new ends the listing (safe reading: never loop on an answer that does
 * not advance).
 */
export async function readAllPages<T>(options: {
  page: (variables: Record<string, unknown>) => Promise<T[]>;
  filter: (after: string | null) => QueryPair[];
  sortKey: string;
  sortValueOf: (item: T) => string | null | undefined;
  idOf: (item: T) => string;
}): Promise<T[]> {
  const read = new Map<string, T>();
  let last: T | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const after = last ? (options.sortValueOf(last) ?? null) : null;
    const items = await options.page({
      query: { query_list: options.filter(after), sort_list: [{ key: options.sortKey, direction: 'ASC' }] },
      limit: LIST_LIMIT,
      direction: 'FORWARD',
      ...(last && after !== null ? { offset: after, offset_id: options.idOf(last) } : {}),
    });
    let added = 0;
    for (const item of items) {
      if (read.has(options.idOf(item))) continue;
      read.set(options.idOf(item), item);
      added += 1;
    }
    if (items.length < LIST_LIMIT || added === 0) break;
    last = items.at(-1);
  }
  return [...read.values()].sort((a, b) => (options.sortValueOf(a) ?? '').localeCompare(options.sortValueOf(b) ?? ''));
}

/** A 64-bit total when Pay Theory sends one, else its deprecated Int twin (settlement.md). */
const cents = (wide: number | null | undefined, narrow: number | null | undefined) => wide ?? narrow ?? 0;

export function toProviderSettlement(s: PayTheorySettlement): ProviderSettlement {
  return {
    batch: s.settlement_batch,
    settlementDate: s.settlement_date ?? null,
    transferDate: s.transfer_date ?? null,
    status: s.status ?? null,
    currency: s.currency ?? null,
    grossCents: cents(s.gross_amount_64bit, s.gross_amount),
    feesCents: cents(s.total_fees_64bit, s.total_fees),
    adjustmentsCents: cents(s.total_adjustments_64bit, s.total_adjustments),
    netCents: cents(s.net_amount_64bit, s.net_amount),
    debitCount: s.transaction_debit_count ?? null,
    reversalCount: s.transaction_reversal_count ?? null,
    disputeCount: s.transaction_dispute_count ?? null,
    updatedAt: s.updated_row_at ?? null,
  };
}

export function payorInput(payor: Payor) {
  return {
    full_name: `${payor.firstName} ${payor.lastName}`.trim(),
    email: payor.email,
    ...(payor.phone ? { phone: payor.phone } : {}),
  };
}
