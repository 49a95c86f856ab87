/**
 * The card provider as the rest of the system sees it (ADR 011).
 * One implementation speaks Pay Theory's GraphQL API; tests run that same implementation
 * against the sandbox provider in infra/sandbox-provider, selected by config only.
 *
 * Errors are typed so the worker can decide without guessing:
 * - a decline is an outcome (final: retrying cannot make a declined card succeed);
 * - `TransientProviderError` (timeout, 5xx, network, rate limit, any answer that is not a documented
 *   refusal) means "unknown, try again",
 *   and before charging again the caller must look the charge up by its idempotency key.
 * No card number or CVV ever passes through this interface except `tokenizeCard`, which
 * exists only for the product's raw-card fallback and is off unless configured (ADR 007).
 */

import type {
  CardDetails,
  ChargeOutcome,
  ChargeRefunds,
  ChargeRequest,
  Payor,
  ProviderCharge,
  ProviderDispute,
  ProviderPlan,
  ProviderSettlement,
  ProviderTransaction,
  ProviderWindow,
  RecurringOutcome,
  RecurringPlanStatus,
  RecurringRequest,
  Reversal,
  SettledTransaction,
  TokenizeOutcome,
  WebhookEvent,
} from './provider-types';

export type * from './provider-types';

export interface CardProvider {
  /** `paytheory`; recorded on transactions as paymentProvider. */
  readonly name: string;
  /** False against a sandbox or test merchant; recorded in transaction metadata. */
  readonly liveMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /**
   * The charge made with this idempotency key, if any: the answer to "did it go through?". A
   * new charge may not be visible yet: null only means "none" once the visibility window has
   * passed since the last send (docs/decisions/010).
   */
  findChargeByIdempotencyKey(idempotencyKey: string): Promise<ChargeOutcome | null>;
  /**
   * Every one-time charge made with this key, declined ones included, oldest first. The provider
   * has no idempotency key of its own, so more than one succeeded charge is a duplicate to reverse.
   * A charge voided in part and its replacement are one charge, answered once by the replacement
   * (`replaced` names the voided one, docs/decisions/019).
   */
  listChargesByIdempotencyKey(idempotencyKey: string): Promise<ChargeOutcome[]>;
  /** A charge by the provider's id: how a payment id reported by a browser is verified. */
  getCharge(transactionId: string): Promise<ChargeOutcome | null>;
  createRecurring(request: RecurringRequest): Promise<RecurringOutcome>;
  findRecurringByIdempotencyKey(idempotencyKey: string): Promise<RecurringOutcome | null>;
  /**
   * Every plan made with this key, in the provider's order. A plan whose first instalment is not visible
   * yet is `awaiting` (its outcome is still unknown).
   */
  listRecurringByIdempotencyKey(idempotencyKey: string): Promise<RecurringOutcome[]>;
  cancelRecurring(recurringId: string): Promise<void>;
  /**
   * Refunds what is left of a charge (a duplicate the reconcile sweep reverses). A charge already
   * fully refunded answers its latest reversal, so a retry after a lost answer refunds nothing more.
   */
  refund(transactionId: string): Promise<Reversal>;
  /**
   * Gives back `amountCents` of a charge, all or part of what is left: a void while the charge is
   * not settled, a refund once it is (the provider decides; the answer says which). Not
   * idempotent: sending it twice gives back twice, so after an unclear outcome the caller reads
   * getChargeRefunds before sending again (docs/decisions/019). A refusal (more than is left, a
   * charge that cannot be given back) is a RefundRejectedError.
   */
  reverse(transactionId: string, amountCents: number): Promise<Reversal>;
  /** A charge with what the provider has given back of it so far; null when no such charge is visible. */
  getChargeRefunds(transactionId: string): Promise<ChargeRefunds | null>;
  /** Raw-card fallback only (off by default): exchange card details for a payment method id. */
  tokenizeCard(card: CardDetails, payor: Payor): Promise<TokenizeOutcome>;
  /** A recurring plan by the provider's id, or null when the provider does not know it. */
  getRecurring(recurringId: string): Promise<RecurringPlanStatus | null>;
  /**
   * Reads a webhook delivery (synchronous, no network) whose URL secret the caller has checked.
   * Null when the body is not a notification, or a signing secret is configured and the
   * signature over the raw body is missing or wrong.
   */
  verifyWebhook(headers: Record<string, string | undefined>, rawBody: string): WebhookEvent | null;
  /**
   * Every dispute of a charge as the provider shows it now, oldest first; empty when it has none
   * (or none visible yet). How a DISPUTE webhook's hint is re-fetched.
   */
  getChargeDisputes(transactionId: string): Promise<ProviderDispute[]>;
  /** A debit by the provider's id with its plan: how a webhook's hint is re-fetched. Null: not visible (yet). */
  getChargeDetails(transactionId: string): Promise<ProviderCharge | null>;
  /**
   * Every debit of a recurring plan (instalments, succeeded and failed), oldest first, made at or
   * after `since` when given. The plan's idempotency key finds them: a plan's metadata is tied to
   * each of its payments.
   */
  listRecurringCharges(
    plan: { recurringId: string; idempotencyKey: string },
    options?: { since?: Date },
  ): Promise<ProviderCharge[]>;
  /**
   * Every settlement batch made at or after `since` (and before `until` when given), oldest
   * first, all pages read.
   */
  listSettlements(window: { since: Date; until?: Date }): Promise<ProviderSettlement[]>;
  /** Every transaction a settlement batch holds, oldest first, all pages read. */
  listSettlementTransactions(batch: number): Promise<SettledTransaction[]>;
  /**
   * Every transaction (debits and reversals, any status) dated within the window, oldest first,
   * read page by page until the provider has no more (docs/decisions/049-reconciliation.md).
   */
  listTransactions(window: ProviderWindow): Promise<ProviderTransaction[]>;
  /** Every plan created within the window, oldest first, paged likewise. */
  listPlans(window: ProviderWindow): Promise<ProviderPlan[]>;
}

/** Unknown outcome: retry later (after checking by idempotency key). */
export class TransientProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientProviderError';
  }
}

/** The provider refused a refund (more than is left, a charge it cannot refund): final for that refund. */
export class RefundRejectedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RefundRejectedError';
  }
}

/** Our request was wrong (bad credentials, schema mismatch): retrying will not help; alert. */
export class ProviderRequestError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderRequestError';
  }
}
