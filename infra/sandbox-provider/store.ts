import { DISPUTE_AMOUNT, type RawCard, checkCard, declineFor } from './card-rules';
import {
  type Dispute,
  type DisputeStatus,
  IMMEDIATE,
  type LedgerEntry,
  type PaymentMethod,
  type RecurringPlan,
  type Reversal,
  SandboxError,
  type Settlement,
  type StoreTiming,
  type Transaction,
  type TransactionView,
  idempotencyKeyOf,
  newId,
} from './store-model';
import {
  chargebackFor,
  newCharge,
  nextBatchContents,
  replacementFor,
  reversalOf,
  reviewFlagFor,
  settlementOf,
  transactionState,
} from './transaction-rules';
import { type RecurringInput, RecurringPlans } from './recurring-plans';

export * from './store-model';

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

export class SandboxStore {
  private paymentMethods = new Map<string, PaymentMethod>();
  private transactions: Transaction[] = [];
  private entries: LedgerEntry[] = [];
  private batches: Settlement[] = [];
  private disputeList: Dispute[] = [];
  private readonly recurring: RecurringPlans;
  /** Never reused by one sandbox, reset or not, so an app's stored batch number stays unique. */
  private lastBatch = 0;

  constructor(
    private readonly onEntry: (entry: LedgerEntry) => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
    private readonly timing: StoreTiming = IMMEDIATE,
  ) {
    this.recurring = new RecurringPlans({
      charge: (input) => this.charge({ ...input, source: 'api' }).transaction,
      record: (entry) => this.record(entry),
      requireMethod: (id) => this.requireMethod(id),
      now,
      visibleFrom: () => this.visibleFrom(),
      timing,
    });
  }

  private visibleFrom(): number {
    return this.now().getTime() + this.timing.visibilityDelayMs();
  }

  ledger(): LedgerEntry[] {
    return this.entries.map((entry) => ({ ...entry }));
  }

  reset(): void {
    this.paymentMethods.clear();
    this.transactions = [];
    this.recurring.reset();
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
    return transactionState(t, this.transactions, now, everything, disputeStatus);
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

  private openDispute(t: Transaction): void {
    const dispute = chargebackFor(t, this.now());
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
    const contents = nextBatchContents(this.transactions, this.disputeList, now.getTime());
    if (!contents) return null;
    this.lastBatch += 1;
    const settlement = settlementOf(contents, this.lastBatch, now.toISOString());
    for (const t of contents.taken) t.settlementBatch = settlement.settlementBatch;
    for (const d of contents.withdrawn) d.settlementWithdrawalBatch = settlement.settlementBatch;
    for (const d of contents.deposited) d.settlementDepositBatch = settlement.settlementBatch;
    this.batches.push(settlement);
    this.record({ kind: 'settlement', at: settlement.settlementDate, ...settlement });
    return settlement;
  }

  /** Recurring plans a query can see now. */
  plansWhere(predicate: (p: RecurringPlan) => boolean): RecurringPlan[] {
    return this.recurring.visible(predicate);
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
    const key = idempotencyKeyOf(input.metadata);
    const decline = input.forceDecline ? declineFor(102) : declineFor(input.amountCents);
    const transaction = newCharge({
      ...input,
      decline,
      at: this.now(),
      visibleAt: this.visibleFrom(),
      pendingMs: decline ? 0 : (this.timing.pendingMs?.() ?? 0),
      autoSettle: this.timing.autoSettle?.() ?? true,
      flagForReview:
        decline || input.recurringId
          ? null
          : reviewFlagFor(input, this.transactions, this.timing, this.now().getTime()),
    });
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

  /** Always a new plan; its first instalment is charged shortly after (recurring-plans.ts). */
  createRecurring(input: RecurringInput): { plan: RecurringPlan } {
    return { plan: this.recurring.create(input) };
  }

  /** The plan's next instalment, charged now as if its date had come (recurring-plans.ts). */
  chargeNextInstalment(recurringId: string, options: { decline?: boolean } = {}): Transaction {
    return this.recurring.chargeNext(recurringId, options.decline ?? false);
  }

  cancelRecurring(recurringId: string): void {
    this.recurring.cancel(recurringId);
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
    const reversal = reversalOf(original, amountCents, this.now(), this.visibleFrom());
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
    const replacement = replacementFor(original, original.amountCents - amountCents, at, visibleAt);
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
