import { randomBytes } from 'node:crypto';
import { type CardBrand, DISPUTE_AMOUNT, type RawCard, checkCard, declineFor, feeFor } from './card-rules';

/**
 * The sandbox's memory: payment methods, transactions, recurring plans and the ledger tests
 * count charges in. Card numbers never get here: tokenize keeps last four, brand and expiry.
 *
 * As strict as Pay Theory's documentation allows (docs/decisions/010): no idempotency key, so
 * every createTransaction and createRecurringPayment makes a new charge or plan whatever its
 * metadata; a new transaction or plan is visible to queries only after a delay (Pay Theory does
 * not promise read-after-write); a plan's first instalment is charged shortly after the plan is
 * created, not inside the call. The adapter keeps its key in metadata (`idempotency_key`) and
 * the ledger records it, so tests can count charges per key.
 */
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
const IMMEDIATE: StoreTiming = { visibilityDelayMs: () => 0, firstInstalmentDelayMs: 0, defer: (work) => work() };

interface CardFields {
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

function keyOf(metadata: Record<string, unknown>): string | null {
  const key = metadata[IDEMPOTENCY_METADATA_KEY];
  return typeof key === 'string' && key.length > 0 ? key : null;
}

export class SandboxStore {
  private paymentMethods = new Map<string, PaymentMethod>();
  private transactions: Transaction[] = [];
  private plans: RecurringPlan[] = [];
  private entries: LedgerEntry[] = [];
  private batches: Settlement[] = [];
  private disputeList: Dispute[] = [];
  /** Never reused by one sandbox, reset or not, so an app's stored batch number stays unique. */
  private lastBatch = 0;

  constructor(
    private readonly onEntry: (entry: LedgerEntry) => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
    private readonly timing: StoreTiming = IMMEDIATE,
  ) {}

  private visibleFrom(): number {
    return this.now().getTime() + this.timing.visibilityDelayMs();
  }

  ledger(): LedgerEntry[] {
    return this.entries.map((entry) => ({ ...entry }));
  }

  reset(): void {
    this.paymentMethods.clear();
    this.transactions = [];
    this.plans = [];
    this.entries = [];
    this.batches = [];
    this.disputeList = [];
  }

  private record(entry: LedgerEntry): void {
    this.entries.push(entry);
    this.onEntry(entry);
  }

  tokenize(
    raw: RawCard,
    metadata: Record<string, unknown> = {},
  ): { ok: true; method: PaymentMethod } | { ok: false; problems: string[] } {
    const check = checkCard(raw, this.now());
    if (!check.ok) return check;
    const method: PaymentMethod = {
      paymentMethodId: newId('pt_pmt'),
      payorId: newId('pt_pay'),
      ...check.card,
      metadata,
    };
    this.paymentMethods.set(method.paymentMethodId, method);
    return { ok: true, method };
  }

  paymentMethod(id: string): PaymentMethod | null {
    return this.paymentMethods.get(id) ?? null;
  }

  private requireMethod(id: string): PaymentMethod {
    const method = this.paymentMethods.get(id);
    if (!method) throw new SandboxError('NOT_FOUND', 'Payment method not found');
    return method;
  }

  /**
   * Transactions a query can see now (the visibility delay has passed). A charge shows only the
   * refunds whose reversals are visible: Pay Theory promises no read-after-write for its
   * refunded_amount either (docs/decisions/019), so a refund is as late to show as a charge.
   */
  transactionsWhere(predicate: (t: TransactionView) => boolean): TransactionView[] {
    const now = this.now().getTime();
    return this.transactions
      .filter((t) => t.visibleAt <= now)
      .map((t) => this.view(t, now, false))
      .filter(predicate);
  }

  /**
   * The transaction at `now`: PENDING until captured, SETTLED once in a batch, refunded as far as
   * its reversals are visible (all of them when `everything`, as a notification describes it).
   */
  private view(t: Transaction, now: number, everything: boolean): TransactionView {
    const disputeStatus = this.disputeList.find((d) => d.transactionId === t.transactionId)?.status ?? null;
    return { ...this.stateOf(t, now, everything), disputeStatus };
  }

  private stateOf(t: Transaction, now: number, everything: boolean): Omit<TransactionView, 'disputeStatus'> {
    const isSettled =
      t.status !== 'FAILED' &&
      (t.settlementBatch !== null || (t.autoSettled && !t.flagForReview && now >= t.capturedAt));
    if (t.type !== 'DEBIT') {
      return { ...t, status: t.settlementBatch === null ? t.status : 'SETTLED', isSettled: t.settlementBatch !== null };
    }
    if (t.voided && (everything || t.voided.visibleAt <= now)) {
      return { ...t, status: 'VOIDED', feeCents: 0, isSettled: false };
    }
    const refundedCents = everything
      ? t.refundedCents
      : this.transactions
          .filter((r) => r.type === 'REVERSAL' && r.parentId === t.transactionId && r.visibleAt <= now)
          .reduce((sum, r) => sum + r.amountCents, 0);
    let status: ShownStatus;
    if (refundedCents > 0) status = refundedCents === t.amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    else if (now < t.capturedAt) status = 'PENDING';
    else if (t.settlementBatch !== null) status = 'SETTLED';
    else status = 'SUCCEEDED';
    return { ...t, refundedCents, status, isSettled };
  }

  /**
   * A transaction whatever its visibility: what a webhook notification describes, since Pay Theory
   * may notify before its queries show the transaction.
   */
  transactionById(transactionId: string): TransactionView | null {
    const t = this.transactions.find((candidate) => candidate.transactionId === transactionId);
    return t ? this.describe(t) : null;
  }

  /** A transaction as it is now, visible or not: what the call that made it answers. */
  describe(t: Transaction): TransactionView {
    return this.view(t, this.now().getTime(), true);
  }

  /** Settlement batches, newest last. */
  settlements(): Settlement[] {
    return this.batches.map((batch) => ({
      ...batch,
      transactionIds: [...batch.transactionIds],
      disputeIds: [...batch.disputeIds],
    }));
  }

  /** Disputes a query can see now. */
  disputes(): Dispute[] {
    const now = this.now().getTime();
    return this.disputeList.filter((d) => d.visibleAt <= now).map((d) => ({ ...d }));
  }

  /** A dispute whatever its visibility (what a notification describes). */
  disputeById(disputeId: string): Dispute | null {
    const dispute = this.disputeList.find((d) => d.disputeId === disputeId);
    return dispute ? { ...dispute } : null;
  }

  /** The documented test amount succeeds and opens a chargeback (testing.mdx). */
  private openDispute(t: Transaction): void {
    const now = this.now();
    const dispute: Dispute = {
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
    this.disputeList.push(dispute);
    this.recordDispute(dispute, 'opened');
  }

  /** Moves a charge's dispute to a new status (the card network's decision), as a test asks. */
  updateDispute(transactionId: string, status: DisputeStatus): Dispute {
    const dispute = this.disputeList.find((d) => d.transactionId === transactionId);
    if (!dispute) throw new SandboxError('NOT_FOUND', 'No dispute for this transaction');
    dispute.status = status;
    dispute.updatedDate = this.now().toISOString();
    this.recordDispute(dispute, 'updated');
    return { ...dispute };
  }

  private recordDispute(dispute: Dispute, change: 'opened' | 'updated'): void {
    this.record({
      kind: 'dispute',
      at: dispute.updatedDate,
      change,
      disputeId: dispute.disputeId,
      transactionId: dispute.transactionId,
      status: dispute.status,
      amountCents: dispute.amountCents,
    });
  }

  /**
   * A new settlement batch of every captured charge and every reversal no batch holds yet, or
   * null when there is none (no empty batches). A charge not yet captured (PENDING) waits for a
   * later batch, and so does one in review (flag_for_review). Its figures are the sums over its
   * transactions.
   */
  settle(): Settlement | null {
    const now = this.now();
    const taken = this.transactions.filter(
      (t) =>
        t.settlementBatch === null &&
        ((t.type === 'DEBIT' && t.status !== 'VOIDED' && !t.flagForReview && t.capturedAt <= now.getTime()) ||
          t.type === 'REVERSAL'),
    );
    const withdrawn = this.disputeList.filter((d) => d.status !== 'INQUIRY' && d.settlementWithdrawalBatch === null);
    const deposited = this.disputeList.filter(
      (d) => d.status === 'WON' && d.settlementWithdrawalBatch !== null && d.settlementDepositBatch === null,
    );
    if (taken.length === 0 && withdrawn.length === 0 && deposited.length === 0) return null;
    const debits = taken.filter((t) => t.type === 'DEBIT');
    const reversals = taken.filter((t) => t.type === 'REVERSAL');
    const sum = (rows: Transaction[], of: (t: Transaction) => number) => rows.reduce((total, t) => total + of(t), 0);
    const grossCents = sum(debits, (t) => t.amountCents) - sum(reversals, (t) => t.amountCents);
    const feesCents = sum(taken, (t) => t.feeCents);
    const adjustmentsCents =
      deposited.reduce((total, d) => total + d.amountCents, 0) -
      withdrawn.reduce((total, d) => total + d.amountCents, 0);
    this.lastBatch += 1;
    const settlement: Settlement = {
      settlementBatch: this.lastBatch,
      settlementDate: now.toISOString(),
      transferDate: now.toISOString(),
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
    for (const t of taken) t.settlementBatch = settlement.settlementBatch;
    for (const d of withdrawn) d.settlementWithdrawalBatch = settlement.settlementBatch;
    for (const d of deposited) d.settlementDepositBatch = settlement.settlementBatch;
    this.batches.push(settlement);
    this.record({ kind: 'settlement', at: settlement.settlementDate, ...settlement });
    return settlement;
  }

  /** Recurring plans a query can see now. */
  plansWhere(predicate: (p: RecurringPlan) => boolean): RecurringPlan[] {
    const now = this.now().getTime();
    return this.plans.filter((p) => p.visibleAt <= now && predicate(p));
  }

  /**
   * transaction.md: POTENTIAL_DUPLICATE "based on settings configured in the partner environment",
   * EXCEEDS_THRESHOLD for "exceeding the threshold set on the merchant account". DOCS: neither rule
   * is given; the sandbox flags a charge of the same payment method and amount as a successful one
   * within `duplicateWindowMs`, and one above `reviewThresholdCents`. A plan's instalments are not
   * flagged (the same card and amount each month is the plan).
   */
  private reviewFlagFor(amountCents: number, paymentMethodId: string): ReviewFlag | null {
    const threshold = this.timing.reviewThresholdCents ?? null;
    if (threshold !== null && amountCents > threshold) return 'EXCEEDS_THRESHOLD';
    const windowMs = this.timing.duplicateWindowMs ?? 0;
    if (windowMs <= 0) return null;
    const since = this.now().getTime() - windowMs;
    const twin = this.transactions.some(
      (t) =>
        t.type === 'DEBIT' &&
        t.paymentMethodId === paymentMethodId &&
        t.amountCents === amountCents &&
        Date.parse(t.createdAt) >= since,
    );
    return twin ? 'POTENTIAL_DUPLICATE' : null;
  }

  /**
   * Resolves a review, as `updateTransactionInReview(action)` does (transaction.md): ACCEPT clears
   * the flag, so the next batch settles the charge; REJECT voids it (DOCS: what REJECT does is not
   * documented; a charge whose funds never settled is given back whole).
   */
  reviewCharge(transactionId: string, action: 'ACCEPT' | 'REJECT'): TransactionView {
    const t = this.transactions.find((candidate) => candidate.transactionId === transactionId);
    if (!t?.flagForReview) throw new SandboxError('NOT_FOUND', 'No transaction in review with this id');
    t.flagForReview = null;
    if (action === 'REJECT') this.voidCharge(t, t.amountCents);
    return this.describe(t);
  }

  /** Always a new charge: Pay Theory documents no de-duplication, whatever the metadata. */
  charge(input: {
    amountCents: number;
    paymentMethodId: string;
    metadata: Record<string, unknown>;
    recurringId?: string;
    source: 'api' | 'sdk';
    /** Decline whatever the amount (GENERIC_DECLINE): a plan's later instalment on a failing card. */
    forceDecline?: boolean;
  }): { transaction: Transaction } {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new SandboxError('INVALID_AMOUNT', 'amount must be a positive integer number of cents');
    }
    const method = this.requireMethod(input.paymentMethodId);
    const key = keyOf(input.metadata);
    const decline = input.forceDecline ? declineFor(102) : declineFor(input.amountCents);
    const transaction: Transaction = {
      transactionId: newId('pt_txn'),
      amountCents: input.amountCents,
      status: decline ? 'FAILED' : 'SUCCEEDED',
      type: decline ? 'FAILURE' : 'DEBIT',
      failureCode: decline?.code ?? null,
      failureText: decline?.text ?? null,
      paymentMethodId: method.paymentMethodId,
      metadata: input.metadata,
      recurringId: input.recurringId ?? null,
      parentId: null,
      refundedCents: 0,
      createdAt: this.now().toISOString(),
      visibleAt: this.visibleFrom(),
      capturedAt: this.now().getTime() + (decline ? 0 : (this.timing.pendingMs?.() ?? 0)),
      autoSettled: !decline && (this.timing.autoSettle?.() ?? true),
      settlementBatch: null,
      feeCents: decline ? 0 : feeFor(input.amountCents),
      voided: null,
      flagForReview:
        decline || input.recurringId ? null : this.reviewFlagFor(input.amountCents, method.paymentMethodId),
    };
    this.transactions.push(transaction);
    this.record({
      kind: 'charge',
      at: transaction.createdAt,
      transactionId: transaction.transactionId,
      amountCents: transaction.amountCents,
      state: decline ? 'FAILED' : 'SUCCEEDED',
      failureCode: transaction.failureCode,
      paymentMethodId: method.paymentMethodId,
      lastFour: method.lastFour,
      brand: method.brand,
      idempotencyKey: key,
      recurringId: transaction.recurringId,
      source: input.source,
    });
    if (!decline && input.amountCents === DISPUTE_AMOUNT) this.openDispute(transaction);
    return { transaction };
  }

  /**
   * Always a new plan. Its first instalment (no first_payment_date: due today) is charged
   * shortly after this returns, as Pay Theory may do: the answer carries the plan, not the charge.
   */
  createRecurring(input: {
    amountCents: number;
    paymentMethodId: string;
    name: string;
    metadata: Record<string, unknown>;
  }): { plan: RecurringPlan } {
    const method = this.requireMethod(input.paymentMethodId);
    const key = keyOf(input.metadata);
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new SandboxError('INVALID_AMOUNT', 'amount must be a positive integer number of cents');
    }
    const today = this.now().toISOString().slice(0, 10);
    const plan: RecurringPlan = {
      recurringId: newId('pt_rec'),
      amountCents: input.amountCents,
      interval: 'MONTHLY',
      name: input.name,
      paymentMethodId: method.paymentMethodId,
      metadata: input.metadata,
      isActive: true,
      status: 'SUCCESS',
      createdAt: this.now().toISOString(),
      nextPaymentDate: addOneMonth(today),
      prevPaymentDate: today,
      visibleAt: this.visibleFrom(),
    };
    this.plans.push(plan);
    this.record({
      kind: 'recurring',
      at: plan.createdAt,
      recurringId: plan.recurringId,
      amountCents: plan.amountCents,
      interval: plan.interval,
      paymentMethodId: plan.paymentMethodId,
      idempotencyKey: key,
      status: plan.status,
      nextPaymentDate: plan.nextPaymentDate,
    });
    this.timing.defer(() => this.chargeFirstInstalment(plan), this.timing.firstInstalmentDelayMs);
    return { plan };
  }

  private chargeFirstInstalment(plan: RecurringPlan): void {
    // A plan cancelled or a store reset before the instalment came due charges nothing.
    if (!plan.isActive || !this.plans.includes(plan)) return;
    const { transaction } = this.charge({
      amountCents: plan.amountCents,
      paymentMethodId: plan.paymentMethodId,
      metadata: plan.metadata,
      recurringId: plan.recurringId,
      source: 'api',
    });
    if (transaction.status === 'FAILED') {
      // A declined first instalment leaves the plan failed and inactive: nothing more is charged.
      Object.assign(plan, { status: 'INSTRUMENT_FAILURE', isActive: false, nextPaymentDate: null });
    }
  }

  /**
   * The plan's next instalment, charged now as if its date had come (Pay Theory charges on
   * next_payment_date; tests cannot wait a month). The instalment carries the plan's metadata. A
   * success advances next_payment_date by a month; a decline leaves the date and puts the plan in
   * INSTRUMENT_FAILURE (Pay Theory: no retry until the payment method is updated).
   */
  chargeNextInstalment(recurringId: string, options: { decline?: boolean } = {}): Transaction {
    const plan = this.plans.find((p) => p.recurringId === recurringId);
    if (!plan) throw new SandboxError('NOT_FOUND', 'Recurring payment not found');
    if (!plan.isActive || !plan.nextPaymentDate) {
      throw new SandboxError('NOT_ACTIVE', 'Recurring payment is not active');
    }
    const { transaction } = this.charge({
      amountCents: plan.amountCents,
      paymentMethodId: plan.paymentMethodId,
      metadata: plan.metadata,
      recurringId: plan.recurringId,
      source: 'api',
      forceDecline: options.decline ?? false,
    });
    if (transaction.status === 'FAILED') {
      plan.status = 'INSTRUMENT_FAILURE';
    } else {
      plan.status = 'SUCCESS';
      plan.prevPaymentDate = plan.nextPaymentDate;
      plan.nextPaymentDate = addOneMonth(plan.nextPaymentDate);
    }
    return transaction;
  }

  cancelRecurring(recurringId: string): void {
    const plan = this.plans.find((p) => p.recurringId === recurringId);
    if (!plan) throw new SandboxError('NOT_FOUND', 'Recurring payment not found');
    if (!plan.isActive) return;
    plan.isActive = false;
    plan.nextPaymentDate = null;
    this.record({ kind: 'recurring_cancelled', at: this.now().toISOString(), recurringId });
  }

  /**
   * createReversal. A settled charge (`is_settled`) is refunded, in full or in part, up to what is
   * left: a REVERSAL transaction, and the charge PARTIALLY_REFUNDED / REFUNDED. A charge not yet
   * settled is voided instead (transaction.md: "This call will create a refund or a void"): the
   * charge becomes VOIDED and, when only part was asked for, a new transaction for the remaining
   * amount replaces it ("the new transaction created for the adjusted amount and will be
   * captured"). Queries see either (the reversal, refunded_amount and status, or the void and its
   * replacement) only after the visibility delay, like a new charge.
   *
   * DOCS: transaction.md voids whatever is not settled, while the status guide shows
   * PENDING → VOIDED only "if reversed before capture"; the sandbox voids while `is_settled` is
   * false, the wider reading, so an app meets a void wherever one could come. The replacement's
   * `parent_id` is not documented: the sandbox sets it to the voided charge, keeps its payment
   * method, metadata and plan, and captures it when the charge would have been captured.
   */
  reverse(transactionId: string, amountCents: number): Reversal {
    const original = this.transactions.find((t) => t.transactionId === transactionId && t.type === 'DEBIT');
    if (!original) throw new SandboxError('NOT_FOUND', 'Transaction not found');
    if (original.status === 'VOIDED') throw new SandboxError('INVALID_AMOUNT', 'the transaction was voided');
    const refundable = original.amountCents - original.refundedCents;
    if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > refundable) {
      throw new SandboxError('INVALID_AMOUNT', `refund amount must be between 1 and ${refundable} cents`);
    }
    if (!this.describe(original).isSettled) return this.voidCharge(original, amountCents);
    original.refundedCents += amountCents;
    original.status = original.refundedCents === original.amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const reversal: Transaction = {
      ...original,
      transactionId: newId('pt_txn'),
      amountCents,
      status: 'SUCCEEDED',
      type: 'REVERSAL',
      parentId: original.transactionId,
      refundedCents: 0,
      createdAt: this.now().toISOString(),
      visibleAt: this.visibleFrom(),
      capturedAt: this.now().getTime(),
      autoSettled: false,
      settlementBatch: null,
      feeCents: 0,
      flagForReview: null,
    };
    this.transactions.push(reversal);
    this.record({
      kind: 'refund',
      at: reversal.createdAt,
      refundId: reversal.transactionId,
      transactionId: original.transactionId,
      amountCents,
    });
    return { kind: 'refund', reversal };
  }

  private voidCharge(original: Transaction, amountCents: number): Reversal {
    const at = this.now().toISOString();
    const visibleAt = this.visibleFrom();
    const remaining = original.amountCents - amountCents;
    const replacement: Transaction | null =
      remaining > 0
        ? {
            ...original,
            transactionId: newId('pt_txn'),
            amountCents: remaining,
            status: 'SUCCEEDED',
            parentId: original.transactionId,
            createdAt: at,
            visibleAt,
            feeCents: feeFor(remaining),
            flagForReview: null,
          }
        : null;
    original.status = 'VOIDED';
    original.voided = { visibleAt, replacementId: replacement?.transactionId ?? null };
    if (replacement) this.transactions.push(replacement);
    this.record({
      kind: 'void',
      at,
      transactionId: original.transactionId,
      amountCents,
      replacementId: replacement?.transactionId ?? null,
      replacementAmountCents: replacement?.amountCents ?? null,
    });
    return { kind: 'void', original, replacement };
  }
}
