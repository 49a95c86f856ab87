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

/** A query pair matching one exact value (docs: "Querying the API"). */
export function equals(key: string, value: string) {
  return { key, value, operator: 'EQUAL', conjunctive_operator: 'NONE_NEXT' };
}

/** A query pair matching values at or after this one (docs: "Querying the API", GREATER_EQUAL). */
export function atLeast(key: string, value: string) {
  return { key, value, operator: 'GREATER_EQUAL', conjunctive_operator: 'NONE_NEXT' };
}

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
  CancelRecurringPayment: CANCEL_RECURRING_PAYMENT,
  CreateReversal: CREATE_REVERSAL,
  CreatePaymentMethod: CREATE_PAYMENT_METHOD,
};
