/** What passes through the card provider interface (provider.ts, ADR 011): requests, outcomes, and what it shows when read. */

export interface Payor {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | undefined;
}

/** Free-form metadata the provider stores with a charge; values are strings. */
export type ProviderMetadata = Record<string, string>;

export interface ChargeRequest {
  /** Integer cents, > 0. */
  amountCents: number;
  /** A tokenized payment method id from the provider's hosted fields. */
  paymentMethodId: string;
  /**
   * Stored as metadata so the charge can be looked up after an unclear outcome. The provider does
   * not de-duplicate on it: sending twice charges twice (docs/decisions/010).
   */
  idempotencyKey: string;
  payor: Payor;
  metadata?: ProviderMetadata;
}

/**
 * Where a charge stands at the provider (docs/decisions/019): Pay Theory's `status` as it names it
 * (PENDING until captured, SUCCEEDED, SETTLED, PARTIALLY_REFUNDED, REFUNDED, VOIDED, FAILED, …),
 * `is_settled`, the settlement batch it was paid out in, and its review flag.
 */
export interface ProviderChargeState {
  status: string;
  /** Null when the provider did not say. */
  settled: boolean | null;
  /** The settlement batch number once settled. */
  settlementBatch: number | null;
  /**
   * Pay Theory's `flag_for_review` (POTENTIAL_DUPLICATE, EXCEEDS_THRESHOLD, …): its funds are held
   * until Pay Theory resolves it. Null when not in review.
   */
  reviewFlag: string | null;
}

export type ChargeOutcome =
  | {
      status: 'succeeded';
      transactionId: string;
      amountCents: number;
      /** The card's last four digits, when the provider shows them (printed on the receipt). */
      lastFour?: string | undefined;
      /**
       * The charges this one stands in for, oldest first: a partial void's replacement holds what
       * is left of the charge it voided (docs/decisions/019), so a payment that names any of them
       * is paid by this one. Absent for a charge that replaces none.
       */
      replaced?: string[] | undefined;
    }
  | {
      status: 'declined';
      /** Provider's code, e.g. GENERIC_DECLINE, INSUFFICIENT_FUNDS, INVALID_ACCOUNT_NUMBER. */
      code: string;
      message: string;
      transactionId: string | null;
      lastFour?: string | undefined;
    };

export interface RecurringRequest {
  amountCents: number;
  paymentMethodId: string;
  idempotencyKey: string;
  payor: Payor;
  interval: 'MONTHLY';
  metadata?: ProviderMetadata;
}

export type RecurringOutcome =
  | {
      status: 'active';
      recurringId: string;
      /** ISO date (yyyy-MM-dd) of the next scheduled charge. */
      nextPaymentDate: string;
      /** The first instalment, charged when the plan is created. */
      firstCharge: Extract<ChargeOutcome, { status: 'succeeded' }>;
    }
  | AwaitingFirstInstalment
  | Extract<ChargeOutcome, { status: 'declined' }>;

/**
 * A plan the provider created whose first instalment it does not show yet: Pay Theory may charge
 * it after createRecurringPayment answers, and its queries lag. An expected state, not an unclear
 * outcome: the plan exists (so another must never be created), and the payment settles once the
 * instalment shows (a delayed look-up, its webhook or the sweep; docs/decisions/010).
 */
export interface AwaitingFirstInstalment {
  status: 'awaiting';
  recurringId: string;
}

export interface CardDetails {
  number: string;
  securityCode: string;
  expMonth: string;
  expYear: string;
  postalCode?: string | undefined;
  fullName?: string | undefined;
}

export type TokenizeOutcome =
  | { status: 'tokenized'; paymentMethodId: string; lastFour: string; brand: string }
  /** `missing` names a required field the card lacked; its message is safe to show as is. */
  | { status: 'invalid'; message: string; missing?: 'postalCode' };

/**
 * A provider webhook notification (Pay Theory: `{ event, subtype, payload }`). Only a hint: the
 * worker re-fetches the transaction from the provider before acting, since deliveries are unsigned (ADR 007).
 */
export interface WebhookEvent {
  /** e.g. PAYMENT, DISPUTE, PAYOR, SETTLEMENT. */
  event: string;
  /** CREATED or UPDATED. */
  subtype: string;
  /** Set when the notification is about a transaction, or a dispute of one (the disputed charge). */
  transactionId?: string;
  /** Set when that transaction says it belongs to a recurring plan. */
  recurringId?: string;
  /** Set when the notification is about a dispute: its id and status as the delivery named them. */
  dispute?: { disputeId: string | null; status: string | null };
}

/**
 * A dispute (a chargeback or an inquiry) of a charge as the provider shows it now. Pay Theory's
 * statuses: INQUIRY, PENDING (open), WON, LOST (closed); a status it adds later is passed on as is.
 */
export interface ProviderDispute {
  disputeId: string;
  /** The disputed charge. */
  transactionId: string;
  status: string;
  /** Integer cents in dispute. */
  amountCents: number;
  /** The issuer's reason code (CLERICAL, FRAUD, INQUIRY, QUALITY, TECHNICAL), if given. */
  reason: string | null;
  reasonMessage: string | null;
  /** ISO date-times, when the provider gives them. */
  disputeDate: string | null;
  /** The last day to send evidence contesting it. */
  expirationDate: string | null;
  updatedDate: string | null;
}

/** A debit (succeeded or failed) as the provider shows it now, with the plan it belongs to. */
export interface ProviderCharge {
  transactionId: string;
  amountCents: number;
  /** The recurring plan this is an instalment of, or null. */
  recurringId: string | null;
  /** When the provider made it (ISO date-time), if it says. */
  date: string | null;
  outcome: ChargeOutcome;
  state: ProviderChargeState;
  /**
   * For a partial void's replacement, the charge it replaced (its `parent_id`): the same money,
   * never a new instalment (docs/decisions/019). Null for any other debit.
   */
  replaces: string | null;
}

/** A recurring plan as the provider reports it now. */
export interface RecurringPlanStatus {
  recurringId: string;
  isActive: boolean;
  /** Pay Theory: SUCCESS, INSTRUMENT_FAILURE, SYSTEM_FAILURE. */
  status: string | null;
  amountCents: number | null;
  /** yyyy-MM-dd, or null when nothing more is scheduled. */
  nextPaymentDate: string | null;
}

/** A charge's refunds as the provider shows them now (docs/decisions/019). */
export interface ChargeRefunds {
  transactionId: string;
  grossCents: number;
  /**
   * What the provider has given back of the charge: the larger of its own total and the sum of the
   * reversals visible, the whole charge once it is voided; never more than the charge.
   */
  refundedCents: number;
  /** The reversals visible, oldest first. */
  reversals: { refundId: string; amountCents: number; date: string | null }[];
  state: ProviderChargeState;
  /**
   * Set when the charge was voided in part: the transaction Pay Theory created for the rest, which
   * is the one captured (its `parent_id` names the voided charge). `refundedCents` is then the charge
   * less this one's amount.
   */
  replacement: { transactionId: string; amountCents: number; state: ProviderChargeState } | null;
}

/**
 * What a reversal did (Pay Theory's createReversal): a refund of a settled charge, or a void of one
 * not settled yet. A partial void replaces the charge: `replacementTransactionId` is the new
 * transaction for the rest, the one that will be captured; the voided charge is never settled.
 */
export interface Reversal {
  /** The reversal's transaction, or for a void the voided charge's own id (a void has none of its own). */
  refundId: string;
  isVoid: boolean;
  replacementTransactionId: string | null;
}

/**
 * A settlement batch as the provider reports it: the deposit it makes (or will make) to the
 * organisation's bank, with its own totals (Pay Theory: settlement.md). Cents are integers.
 */
export interface ProviderSettlement {
  batch: number;
  /** When the batch was made (ISO date-time). */
  settlementDate: string | null;
  /** When the money was sent to the bank (ISO date-time); null until then. */
  transferDate: string | null;
  /** Pay Theory: PENDING, SUCCEEDED or HOLD. */
  status: string | null;
  currency: string | null;
  /** Before fees and adjustments. */
  grossCents: number;
  feesCents: number;
  adjustmentsCents: number;
  /** What reaches the bank: after fees and adjustments. */
  netCents: number;
  debitCount: number | null;
  reversalCount: number | null;
  disputeCount: number | null;
  /** When the provider last changed the batch (ISO date-time). */
  updatedAt: string | null;
}

/** One transaction of a settlement batch, with what the provider took in fees from it. */
export interface SettledTransaction {
  transactionId: string;
  /** Pay Theory: DEBIT, REVERSAL, ACH_RETURN, FAILURE. */
  type: string;
  status: string;
  /** As the provider reports it: positive for a debit and for a reversal alike. */
  grossCents: number;
  feesCents: number | null;
  netCents: number | null;
  /** For a reversal, the charge it gives back from. */
  parentId: string | null;
  date: string | null;
}

/**
 * A transaction as a reconciliation reads it (docs/decisions/049-reconciliation.md): a debit or a
 * reversal, whatever its status, with what ties it to a payment.
 */
export interface ProviderTransaction {
  transactionId: string;
  /** Pay Theory's transaction_type: DEBIT, REVERSAL, ACH_RETURN, FAILURE. */
  type: string;
  /** Pay Theory's status, as it says it (PENDING, SUCCEEDED, SETTLED, VOIDED, REFUNDED, FAILED …). */
  status: string;
  /** A debit that took money (PENDING, SUCCEEDED, SETTLED, or refunded since): the one rule of "charged". */
  charged: boolean;
  amountCents: number;
  refundedCents: number;
  /** A reversal's charge. */
  parentId: string | null;
  recurringId: string | null;
  /** ISO date-time. */
  date: string | null;
  /** The `idempotency_key` of its metadata: a payment's key (pay_…), or a browser report's. */
  idempotencyKey: string | null;
  /** The `payment_id` of its metadata, when the app set one. */
  paymentId: string | null;
  /** Pay Theory's dispute_status (INQUIRY, PENDING, WON, LOST), when disputed. */
  disputeStatus: string | null;
  lastFour?: string | undefined;
}

/** A plan as a reconciliation reads it. */
export interface ProviderPlan {
  recurringId: string;
  isActive: boolean;
  amountCents: number | null;
  createdAt: string | null;
  idempotencyKey: string | null;
}

/** [from, to) by the provider's transaction date (or a plan's creation date). */
export interface ProviderWindow {
  from: Date;
  to: Date;
}
