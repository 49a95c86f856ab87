import { type CardProvider, type ProviderDispute, type ProviderWindow } from '../provider';
import { type GraphQLRequest } from './graphql-client';
import {
  FIND_DISPUTES,
  FindDisputesData,
  FindRecurringData,
  GET_RECURRING_PAYMENT,
  IDEMPOTENCY_METADATA_KEY,
  LIST_SETTLEMENTS,
  LIST_SETTLEMENT_TRANSACTIONS,
  ListSettlementTransactionsData,
  ListSettlementsData,
  LIST_RECURRING_PAYMENTS,
  LIST_TRANSACTIONS,
  ListRecurringData,
  ListTransactionsData,
} from './operations';
import { allOf, atLeast, below, equals } from './query';
import {
  LIST_LIMIT,
  DAY_MS,
  DISPUTE_PAGES_MAX,
  toProviderCharge,
  metadataText,
  toProviderTransaction,
  listWindow,
  isDebit,
  byDate,
  toProviderDispute,
  readAllPages,
  toProviderSettlement,
} from './mapping';
import { type PayTheoryQueries } from './queries';

/**
 * What Pay Theory shows when read, beyond a charge's own outcome: plans, disputes, the window's
 * transactions and plans for the reconciliation, a plan's instalments and the settlements.
 */
export function payTheoryReports(
  request: GraphQLRequest,
  { findTransactions, byKey, getTransaction }: PayTheoryQueries,
): Pick<
  CardProvider,
  | 'getRecurring'
  | 'getChargeDisputes'
  | 'getChargeDetails'
  | 'listTransactions'
  | 'listPlans'
  | 'listRecurringCharges'
  | 'listSettlements'
  | 'listSettlementTransactions'
> {
  return {
    async getRecurring(recurringId) {
      const data = await request(
        'recurringPayments',
        GET_RECURRING_PAYMENT,
        { limit: 1, query: { query_list: [equals('recurring_id', recurringId)] } },
        FindRecurringData,
      );
      const plan = data.recurringPayments.items.find((p) => p.recurring_id === recurringId);
      if (!plan) return null;
      return {
        recurringId: plan.recurring_id,
        isActive: plan.is_active ?? false,
        status: plan.status ?? null,
        amountCents: plan.amount_per_payment ?? null,
        nextPaymentDate: plan.next_payment_date ? plan.next_payment_date.slice(0, 10) : null,
      };
    },

    // The disputes dated from a day before the charge on (a dispute cannot come before its charge;
    // the day covers clocks and time zones), oldest first and paged by dispute id, keeping the
    // charge's own: no filter on the disputed charge is documented (docs/decisions/047-disputes.md).
    async getChargeDisputes(transactionId) {
      const charge = await getTransaction(transactionId);
      if (!charge) return [];
      const chargedAt = charge.transaction_date ? Date.parse(charge.transaction_date) : Number.NaN;
      const since = Number.isNaN(chargedAt) ? null : new Date(chargedAt - DAY_MS).toISOString();
      const query = {
        ...(since ? { query_list: [atLeast('dispute_date', since)] } : {}),
        sort_list: [{ key: 'dispute_date', direction: 'ASC' }],
      };
      const found: ProviderDispute[] = [];
      let offsetId: string | undefined;
      for (let page = 0; page < DISPUTE_PAGES_MAX; page += 1) {
        const data = await request(
          'disputes',
          FIND_DISPUTES,
          { limit: LIST_LIMIT, query, ...(offsetId ? { offset_id: offsetId, direction: 'FORWARD' } : {}) },
          FindDisputesData,
        );
        const items = data.disputes.items;
        for (const d of items) {
          if (d.transaction?.transaction_id === transactionId) found.push(toProviderDispute(transactionId, d));
        }
        offsetId = items.at(-1)?.dispute_id;
        if (items.length < LIST_LIMIT || !offsetId) break;
      }
      return found.sort((a, b) => (a.disputeDate ?? '').localeCompare(b.disputeDate ?? ''));
    },

    async getChargeDetails(transactionId) {
      const found = await getTransaction(transactionId);
      return found && isDebit(found) ? toProviderCharge(found) : null;
    },

    async listTransactions(window: ProviderWindow) {
      const listed = await listWindow(window, 'transaction_date', (variables) =>
        request('transactions', LIST_TRANSACTIONS, variables, ListTransactionsData).then(
          (data) => data.transactions.items,
        ),
      );
      return listed.sort(byDate).map(toProviderTransaction);
    },

    async listPlans(window: ProviderWindow) {
      const listed = await listWindow(window, 'created_date', (variables) =>
        request('recurringPayments', LIST_RECURRING_PAYMENTS, variables, ListRecurringData).then(
          (data) => data.recurringPayments.items,
        ),
      );
      return listed.map((p) => ({
        recurringId: p.recurring_id,
        isActive: p.is_active ?? false,
        amountCents: p.amount_per_payment ?? null,
        createdAt: p.created_date ?? null,
        idempotencyKey: metadataText(p.metadata, IDEMPOTENCY_METADATA_KEY),
      }));
    },

    // Pay Theory documents no query by recurring_id on transactions, but does document that a
    // plan's metadata is "tied to each payment": the plan's idempotency key finds its instalments,
    // and recurring.recurring_id confirms each one. `since` keeps the page small on old plans.
    async listRecurringCharges(plan, { since } = {}) {
      const items = await findTransactions({
        ...byKey(plan.idempotencyKey),
        ...(since ? { query: { query_list: [atLeast('transaction_date', since.toISOString())] } } : {}),
      });
      return items
        .filter((t) => isDebit(t) && t.recurring?.recurring_id === plan.recurringId)
        .sort(byDate)
        .map(toProviderCharge);
    },

    async listSettlements({ since, until }) {
      const items = await readAllPages({
        page: async (variables) =>
          (await request('settlements', LIST_SETTLEMENTS, variables, ListSettlementsData)).settlements.items,
        filter: (after) =>
          allOf(
            atLeast('settlement_date', after ?? since.toISOString()),
            ...(until ? [below('settlement_date', until.toISOString())] : []),
          ),
        sortKey: 'settlement_date',
        sortValueOf: (s) => s.settlement_date,
        idOf: (s) => String(s.settlement_batch),
      });
      return items.map(toProviderSettlement);
    },

    // The docs name settlement_batch a field of a transaction and let a query filter on Pay Theory's
    // own fields; each item's batch is checked too, so an answer that ignored the filter adds nothing.
    async listSettlementTransactions(batch) {
      const items = await readAllPages({
        page: async (variables) =>
          (await request('transactions', LIST_SETTLEMENT_TRANSACTIONS, variables, ListSettlementTransactionsData))
            .transactions.items,
        filter: (after) =>
          allOf(equals('settlement_batch', String(batch)), ...(after ? [atLeast('transaction_date', after)] : [])),
        sortKey: 'transaction_date',
        sortValueOf: (t) => t.transaction_date,
        idOf: (t) => t.transaction_id,
      });
      return items
        .filter((t) => t.settlement_batch === undefined || t.settlement_batch === null || t.settlement_batch === batch)
        .map((t) => ({
          transactionId: t.transaction_id,
          type: t.transaction_type ?? 'DEBIT',
          status: t.status,
          grossCents: t.gross_amount,
          feesCents: t.fees ?? null,
          netCents: t.net_amount ?? null,
          parentId: t.parent_id ?? null,
          date: t.transaction_date ?? null,
        }));
    },
  };
}
