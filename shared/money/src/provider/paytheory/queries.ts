import { type GraphQLRequest } from './graphql-client';
import {
  FIND_RECURRING_PAYMENTS,
  FIND_TRANSACTIONS,
  FindRecurringData,
  FindTransactionsData,
  IDEMPOTENCY_METADATA_KEY,
  type PayTheoryRecurringPayment,
  type PayTheoryTransaction,
} from './operations';
import { equals } from './query';
import { LIST_LIMIT, isDebit, byDate } from './mapping';

/** The look-ups of Pay Theory's transactions and plans that the provider's operations share. */
export function payTheoryQueries(request: GraphQLRequest) {
  async function findTransactions(variables: { query?: unknown; metadata_query?: unknown }) {
    const data = await request(
      'transactions',
      FIND_TRANSACTIONS,
      { limit: LIST_LIMIT, ...variables },
      FindTransactionsData,
    );
    return data.transactions.items;
  }

  const byKey = (key: string) => ({ metadata_query: [equals(IDEMPOTENCY_METADATA_KEY, key)] });

  /** One-time debits (declined ones included) carrying this key in their metadata, oldest first. */
  async function oneTimeCharges(key: string): Promise<PayTheoryTransaction[]> {
    return (await findTransactions(byKey(key))).filter((t) => isDebit(t) && !t.recurring).sort(byDate);
  }

  async function plansByKey(key: string): Promise<PayTheoryRecurringPayment[]> {
    const data = await request(
      'recurringPayments',
      FIND_RECURRING_PAYMENTS,
      { limit: LIST_LIMIT, ...byKey(key) },
      FindRecurringData,
    );
    return data.recurringPayments.items;
  }

  async function getTransaction(transactionId: string): Promise<PayTheoryTransaction | null> {
    const items = await findTransactions({ query: { query_list: [equals('transaction_id', transactionId)] } });
    return items.find((t) => t.transaction_id === transactionId) ?? null;
  }

  /**
   * What a charge gave rise to, oldest first: its reversals (refunds) that went through, and the
   * replacement a partial void created. Pay Theory says only that the replacement is "the new
   * transaction created for the adjusted amount"; it is read here as a debit whose `parent_id` is
   * the voided charge, as a reversal's is (docs/decisions/019).
   */
  async function childrenOf(transactionId: string) {
    const items = (await findTransactions({ query: { query_list: [equals('parent_id', transactionId)] } }))
      .filter((t) => t.parent_id === transactionId)
      .sort(byDate);
    return {
      reversals: items.filter((t) => t.transaction_type === 'REVERSAL' && t.status !== 'FAILED'),
      replacement: items.find((t) => isDebit(t) && t.status !== 'FAILED') ?? null,
    };
  }

  return { findTransactions, byKey, oneTimeCharges, plansByKey, getTransaction, childrenOf };
}

export type PayTheoryQueries = ReturnType<typeof payTheoryQueries>;
