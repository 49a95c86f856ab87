import { randomBytes } from 'node:crypto';
import type { CardBrand } from './card-rules';

/**
 * The shapes the sandbox keeps (payment methods, transactions, disputes, settlement batches,
 * recurring plans, ledger lines) and the small helpers that make them. store.ts holds them and
 * changes them; this file only describes them.
 */
/** The metadata field the adapter keeps its idempotency key in (the sandbox never de-duplicates on it). */
export const IDEMPOTENCY_METADATA_KEY = 'idempotency_key';

export class SandboxError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export interface PaymentMethod {
  paymentMethodId: string;
  payorId: string;
  lastFour: string;
  brand: CardBrand;
  expiration: string;
  metadata: Record<string, unknown>;
}

/**
 * The status as stored. PENDING (not yet captured) and SETTLED (in a settlement batch) are worked
 * out when a transaction is read (`view`), from `capturedAt` and `settlementBatch`.
 */
export type TransactionStatus = 'SUCCEEDED' | 'FAILED' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'VOIDED';
/** Pay Theory's TransactionStatus values the sandbox shows. */
export type ShownStatus = TransactionStatus | 'PENDING' | 'SETTLED';

export interface Transaction {
  transactionId: string;
  amountCents: number;
  status: TransactionStatus;
  type: 'DEBIT' | 'FAILURE' | 'REVERSAL';
  failureCode: string | null;
  failureText: string | null;
  paymentMethodId: string;
  metadata: Record<string, unknown>;
  recurringId: string | null;
  parentId: string | null;
  refundedCents: number;
  createdAt: string;
  /** Epoch ms from which the transaction appears in query results. */
  visibleAt: number;
  /** Epoch ms from which a successful charge is captured: PENDING before, SUCCEEDED after. */
  capturedAt: number;
  /**
   * The `autoSettle` fault was on when the charge was made: it counts as settled (`is_settled`)
   * once captured, before any batch takes it, as every charge did before batches existed.
   */
  autoSettled: boolean;
  /** The settlement batch that took the transaction; null until one does. */
  settlementBatch: number | null;
  /** The processing fee (card-rules.ts feeFor) on a successful charge; 0 otherwise. */
  feeCents: number;
  /**
   * The charge was voided: queries show it VOIDED from `visibleAt` (the visibility delay, as for a
   * refund); a partial void's replacement transaction is `replacementId`.
   */
  voided: { visibleAt: number; replacementId: string | null } | null;
  /** In review: its funds do not settle until the review is resolved (reviewCharge). */
  flagForReview: ReviewFlag | null;
}

/** The TransactionReviewStatus values the sandbox raises (transaction.md). */
export type ReviewFlag = 'POTENTIAL_DUPLICATE' | 'EXCEEDS_THRESHOLD';

/** What createReversal did: refunded a settled charge, or voided an unsettled one (and replaced part of it). */
export type Reversal =
  { kind: 'refund'; reversal: Transaction } | { kind: 'void'; original: Transaction; replacement: Transaction | null };

/** A transaction as a query or a notification shows it at one moment. */
export interface TransactionView extends Omit<Transaction, 'status'> {
  status: ShownStatus;
  isSettled: boolean;
  disputeStatus: DisputeStatus | null;
}

/** Pay Theory's DisputeStatus (dispute.md). */
export const DISPUTE_STATUSES = ['INQUIRY', 'PENDING', 'WON', 'LOST'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/**
 * A dispute (dispute.md's Dispute object). The documented test amount opens one as a chargeback
 * (PENDING); tests move it with updateDispute. Money moves in settlement batches: a chargeback is
 * withdrawn in the next batch (`settlementWithdrawalBatch`, a negative adjustment), and a WON one
 * is deposited back in the batch after that (`settlementDepositBatch`). An INQUIRY moves nothing.
 */
export interface Dispute {
  disputeId: string;
  transactionId: string;
  status: DisputeStatus;
  reason: 'FRAUD';
  reasonMessage: string;
  amountCents: number;
  disputeDate: string;
  expirationDate: string;
  updatedDate: string;
  settlementWithdrawalBatch: number | null;
  settlementDepositBatch: number | null;
  /** Epoch ms from which the `disputes` query shows it (its transaction's). */
  visibleAt: number;
}

/**
 * A settlement batch (Pay Theory's Settlement object): the captured charges and the reversals not
 * yet in a batch. gross = charges − reversals; fees = the charges' fees; net = gross − fees +
 * adjustments. Each figure is the sum over `transactionIds`.
 */
export interface Settlement {
  settlementBatch: number;
  settlementDate: string;
  transferDate: string;
  status: 'SUCCEEDED';
  grossCents: number;
  feesCents: number;
  adjustmentsCents: number;
  netCents: number;
  debitCount: number;
  reversalCount: number;
  disputeCount: number;
  transactionIds: string[];
  /** The disputes whose money this batch withdrew or deposited back (its adjustments). */
  disputeIds: string[];
}

export interface RecurringPlan {
  recurringId: string;
  amountCents: number;
  interval: 'MONTHLY';
  name: string;
  paymentMethodId: string;
  metadata: Record<string, unknown>;
  isActive: boolean;
  status: 'SUCCESS' | 'INSTRUMENT_FAILURE';
  createdAt: string;
  nextPaymentDate: string | null;
  prevPaymentDate: string | null;
  /** Epoch ms from which the plan appears in query results. */
  visibleAt: number;
}

export interface StoreTiming {
  /** Read at each creation, so a fault knob can change it while the sandbox runs. */
  visibilityDelayMs: () => number;
  /** How long a new successful charge stays PENDING before it is captured (default 0: at once). */
  pendingMs?: () => number;
  /** Whether a new charge counts as settled once captured (the `autoSettle` fault; default true). */
  autoSettle?: () => boolean;
  /** A charge of the same payment method and amount within this long of another is POTENTIAL_DUPLICATE (default 0: off). */
  duplicateWindowMs?: number;
  /** A charge above this many cents is EXCEEDS_THRESHOLD (default: none). */
  reviewThresholdCents?: number | null;
  /** How long after createRecurringPayment answers its first instalment is charged. */
  firstInstalmentDelayMs: number;
  /** Runs `work` later (the server keeps the timer so close() can cancel it). */
  defer: (work: () => void, ms: number) => void;
}

/** Unit tests that construct a store directly see everything at once and synchronously. */
export const IMMEDIATE: StoreTiming = {
  visibilityDelayMs: () => 0,
  firstInstalmentDelayMs: 0,
  defer: (work) => work(),
};

export interface CardFields {
  paymentMethodId: string;
  lastFour: string;
  brand: CardBrand;
}

/** One line per event; never a full card number (last four and brand only). */
export type LedgerEntry =
  | ({
      kind: 'charge';
      at: string;
      transactionId: string;
      amountCents: number;
      state: 'SUCCEEDED' | 'FAILED';
      failureCode: string | null;
      idempotencyKey: string | null;
      recurringId: string | null;
      source: 'api' | 'sdk';
    } & CardFields)
  | {
      kind: 'recurring';
      at: string;
      recurringId: string;
      amountCents: number;
      interval: 'MONTHLY';
      paymentMethodId: string;
      idempotencyKey: string | null;
      status: RecurringPlan['status'];
      nextPaymentDate: string | null;
    }
  | { kind: 'recurring_cancelled'; at: string; recurringId: string }
  | { kind: 'refund'; at: string; refundId: string; transactionId: string; amountCents: number }
  | {
      kind: 'void';
      at: string;
      transactionId: string;
      /** What was given back: all of the charge, or the part a partial void took off. */
      amountCents: number;
      replacementId: string | null;
      replacementAmountCents: number | null;
    }
  | ({ kind: 'settlement'; at: string } & Settlement)
  | {
      kind: 'dispute';
      at: string;
      /** opened: the dispute was created; updated: its status changed. */
      change: 'opened' | 'updated';
      disputeId: string;
      transactionId: string;
      status: DisputeStatus;
      amountCents: number;
    };

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`;
}

/** Same day next month, clamped to the month's last day (Jan 31 -> Feb 28/29). */
export function addOneMonth(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** The adapter's idempotency key, as the ledger records it (none when absent or empty). */
export function idempotencyKeyOf(metadata: Record<string, unknown>): string | null {
  const key = metadata[IDEMPOTENCY_METADATA_KEY];
  return typeof key === 'string' && key.length > 0 ? key : null;
}
