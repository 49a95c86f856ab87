import type {
  Dispute,
  DisputeStatus,
  ReviewFlag,
  Settlement,
  ShownStatus,
  StoreTiming,
  Transaction,
  TransactionView,
} from './store-model';
import { type Decline, feeFor } from './card-rules';
import { newId } from './store-model';

/**
 * The sandbox's rules over its transactions, as pure functions of what the store holds: how a
 * transaction shows at a moment, when a new charge is flagged for review, and what the next
 * settlement batch takes. The store (store.ts) applies them and records what changed.
 */

/**
 * The transaction at `now`: PENDING until captured, SETTLED once in a batch, refunded as far as
 * its reversals are visible (all of them when `everything`, as a notification describes it).
 */
export function transactionState(
  t: Transaction,
  transactions: readonly Transaction[],
  now: number,
  everything: boolean,
  disputeStatus: DisputeStatus | null,
): TransactionView {
  const isSettled =
    t.status !== 'FAILED' && (t.settlementBatch !== null || (t.autoSettled && !t.flagForReview && now >= t.capturedAt));
  if (t.type !== 'DEBIT') {
    const status = t.settlementBatch === null ? t.status : 'SETTLED';
    return { ...t, status, isSettled: t.settlementBatch !== null, disputeStatus };
  }
  if (t.voided && (everything || t.voided.visibleAt <= now)) {
    return { ...t, status: 'VOIDED', feeCents: 0, isSettled: false, disputeStatus };
  }
  const refundedCents = everything
    ? t.refundedCents
    : transactions
        .filter((r) => r.type === 'REVERSAL' && r.parentId === t.transactionId && r.visibleAt <= now)
        .reduce((sum, r) => sum + r.amountCents, 0);
  let status: ShownStatus;
  if (refundedCents > 0) status = refundedCents === t.amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  else if (now < t.capturedAt) status = 'PENDING';
  else if (t.settlementBatch !== null) status = 'SETTLED';
  else status = 'SUCCEEDED';
  return { ...t, refundedCents, status, isSettled, disputeStatus };
}

/**
 * transaction.md: POTENTIAL_DUPLICATE "based on settings configured in the partner environment",
 * EXCEEDS_THRESHOLD for "exceeding the threshold set on the merchant account". DOCS: neither rule
 * is given; the sandbox flags a charge of the same payment method and amount as a successful one
 * within `duplicateWindowMs`, and one above `reviewThresholdCents`. A plan's instalments are not
 * flagged (the same card and amount each month is the plan).
 */
export function reviewFlagFor(
  charge: { amountCents: number; paymentMethodId: string },
  transactions: readonly Transaction[],
  timing: StoreTiming,
  now: number,
): ReviewFlag | null {
  const threshold = timing.reviewThresholdCents ?? null;
  if (threshold !== null && charge.amountCents > threshold) return 'EXCEEDS_THRESHOLD';
  const windowMs = timing.duplicateWindowMs ?? 0;
  if (windowMs <= 0) return null;
  const since = now - windowMs;
  const twin = transactions.some(
    (t) =>
      t.type === 'DEBIT' &&
      t.paymentMethodId === charge.paymentMethodId &&
      t.amountCents === charge.amountCents &&
      Date.parse(t.createdAt) >= since,
  );
  return twin ? 'POTENTIAL_DUPLICATE' : null;
}

/** What the next batch takes: its transactions and the disputes whose money it moves. */
export interface BatchContents {
  taken: Transaction[];
  withdrawn: Dispute[];
  deposited: Dispute[];
}

/**
 * Every captured charge and every reversal no batch holds yet, or null when there is none (no
 * empty batches). A charge not yet captured (PENDING) waits for a later batch, and so does one in
 * review (flag_for_review). A chargeback is withdrawn in the next batch; a WON one is deposited
 * back in the batch after its withdrawal; an INQUIRY moves nothing.
 */
export function nextBatchContents(
  transactions: readonly Transaction[],
  disputes: readonly Dispute[],
  now: number,
): BatchContents | null {
  const taken = transactions.filter(
    (t) =>
      t.settlementBatch === null &&
      ((t.type === 'DEBIT' && t.status !== 'VOIDED' && !t.flagForReview && t.capturedAt <= now) ||
        t.type === 'REVERSAL'),
  );
  const withdrawn = disputes.filter((d) => d.status !== 'INQUIRY' && d.settlementWithdrawalBatch === null);
  const deposited = disputes.filter(
    (d) => d.status === 'WON' && d.settlementWithdrawalBatch !== null && d.settlementDepositBatch === null,
  );
  if (taken.length === 0 && withdrawn.length === 0 && deposited.length === 0) return null;
  return { taken, withdrawn, deposited };
}

/** The batch's figures: gross = charges − reversals; fees = the charges' fees; net = gross − fees + adjustments. */
export function settlementOf(contents: BatchContents, settlementBatch: number, at: string): Settlement {
  const { taken, withdrawn, deposited } = contents;
  const debits = taken.filter((t) => t.type === 'DEBIT');
  const reversals = taken.filter((t) => t.type === 'REVERSAL');
  const sum = <T>(rows: T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);
  const grossCents = sum(debits, (t) => t.amountCents) - sum(reversals, (t) => t.amountCents);
  const feesCents = sum(taken, (t) => t.feeCents);
  const adjustmentsCents = sum(deposited, (d) => d.amountCents) - sum(withdrawn, (d) => d.amountCents);
  return {
    settlementBatch,
    settlementDate: at,
    transferDate: at,
    status: 'SUCCEEDED',
    grossCents,
    feesCents,
    adjustmentsCents,
    netCents: grossCents - feesCents + adjustmentsCents,
    debitCount: debits.length,
    reversalCount: reversals.length,
    disputeCount: withdrawn.length + deposited.length,
    transactionIds: taken.map((t) => t.transactionId),
    disputeIds: [...withdrawn, ...deposited].map((d) => d.disputeId),
  };
}

/** The documented test amount succeeds and opens a chargeback (testing.mdx), PENDING at once. */
export function chargebackFor(t: Transaction, now: Date): Dispute {
  return {
    disputeId: newId('pt_dsp'),
    transactionId: t.transactionId,
    status: 'PENDING',
    reason: 'FRAUD',
    reasonMessage: 'Sandbox chargeback for the documented dispute amount',
    amountCents: t.amountCents,
    disputeDate: now.toISOString(),
    // DOCS: the evidence deadline is not documented; the sandbox gives 7 days.
    expirationDate: new Date(now.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
    updatedDate: now.toISOString(),
    settlementWithdrawalBatch: null,
    settlementDepositBatch: null,
    visibleAt: t.visibleAt,
  };
}

/** A new charge: a DEBIT, or a FAILURE carrying the decline's code and text. */
export function newCharge(input: {
  amountCents: number;
  paymentMethodId: string;
  metadata: Record<string, unknown>;
  recurringId?: string;
  decline: Decline | null;
  at: Date;
  visibleAt: number;
  pendingMs: number;
  autoSettle: boolean;
  flagForReview: ReviewFlag | null;
}): Transaction {
  const { decline } = input;
  return {
    transactionId: newId('pt_txn'),
    amountCents: input.amountCents,
    status: decline ? 'FAILED' : 'SUCCEEDED',
    type: decline ? 'FAILURE' : 'DEBIT',
    failureCode: decline?.code ?? null,
    failureText: decline?.text ?? null,
    paymentMethodId: input.paymentMethodId,
    metadata: input.metadata,
    recurringId: input.recurringId ?? null,
    parentId: null,
    refundedCents: 0,
    createdAt: input.at.toISOString(),
    visibleAt: input.visibleAt,
    capturedAt: input.at.getTime() + input.pendingMs,
    autoSettled: !decline && input.autoSettle,
    settlementBatch: null,
    feeCents: decline ? 0 : feeFor(input.amountCents),
    voided: null,
    flagForReview: input.flagForReview,
  };
}

/** The REVERSAL transaction a refund of a settled charge makes: captured at once, no fee. */
export function reversalOf(original: Transaction, amountCents: number, at: Date, visibleAt: number): Transaction {
  return {
    ...original,
    transactionId: newId('pt_txn'),
    amountCents,
    status: 'SUCCEEDED',
    type: 'REVERSAL',
    parentId: original.transactionId,
    refundedCents: 0,
    createdAt: at.toISOString(),
    visibleAt,
    capturedAt: at.getTime(),
    autoSettled: false,
    settlementBatch: null,
    feeCents: 0,
    flagForReview: null,
  };
}

/** The transaction for what a partial void leaves (`remaining` cents), or null when nothing is left. */
export function replacementFor(
  original: Transaction,
  remaining: number,
  at: string,
  visibleAt: number,
): Transaction | null {
  if (remaining <= 0) return null;
  return {
    ...original,
    transactionId: newId('pt_txn'),
    amountCents: remaining,
    status: 'SUCCEEDED',
    parentId: original.transactionId,
    createdAt: at,
    visibleAt,
    feeCents: feeFor(remaining),
    flagForReview: null,
  };
}
