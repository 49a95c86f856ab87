import {
  type CardDetails,
  type CardProvider,
  type ChargeOutcome,
  type Payor,
  type ProviderCharge,
  type ProviderDispute,
  type ProviderTransaction,
  type ProviderWindow,
  type ProviderChargeState,
  ProviderRequestError,
  type ProviderSettlement,
  type RecurringOutcome,
  RefundRejectedError,
  type Reversal,
  TransientProviderError,
} from '../provider';
import { verifyPayTheoryWebhook } from './webhooks';
import { failureText } from './failure-codes';
import { PayTheoryGraphQLError, createGraphQLClient } from './graphql-client';
import {
  CANCEL_RECURRING_PAYMENT,
  CREATE_PAYMENT_METHOD,
  CREATE_RECURRING_PAYMENT,
  CREATE_REVERSAL,
  CREATE_TRANSACTION,
  CancelRecurringData,
  CreatePaymentMethodData,
  CreateRecurringData,
  CreateReversalData,
  CreateTransactionData,
  FIND_DISPUTES,
  FIND_RECURRING_PAYMENTS,
  FIND_TRANSACTIONS,
  FindDisputesData,
  FindRecurringData,
  FindTransactionsData,
  GET_RECURRING_PAYMENT,
  IDEMPOTENCY_METADATA_KEY,
  type PayTheoryDispute,
  LIST_SETTLEMENTS,
  LIST_SETTLEMENT_TRANSACTIONS,
  ListSettlementTransactionsData,
  ListSettlementsData,
  LIST_RECURRING_PAYMENTS,
  LIST_TRANSACTIONS,
  ListRecurringData,
  ListTransactionsData,
  type PayTheoryListedTransaction,
  type PayTheoryRecurringPayment,
  type PayTheorySettlement,
  type PayTheoryTransaction,
  allOf,
  atLeast,
  below,
  equals,
  within,
} from './operations';

export interface PayTheoryProviderOptions {
  /** e.g. https://api.PARTNER.STAGE.com/graphql, or the sandbox provider's /graphql. */
  graphqlUrl: string;
  merchantUid: string;
  secretKey: string;
  liveMode: boolean;
  /** Per request; default 10 000. A timeout is a TransientProviderError (outcome unknown). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * Pay Theory does not sign webhooks. Set only when deliveries arrive signed (HMAC-SHA256 of the
   * raw body, webhooks.ts); then an unsigned or wrongly signed delivery is refused.
   */
  webhookSigningSecret?: string | undefined;
}

const LIST_LIMIT = 100;
const DAY_MS = 24 * 3_600_000;
/** Pages of disputes read for one charge: 10 000 disputes since it was made is far past any real one. */
const DISPUTE_PAGES_MAX = 100;
const POSTAL_CODE_REQUIRED = 'Please enter the billing ZIP code of the card.';
/** Statuses of a card debit that went through (a later refund does not undo the charge). */
const CHARGED = new Set(['PENDING', 'SUCCEEDED', 'SETTLED', 'REFUNDED', 'PARTIALLY_REFUNDED']);

/** The charged card's last four digits when the transaction names them (receipts print them). */
function lastFourOf(t: PayTheoryTransaction): { lastFour?: string } {
  const digits = t.payment_method?.last_four;
  return digits && /^\d{4}$/.test(digits) ? { lastFour: digits } : {};
}

function stateOf(t: PayTheoryTransaction): ProviderChargeState {
  return {
    status: t.status,
    settled: t.is_settled ?? null,
    settlementBatch: t.settlement_batch ?? null,
    reviewFlag: t.flag_for_review ?? null,
  };
}

function toChargeOutcome(t: PayTheoryTransaction): ChargeOutcome {
  if (CHARGED.has(t.status)) {
    return { status: 'succeeded', transactionId: t.transaction_id, amountCents: t.gross_amount, ...lastFourOf(t) };
  }
  // FAILED carries the failure code; VOIDED / RETURNED were never money we may keep.
  const code = t.status === 'FAILED' ? (t.failure_reasons?.find((r) => r) ?? 'UNKNOWN_ERROR') : t.status;
  return { status: 'declined', code, message: failureText(code), transactionId: t.transaction_id, ...lastFourOf(t) };
}

function toProviderCharge(t: PayTheoryTransaction): ProviderCharge {
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

const metadataText = (metadata: Record<string, unknown>, key: string): string | null => {
  const value = metadata[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

function toProviderTransaction(t: PayTheoryListedTransaction): ProviderTransaction {
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
function listWindow<T extends { transaction_id?: string; recurring_id?: string } & Record<string, unknown>>(
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
const VOIDED = new Set(['VOIDED', 'CANCELED']);

const isDebit = (t: PayTheoryTransaction) => t.transaction_type !== 'REVERSAL' && t.transaction_type !== 'ACH_RETURN';
const byDate = (a: PayTheoryTransaction, b: PayTheoryTransaction) =>
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
function chargesOf(debits: PayTheoryTransaction[]): ChargeOutcome[] {
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

function toProviderDispute(transactionId: string, d: PayTheoryDispute): ProviderDispute {
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
async function readAllPages<T>(options: {
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

function toProviderSettlement(s: PayTheorySettlement): ProviderSettlement {
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

function payorInput(payor: Payor) {
  return {
    full_name: `${payor.firstName} ${payor.lastName}`.trim(),
    email: payor.email,
    ...(payor.phone ? { phone: payor.phone } : {}),
  };
}

export function createPayTheoryProvider(options: PayTheoryProviderOptions): CardProvider {
  const request = createGraphQLClient({
    graphqlUrl: options.graphqlUrl,
    merchantUid: options.merchantUid,
    secretKey: options.secretKey,
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch ?? globalThis.fetch,
  });
  const merchant_uid = options.merchantUid;

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

  async function createReversal(transactionId: string, amount: number): Promise<Reversal> {
    const data = await request(
      'createReversal',
      CREATE_REVERSAL,
      { transaction_id: transactionId, amount, refund_reason: { reason_code: 'REQUESTED_BY_CUSTOMER' } },
      CreateReversalData,
    );
    // A full void creates no new transaction; the voided charge's id is then the reference. A void
    // that answers a transaction id was partial: that id is the charge's replacement, the one that
    // will be captured, not a reversal, so the voided charge's id is the reference then too.
    const { is_void: isVoid, transaction_id: created } = data.createReversal;
    if (isVoid) return { refundId: transactionId, isVoid: true, replacementTransactionId: created ?? null };
    return { refundId: created ?? transactionId, isVoid: false, replacementTransactionId: null };
  }

  /** A plan's outcome is its first instalment's: charged with the plan, carrying its metadata. */
  async function recurringOutcome(plan: PayTheoryRecurringPayment, key: string): Promise<RecurringOutcome> {
    const instalments = (await findTransactions(byKey(key)))
      .filter((t) => isDebit(t) && t.recurring?.recurring_id === plan.recurring_id)
      .sort(byDate);
    const first = instalments[0];
    // Pay Theory may charge the first instalment after answering createRecurringPayment, and its
    // queries may lag: the plan exists and its first instalment is awaited, an expected state the
    // caller resolves by looking again later (never by creating a second plan; docs/decisions/010).
    if (!first) return { status: 'awaiting', recurringId: plan.recurring_id };
    const outcome = toChargeOutcome(first);
    if (outcome.status === 'declined') return outcome;
    if (!plan.next_payment_date) {
      // An active plan always has a next date: an answer without one is incomplete, not a plan
      // created without a date, so the plan is looked up again (docs/decisions/011).
      throw new TransientProviderError(`Pay Theory recurring payment ${plan.recurring_id}: no next_payment_date yet`);
    }
    return {
      status: 'active',
      recurringId: plan.recurring_id,
      nextPaymentDate: plan.next_payment_date.slice(0, 10),
      firstCharge: outcome,
    };
  }

  return {
    name: 'paytheory',
    liveMode: options.liveMode,

    // Pay Theory attaches the payor to the payment method at tokenization; createTransaction
    // takes no payor, so `request.payor` is not sent here.
    async charge(req) {
      const metadata = { ...req.metadata, [IDEMPOTENCY_METADATA_KEY]: req.idempotencyKey };
      const data = await request(
        'createTransaction',
        CREATE_TRANSACTION,
        {
          merchant_uid,
          amount: req.amountCents,
          payment_method_id: req.paymentMethodId,
          metadata: JSON.stringify(metadata),
        },
        CreateTransactionData,
      );
      return toChargeOutcome(data.createTransaction);
    },

    // Instalments of a recurring plan carry the plan's metadata, so they are skipped: the
    // question here is about the one-time charge made with this key.
    async findChargeByIdempotencyKey(key) {
      const charges = chargesOf(await oneTimeCharges(key));
      return charges.find((c) => c.status === 'succeeded') ?? charges.at(-1) ?? null;
    },

    async listChargesByIdempotencyKey(key) {
      return chargesOf(await oneTimeCharges(key));
    },

    async getCharge(transactionId) {
      const found = await getTransaction(transactionId);
      return found && isDebit(found) ? toChargeOutcome(found) : null;
    },

    async createRecurring(req) {
      const metadata = { ...req.metadata, [IDEMPOTENCY_METADATA_KEY]: req.idempotencyKey };
      const data = await request(
        'createRecurringPayment',
        CREATE_RECURRING_PAYMENT,
        {
          input: {
            merchant_uid,
            amount: req.amountCents,
            payment_interval: req.interval,
            payment_method_id: req.paymentMethodId,
            // Required by the API; shown to the payor in Pay Theory's emails and portal.
            recurring_name: 'Monthly payment',
            payor: payorInput(req.payor),
            metadata: JSON.stringify(metadata),
          },
        },
        CreateRecurringData,
      );
      return recurringOutcome(data.createRecurringPayment, req.idempotencyKey);
    },

    async findRecurringByIdempotencyKey(key) {
      const plan = (await plansByKey(key))[0];
      return plan ? recurringOutcome(plan, key) : null;
    },

    async listRecurringByIdempotencyKey(key) {
      const plans = await plansByKey(key);
      return Promise.all(plans.map((plan) => recurringOutcome(plan, key)));
    },

    async cancelRecurring(recurringId) {
      const data = await request(
        'cancelRecurringPayment',
        CANCEL_RECURRING_PAYMENT,
        { recurring_id: recurringId },
        CancelRecurringData,
      );
      if (data.cancelRecurringPayment !== true) {
        throw new ProviderRequestError(`Pay Theory did not cancel recurring payment ${recurringId}`);
      }
    },

    // Refunds what is left of the charge. A charge already fully refunded (a retry after an
    // answer was lost) returns the earlier reversal instead of failing.
    async refund(transactionId) {
      const original = await getTransaction(transactionId);
      if (!original || !isDebit(original)) {
        throw new ProviderRequestError(`Pay Theory transaction ${transactionId} not found`);
      }
      // Voided whole already (a retry after a void's answer was lost): nothing is left to give back.
      if (VOIDED.has(original.status)) return { refundId: transactionId, isVoid: true, replacementTransactionId: null };
      const remaining = original.gross_amount - (original.refunded_amount ?? 0);
      if (remaining <= 0) {
        const earlier = (await childrenOf(transactionId)).reversals.at(-1);
        if (earlier) return { refundId: earlier.transaction_id, isVoid: false, replacementTransactionId: null };
        // Refunded, but the reversal is not visible to queries yet: ask again later.
        throw new TransientProviderError(`Pay Theory transaction ${transactionId}: its reversal is not visible yet`);
      }
      try {
        return await createReversal(transactionId, remaining);
      } catch (error) {
        // refunded_amount may lag a reversal whose answer was lost (docs/decisions/019), so a refusal
        // here can mean "already refunded": asked again later, the charge shows it.
        if (error instanceof PayTheoryGraphQLError) {
          throw new TransientProviderError(`Pay Theory transaction ${transactionId}: reversal refused; reading again`, {
            cause: error,
          });
        }
        throw error;
      }
    },

    // Pay Theory voids a charge that has not settled instead of refunding it, and a partial void
    // replaces the charge with a new one for the rest ("the transaction_id is the new transaction
    // created for the adjusted amount", transaction.md): the answer says which it was, and the
    // caller moves its record of the charge to the replacement (docs/decisions/019).
    async reverse(transactionId, amountCents) {
      const original = await getTransaction(transactionId);
      if (!original || !isDebit(original)) {
        // The charge was made (we recorded it): not showing it is the provider's lag.
        throw new TransientProviderError(`Pay Theory transaction ${transactionId} not visible yet`);
      }
      try {
        return await createReversal(transactionId, amountCents);
      } catch (error) {
        // A GraphQL error on createReversal is Pay Theory refusing this refund (the amount, the
        // charge's state); a transient one (5xx, timeout) was already sorted out by the client.
        if (error instanceof PayTheoryGraphQLError) {
          throw new RefundRejectedError(error.codes[0] ?? 'UNKNOWN', error.message);
        }
        throw error;
      }
    },

    // refunded_amount is Pay Theory's own total; the reversals are read too, since neither is
    // promised to show a new refund at once, and a void leaves only the charge's status
    // (docs/decisions/019). The larger reading wins: counting a refund that happened as not
    // sent would send it twice. A voided charge gave back all of itself but what its replacement
    // (a partial void's) took.
    async getChargeRefunds(transactionId) {
      const original = await getTransaction(transactionId);
      if (!original || !isDebit(original)) return null;
      const { reversals, replacement } = await childrenOf(transactionId);
      const reversed = reversals.reduce((sum, t) => sum + t.gross_amount, 0);
      const gross = original.gross_amount;
      const voided = VOIDED.has(original.status) ? gross - (replacement?.gross_amount ?? 0) : 0;
      const refunded = Math.max(original.refunded_amount ?? 0, reversed, voided);
      return {
        transactionId,
        grossCents: gross,
        refundedCents: Math.min(gross, refunded),
        reversals: reversals.map((t) => ({
          refundId: t.transaction_id,
          amountCents: t.gross_amount,
          date: t.transaction_date ?? null,
        })),
        state: stateOf(original),
        replacement: replacement
          ? {
              transactionId: replacement.transaction_id,
              amountCents: replacement.gross_amount,
              state: stateOf(replacement),
            }
          : null,
      };
    },

    async tokenizeCard(card: CardDetails, payor: Payor) {
      // createPaymentMethod's CardInput requires postal_code: without one Pay Theory would
      // answer a validation error, so the card is refused here with a message a payer can act on.
      const postalCode = card.postalCode?.trim();
      if (!postalCode) {
        return { status: 'invalid', message: POSTAL_CODE_REQUIRED, missing: 'postalCode' } as const;
      }
      const payment_method = {
        card: {
          card_number: card.number,
          security_code: card.securityCode,
          exp_date: { month: card.expMonth.padStart(2, '0'), year: card.expYear.slice(-2) },
          postal_code: postalCode,
          ...(card.fullName ? { full_name: card.fullName } : {}),
        },
        payor: payorInput(payor),
      };
      try {
        const data = await request(
          'createPaymentMethod',
          CREATE_PAYMENT_METHOD,
          { merchant_uid, payment_method },
          CreatePaymentMethodData,
        );
        const method = data.createPaymentMethod;
        return {
          status: 'tokenized',
          paymentMethodId: method.payment_method_id,
          lastFour: method.last_four ?? '',
          brand: method.card_brand ?? 'UNKNOWN',
        };
      } catch (error) {
        if (error instanceof PayTheoryGraphQLError && error.codes.includes('NOT_VALID')) {
          return { status: 'invalid', message: 'The card details are not valid.' };
        }
        throw error;
      }
    },

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

    verifyWebhook(headers, rawBody) {
      return verifyPayTheoryWebhook(options.webhookSigningSecret, headers, rawBody);
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
