import { z } from 'zod';

/**
 * The GraphQL documents the adapter sends and the shapes it reads back, named after Pay Theory's
 * public API reference (pay-theory/pay-theory-documentation: docs/api/transaction.md,
 * recurring.md, payment_method_token.md, query.md). Only the fields we use are selected.
 */

/** Where the adapter keeps its idempotency key: Pay Theory documents no idempotency header. */
export const IDEMPOTENCY_METADATA_KEY = 'idempotency_key';

const TRANSACTION_FIELDS = `
  transaction_id
  gross_amount
  refunded_amount
  is_settled
  settlement_batch
  flag_for_review
  status
  transaction_type
  failure_reasons
  parent_id
  transaction_date
  recurring { recurring_id }
  payment_method { last_four }`;

const RECURRING_FIELDS = `
  recurring_id
  amount_per_payment
  is_active
  status
  next_payment_date`;

export const CREATE_TRANSACTION = `
mutation CreateTransaction($merchant_uid: String!, $amount: Int!, $payment_method_id: String!, $metadata: AWSJSON) {
  createTransaction(merchant_uid: $merchant_uid, amount: $amount, payment_method_id: $payment_method_id, metadata: $metadata) {${TRANSACTION_FIELDS}
  }
}`;

/** Lists transactions by Pay Theory fields (`query`) and by metadata (the nested query_list). */
export const FIND_TRANSACTIONS = `
query FindTransactions($query: SqlQuery, $metadata_query: [QueryPair], $limit: Int) {
  transactions(query: $query, limit: $limit) {
    items {${TRANSACTION_FIELDS}
      metadata(query_list: $metadata_query)
    }
    total_row_count
  }
}`;

export const CREATE_RECURRING_PAYMENT = `
mutation CreateRecurringPayment($input: RecurringPaymentInput!) {
  createRecurringPayment(input: $input) {${RECURRING_FIELDS}
  }
}`;

export const FIND_RECURRING_PAYMENTS = `
query FindRecurringPayments($metadata_query: [QueryPair], $limit: Int) {
  recurringPayments(limit: $limit) {
    items {${RECURRING_FIELDS}
      metadata(query_list: $metadata_query)
    }
    total_row_count
  }
}`;

/** The query of one page of `field` items within a window, with these item fields, paged as below. */
const windowPage = (name: string, field: string, itemFields: string) => `
query ${name}($query: SqlQuery, $limit: Int, $offset: String, $offset_id: String, $direction: MoveDirection) {
  ${field}(query: $query, limit: $limit, offset: $offset, offset_id: $offset_id, direction: $direction) {
    items {${itemFields}
    }
    total_row_count
  }
}`;

/**
 * One page of the transactions dated within a window, oldest first (docs: "Querying the API",
 * Pagination with Sorting): the next page names the last item's transaction_id (`offset_id`) and
 * its transaction_date (`offset`), direction FORWARD. The whole metadata object is read, since a
 * reconciliation matches on whatever key it carries.
 */
export const LIST_TRANSACTIONS = windowPage(
  'ListTransactions',
  'transactions',
  `${TRANSACTION_FIELDS}
      dispute_status
      metadata`,
);
/** One page of the plans created within a window, oldest first, paged as LIST_TRANSACTIONS. */
export const LIST_RECURRING_PAYMENTS = windowPage(
  'ListRecurringPayments',
  'recurringPayments',
  `${RECURRING_FIELDS}
      created_date
      metadata`,
);
/** One plan by its id (a `query_list` on Pay Theory's own fields, docs: query.md). */
export const GET_RECURRING_PAYMENT = `
query GetRecurringPayment($query: SqlQuery, $limit: Int) {
  recurringPayments(query: $query, limit: $limit) {
    items {${RECURRING_FIELDS}
    }
    total_row_count
  }
}`;

export const CANCEL_RECURRING_PAYMENT = `
mutation CancelRecurringPayment($recurring_id: String!) {
  cancelRecurringPayment(recurring_id: $recurring_id)
}`;

export const CREATE_REVERSAL = `
mutation CreateReversal($transaction_id: String!, $amount: Int!, $refund_reason: RefundReasonInput!) {
  createReversal(transaction_id: $transaction_id, amount: $amount, refund_reason: $refund_reason) {
    is_void
    transaction_id
  }
}`;

export const CREATE_PAYMENT_METHOD = `
mutation CreatePaymentMethod($merchant_uid: String!, $payment_method: PaymentMethodInput!) {
  createPaymentMethod(merchant_uid: $merchant_uid, payment_method: $payment_method) {
    payment_method_id
    last_four
    card_brand
  }
}`;

/**
 * Disputes (docs/api/dispute.md, "Query Disputes"), a page at a time. DOCS: the reference names no
 * filter key for the disputed charge, only the Dispute object's own fields, so the adapter filters
 * on one of those (`dispute_date`) and keeps the items whose `transaction.transaction_id` is the
 * charge's (docs/decisions/047-disputes.md).
 */
export const FIND_DISPUTES = `
query FindDisputes($query: SqlQuery, $limit: Int, $offset_id: String, $direction: MoveDirection) {
  disputes(query: $query, limit: $limit, offset_id: $offset_id, direction: $direction) {
    items {
      dispute_id
      status
      reason
      reason_message
      amount
      dispute_date
      expiration_date
      updated_date
      transaction { transaction_id }
    }
    total_row_count
  }
}`;

/**
 * A settlement batch (settlement.md, "The Settlement Object"). The Int totals are deprecated for the
 * `_64bit` strings, which are read first; the Int ones are selected too, as the fallback when a
 * string is absent (a batch over 2^31 cents answers 0 in the Int fields, so they are never the first
 * choice).
 */
const SETTLEMENT_FIELDS = `
  settlement_batch
  settlement_date
  transfer_date
  status
  currency
  gross_amount
  gross_amount_64bit
  net_amount
  net_amount_64bit
  total_fees
  total_fees_64bit
  total_adjustments
  total_adjustments_64bit
  transaction_debit_count
  transaction_reversal_count
  transaction_dispute_count
  updated_row_at`;

/** Settlements by Pay Theory's own fields, paged as every list is (query.md: offset / offset_id). */
export const LIST_SETTLEMENTS = `
query ListSettlements($query: SqlQuery, $limit: Int, $offset: String, $offset_id: String, $direction: MoveDirection) {
  settlements(query: $query, limit: $limit, offset: $offset, offset_id: $offset_id, direction: $direction) {
    items {${SETTLEMENT_FIELDS}
    }
    total_row_count
  }
}`;

/** The transactions of one settlement batch, with what Pay Theory took in fees from each (transaction.md). */
export const LIST_SETTLEMENT_TRANSACTIONS = `
query ListSettlementTransactions($query: SqlQuery, $limit: Int, $offset: String, $offset_id: String, $direction: MoveDirection) {
  transactions(query: $query, limit: $limit, offset: $offset, offset_id: $offset_id, direction: $direction) {
    items {
      transaction_id
      transaction_type
      status
      gross_amount
      fees
      net_amount
      parent_id
      settlement_batch
      transaction_date
    }
    total_row_count
  }
}`;

/** Cents as Pay Theory sends them: an Int, or a 64-bit integer in a string (settlement.md). */
const Cents64 = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^-?\d+$/)
      .transform(Number),
  ])
  .nullish();

export const SettlementSchema = z.object({
  settlement_batch: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  settlement_date: z.string().nullish(),
  transfer_date: z.string().nullish(),
  status: z.string().nullish(),
  currency: z.string().nullish(),
  gross_amount: z.number().int().nullish(),
  gross_amount_64bit: Cents64,
  net_amount: z.number().int().nullish(),
  net_amount_64bit: Cents64,
  total_fees: z.number().int().nullish(),
  total_fees_64bit: Cents64,
  total_adjustments: z.number().int().nullish(),
  total_adjustments_64bit: Cents64,
  transaction_debit_count: z.number().int().nullish(),
  transaction_reversal_count: z.number().int().nullish(),
  transaction_dispute_count: z.number().int().nullish(),
  updated_row_at: z.string().nullish(),
});
export type PayTheorySettlement = z.infer<typeof SettlementSchema>;
export const ListSettlementsData = z.object({
  settlements: z.object({ items: z.array(SettlementSchema), total_row_count: z.number().int().nullish() }),
});

export const SettlementTransactionSchema = z.object({
  transaction_id: z.string(),
  transaction_type: z.string().nullish(),
  status: z.string(),
  gross_amount: z.number().int(),
  fees: z.number().int().nullish(),
  net_amount: z.number().int().nullish(),
  parent_id: z.string().nullish(),
  settlement_batch: z.number().int().nullish(),
  transaction_date: z.string().nullish(),
});
export type PayTheorySettlementTransaction = z.infer<typeof SettlementTransactionSchema>;
export const ListSettlementTransactionsData = z.object({
  transactions: z.object({
    items: z.array(SettlementTransactionSchema),
    total_row_count: z.number().int().nullish(),
  }),
});

export const TransactionSchema = z.object({
  transaction_id: z.string(),
  gross_amount: z.number().int(),
  refunded_amount: z.number().int().nullish(),
  is_settled: z.boolean().nullish(),
  settlement_batch: z.number().int().nullish(),
  flag_for_review: z.string().nullish(),
  status: z.string(),
  transaction_type: z.string().nullish(),
  failure_reasons: z.array(z.string().nullable()).nullish(),
  parent_id: z.string().nullish(),
  transaction_date: z.string().nullish(),
  recurring: z.object({ recurring_id: z.string() }).nullish(),
  /** The card charged: its last four digits are printed on the receipt. */
  payment_method: z.object({ last_four: z.string().nullish() }).nullish(),
});
export type PayTheoryTransaction = z.infer<typeof TransactionSchema>;

export const RecurringPaymentSchema = z.object({
  recurring_id: z.string(),
  amount_per_payment: z.number().int().nullish(),
  is_active: z.boolean().nullish(),
  status: z.string().nullish(),
  next_payment_date: z.string().nullish(),
});
export type PayTheoryRecurringPayment = z.infer<typeof RecurringPaymentSchema>;

export const DisputeSchema = z.object({
  dispute_id: z.string(),
  status: z.string(),
  reason: z.string().nullish(),
  reason_message: z.string().nullish(),
  amount: z.number().int().nonnegative(),
  dispute_date: z.string().nullish(),
  expiration_date: z.string().nullish(),
  updated_date: z.string().nullish(),
  transaction: z.object({ transaction_id: z.string() }).nullish(),
});
export type PayTheoryDispute = z.infer<typeof DisputeSchema>;
export const FindDisputesData = z.object({ disputes: z.object({ items: z.array(DisputeSchema) }) });

/** AWSJSON arrives as a JSON string (AppSync) or an object; anything unreadable reads as none. */
const AwsJson = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((value): Record<string, unknown> => {
    if (!value) return {};
    if (typeof value !== 'string') return value;
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  });

export const ListedTransactionSchema = TransactionSchema.extend({
  dispute_status: z.string().nullish(),
  metadata: AwsJson,
});
export type PayTheoryListedTransaction = z.infer<typeof ListedTransactionSchema>;
export const ListedPlanSchema = RecurringPaymentSchema.extend({
  created_date: z.string().nullish(),
  metadata: AwsJson,
});
export type PayTheoryListedPlan = z.infer<typeof ListedPlanSchema>;

export const ListTransactionsData = z.object({
  transactions: z.object({ items: z.array(ListedTransactionSchema) }),
});
export const ListRecurringData = z.object({
  recurringPayments: z.object({ items: z.array(ListedPlanSchema) }),
});
export const CreateTransactionData = z.object({ createTransaction: TransactionSchema });
export const FindTransactionsData = z.object({ transactions: z.object({ items: z.array(TransactionSchema) }) });
export const CreateRecurringData = z.object({ createRecurringPayment: RecurringPaymentSchema });
export const FindRecurringData = z.object({ recurringPayments: z.object({ items: z.array(RecurringPaymentSchema) }) });
export const CancelRecurringData = z.object({ cancelRecurringPayment: z.boolean().nullable() });
export const CreateReversalData = z.object({
  createReversal: z.object({ is_void: z.boolean().nullish(), transaction_id: z.string().nullish() }),
});
export const CreatePaymentMethodData = z.object({
  createPaymentMethod: z.object({
    payment_method_id: z.string(),
    last_four: z.string().nullish(),
    card_brand: z.string().nullish(),
  }),
});

/**
 * Every document the adapter sends. A test validates each against the documented schema
 * (infra/sandbox-provider/paytheory.graphql), and `npm run provider:check` against the live
 * provider's, so a field, argument or type Pay Theory lacks fails before it reaches production.
 */
export const OPERATION_DOCUMENTS: Readonly<Record<string, string>> = {
  CreateTransaction: CREATE_TRANSACTION,
  FindTransactions: FIND_TRANSACTIONS,
  CreateRecurringPayment: CREATE_RECURRING_PAYMENT,
  FindRecurringPayments: FIND_RECURRING_PAYMENTS,
  GetRecurringPayment: GET_RECURRING_PAYMENT,
  ListTransactions: LIST_TRANSACTIONS,
  ListRecurringPayments: LIST_RECURRING_PAYMENTS,
  CancelRecurringPayment: CANCEL_RECURRING_PAYMENT,
  CreateReversal: CREATE_REVERSAL,
  CreatePaymentMethod: CREATE_PAYMENT_METHOD,
  FindDisputes: FIND_DISPUTES,
  ListSettlements: LIST_SETTLEMENTS,
  ListSettlementTransactions: LIST_SETTLEMENT_TRANSACTIONS,
};
