import type { GraphQLResolveInfo } from 'graphql';
import { nestedQueryLists } from './graphql-selection';
import { type QueryPair, compareValues, matchesQueryList } from './query-list';
import {
  type Dispute,
  type RecurringPlan,
  SandboxError,
  type SandboxStore,
  type Settlement,
  type TransactionView,
} from './store';

/**
 * Resolvers for the operations in paytheory.graphql: each checks what the schema cannot express,
 * calls the store and shapes its answer as the API does. graphql-js has already validated the
 * document and coerced the arguments against the documented types.
 */

export interface ResolverContext {
  store: SandboxStore;
  merchantUid: string;
  /** Set when answering made a new charge: server.ts's drop-after-charge fault applies then. */
  charged: boolean;
}

type ApiContext = Pick<ResolverContext, 'store' | 'merchantUid'>;

function checkMerchant(merchantUid: string, ctx: ApiContext): void {
  if (merchantUid !== ctx.merchantUid) {
    throw new SandboxError('FORBIDDEN', 'merchant_uid does not match the credentials');
  }
}

function paymentMethodToApi(id: string, ctx: ApiContext) {
  const method = ctx.store.paymentMethod(id);
  if (!method) return null;
  return {
    payment_method_id: method.paymentMethodId,
    last_four: method.lastFour,
    card_brand: method.brand,
    exp_date: method.expiration,
    payment_type: 'CARD',
    is_active: true,
    merchant_uid: ctx.merchantUid,
    metadata: JSON.stringify(method.metadata),
    payor: { payor_id: method.payorId, merchant_uid: ctx.merchantUid },
  };
}

function planToApi(plan: RecurringPlan, ctx: ApiContext) {
  return {
    recurring_id: plan.recurringId,
    merchant_uid: ctx.merchantUid,
    amount_per_payment: plan.amountCents,
    total_amount_per_payment: plan.amountCents,
    fee_per_payment: 0,
    fee_mode: 'MERCHANT_FEE',
    currency: 'USD',
    created_date: plan.createdAt,
    is_active: plan.isActive,
    is_processing: false,
    metadata: JSON.stringify(plan.metadata),
    next_payment_date: plan.nextPaymentDate,
    prev_payment_date: plan.prevPaymentDate,
    payment_interval: plan.interval,
    recurring_name: plan.name,
    remaining_payments: null,
    status: plan.status,
    payment_method: paymentMethodToApi(plan.paymentMethodId, ctx),
    payor: paymentMethodToApi(plan.paymentMethodId, ctx)?.payor ?? null,
  };
}

/** A transaction as the API (and a webhook's payload) shows it. */
export function transactionToApi(t: TransactionView, ctx: ApiContext) {
  return {
    transaction_id: t.transactionId,
    merchant_uid: ctx.merchantUid,
    gross_amount: t.amountCents,
    net_amount: t.amountCents - t.feeCents,
    fees: t.feeCents,
    fee_mode: 'MERCHANT_FEE',
    currency: 'USD',
    status: t.status,
    transaction_type: t.type,
    // The docs: "the failure_code will be the failure_reason in the response".
    failure_reasons: t.failureCode ? [t.failureCode] : null,
    dispute_status: t.disputeStatus,
    flag_for_review: t.flagForReview,
    metadata: JSON.stringify(t.metadata),
    parent_id: t.parentId,
    refunded_amount: t.refundedCents,
    is_settled: t.isSettled,
    settlement_batch: t.settlementBatch,
    transaction_date: t.createdAt,
    payment_method: paymentMethodToApi(t.paymentMethodId, ctx),
    recurring: t.recurringId ? { recurring_id: t.recurringId } : null,
  };
}

type ApiRecord = Record<string, unknown>;
const recordOf = (value: unknown): ApiRecord => (value && typeof value === 'object' ? (value as ApiRecord) : {});
const jsonOf = (value: unknown): ApiRecord => (typeof value === 'string' ? recordOf(JSON.parse(value)) : {});

/** A list query's documented arguments (query.md and each list's page). */
interface ListArgs {
  query?: {
    query_list?: QueryPair[] | null;
    sort_list?: { key?: string | null; direction?: string | null }[] | null;
  } | null;
  limit?: number | null;
  offset_id?: string | null;
  direction?: string | null;
}

/**
 * One page: ordered by the first `sort_list` pair (ties by the id), else in the order made (DOCS:
 * the default order is not documented); `offset_id` names the item a page starts after (FORWARD,
 * the default) or ends before (BACKWARD), as the docs describe the offset item. `offset`, the
 * offset item's sort value, is not needed once the item is found by its id.
 */
function page(rows: ApiRecord[], args: ListArgs, idKey: string) {
  const sort = args.query?.sort_list?.find((pair) => pair.key);
  const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value));
  const ordered = sort?.key
    ? [...rows].sort(
        (a, b) =>
          (sort.direction === 'DESC' ? -1 : 1) * compareValues(text(a[sort.key ?? '']), text(b[sort.key ?? ''])) ||
          compareValues(text(a[idKey]), text(b[idKey])),
      )
    : rows;
  const limit = args.limit ?? 100;
  const at = args.offset_id ? ordered.findIndex((row) => text(row[idKey]) === args.offset_id) : -1;
  if (at < 0) return ordered.slice(0, limit);
  if (args.direction === 'BACKWARD') return ordered.slice(Math.max(0, at - limit), at);
  return ordered.slice(at + 1, at + 1 + limit);
}

/**
 * `query` on Pay Theory's own fields plus the nested `metadata`, `payment_method` and `payor`
 * filters below `items`. Metadata queries do not take `query_group` (query.md).
 */
function list(rows: ApiRecord[], args: ListArgs, info: GraphQLResolveInfo, idKey: string) {
  const metadataLists = nestedQueryLists(info, ['items', 'metadata']);
  if (metadataLists.some((pairs) => pairs.some((pair) => pair.query_group))) {
    throw new SandboxError('BAD_USER_INPUT', 'metadata query_list does not support query_group');
  }
  const methodLists = nestedQueryLists(info, ['items', 'payment_method']);
  const payorLists = [
    ...nestedQueryLists(info, ['items', 'payor']),
    ...nestedQueryLists(info, ['items', 'payment_method', 'payor']),
  ];
  const matching = rows.filter((row) => {
    const method = recordOf(row.payment_method);
    const payor = recordOf(row.payor ?? method.payor);
    return (
      matchesQueryList(row, args.query?.query_list) &&
      metadataLists.every((pairs) => matchesQueryList(jsonOf(row.metadata), pairs)) &&
      methodLists.every((pairs) => matchesQueryList(method, pairs)) &&
      payorLists.every((pairs) => matchesQueryList(payor, pairs))
    );
  });
  return { items: page(matching, args, idKey), total_row_count: matching.length };
}

/**
 * GraphQL has no 64-bit Int, so the docs carry each amount twice: a `_64bit` string, and an Int
 * that is 0 when the value does not fit in 32 bits ("passed in as a 0 … to avoid the call failing").
 */
function amount32(cents: number): number {
  return cents > 2_147_483_647 || cents < -2_147_483_648 ? 0 : cents;
}

/** A dispute as the `disputes` query shows it, with its transaction as it is now. */
export function disputeToApi(d: Dispute, ctx: ApiContext) {
  const transaction = ctx.store.transactionById(d.transactionId);
  return {
    merchant_uid: ctx.merchantUid,
    dispute_id: d.disputeId,
    status: d.status,
    reason: d.reason,
    reason_message: d.reasonMessage,
    amount: d.amountCents,
    dispute_date: d.disputeDate,
    evidence_last_send_date: null,
    expiration_date: d.expirationDate,
    updated_date: d.updatedDate,
    updated_row_at: d.updatedDate,
    settlement_withdrawal_batch: d.settlementWithdrawalBatch === null ? null : String(d.settlementWithdrawalBatch),
    settlement_deposit_batch: d.settlementDepositBatch === null ? null : String(d.settlementDepositBatch),
    transaction: transaction ? transactionToApi(transaction, ctx) : null,
  };
}

/** A settlement batch as the API (and the sandbox's admin route) shows it. */
export function settlementToApi(s: Settlement, ctx: ApiContext) {
  return {
    currency: 'USD',
    merchant_uid: ctx.merchantUid,
    settlement_batch: s.settlementBatch,
    settlement_date: s.settlementDate,
    transfer_date: s.transferDate,
    updated_row_at: s.settlementDate,
    status: s.status,
    gross_amount: amount32(s.grossCents),
    gross_amount_64bit: String(s.grossCents),
    net_amount: amount32(s.netCents),
    net_amount_64bit: String(s.netCents),
    total_fees: amount32(s.feesCents),
    total_fees_64bit: String(s.feesCents),
    total_adjustments: amount32(s.adjustmentsCents),
    total_adjustments_64bit: String(s.adjustmentsCents),
    transaction_debit_count: s.debitCount,
    transaction_dispute_count: s.disputeCount,
    transaction_reversal_count: s.reversalCount,
  };
}

/** A list query's resolver: every record of one kind as the API shows it, filtered and paged by `list`. */
const listOf =
  (rows: (ctx: ResolverContext) => ApiRecord[], idKey: string) =>
  (args: ListArgs, ctx: ResolverContext, info: GraphQLResolveInfo) =>
    list(rows(ctx), args, info, idKey);

interface CardArg {
  card_number: string;
  security_code: string;
  exp_date: { month: string; year: string };
  postal_code: string;
}

/** The root value: graphql-js calls these for the root fields of the documented operations. */
export const rootValue = {
  transactions: listOf(
    (ctx) => ctx.store.transactionsWhere(() => true).map((t) => transactionToApi(t, ctx)),
    'transaction_id',
  ),
  recurringPayments: listOf((ctx) => ctx.store.plansWhere(() => true).map((p) => planToApi(p, ctx)), 'recurring_id'),
  disputes: listOf((ctx) => ctx.store.disputes().map((d) => disputeToApi(d, ctx)), 'dispute_id'),
  settlements: listOf((ctx) => ctx.store.settlements().map((s) => settlementToApi(s, ctx)), 'settlement_batch'),

  createTransaction(
    args: { merchant_uid: string; amount: number; payment_method_id?: string | null; metadata?: ApiRecord | null },
    ctx: ResolverContext,
  ) {
    checkMerchant(args.merchant_uid, ctx);
    if (!args.payment_method_id) {
      throw new SandboxError('BAD_USER_INPUT', 'the sandbox charges a payment_method_id only');
    }
    const { transaction } = ctx.store.charge({
      amountCents: args.amount,
      paymentMethodId: args.payment_method_id,
      metadata: args.metadata ?? {},
      source: 'api',
    });
    ctx.charged = true;
    return transactionToApi(ctx.store.describe(transaction), ctx);
  },

  createRecurringPayment(
    {
      input,
    }: {
      input: {
        merchant_uid: string;
        amount: number;
        payment_method_id: string;
        payment_interval: string;
        recurring_name: string;
        first_payment_date?: string | null;
        metadata?: ApiRecord | null;
      };
    },
    ctx: ResolverContext,
  ) {
    checkMerchant(input.merchant_uid, ctx);
    if (input.payment_interval !== 'MONTHLY') {
      throw new SandboxError('BAD_USER_INPUT', 'the sandbox supports payment_interval MONTHLY only');
    }
    if (input.first_payment_date) {
      throw new SandboxError('BAD_USER_INPUT', 'the sandbox charges the first payment immediately');
    }
    const { plan } = ctx.store.createRecurring({
      amountCents: input.amount,
      paymentMethodId: input.payment_method_id,
      name: input.recurring_name,
      metadata: input.metadata ?? {},
    });
    ctx.charged = true;
    return planToApi(plan, ctx);
  },

  cancelRecurringPayment(args: { recurring_id: string }, ctx: ResolverContext) {
    ctx.store.cancelRecurring(args.recurring_id);
    return true;
  },

  createReversal(args: { transaction_id: string; amount: number }, ctx: ResolverContext) {
    const done = ctx.store.reverse(args.transaction_id, args.amount);
    // Money moved: the after-charge faults (a lost or failed answer) apply to a refund or void too.
    ctx.charged = true;
    // transaction.md: transaction_id is "the transaction that was created due to the call": the
    // reversal of a refund, the replacement of a partial void, none for a full void.
    if (done.kind === 'refund') return { is_void: false, transaction_id: done.reversal.transactionId };
    return { is_void: true, transaction_id: done.replacement?.transactionId ?? null };
  },

  createPaymentMethod(
    args: { merchant_uid: string; payment_method: { card?: CardArg | null; metadata?: ApiRecord | null } },
    ctx: ResolverContext,
  ) {
    checkMerchant(args.merchant_uid, ctx);
    const { card } = args.payment_method;
    if (!card) throw new SandboxError('BAD_USER_INPUT', 'the sandbox tokenizes cards only');
    const result = ctx.store.tokenize(
      {
        number: card.card_number,
        expMonth: card.exp_date.month,
        expYear: card.exp_date.year,
        securityCode: card.security_code,
        postalCode: card.postal_code,
      },
      args.payment_method.metadata ?? {},
    );
    if (!result.ok) throw new SandboxError('NOT_VALID', `NOT_VALID: ${result.problems.join(', ')}`);
    return paymentMethodToApi(result.method.paymentMethodId, ctx);
  },
};
