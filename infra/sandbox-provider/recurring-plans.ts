import {
  type LedgerEntry,
  type PaymentMethod,
  type RecurringPlan,
  SandboxError,
  type StoreTiming,
  type Transaction,
  addOneMonth,
  idempotencyKeyOf,
  newId,
} from './store-model';

export interface RecurringInput {
  amountCents: number;
  paymentMethodId: string;
  name: string;
  metadata: Record<string, unknown>;
}

/** What the plans need from the store that holds them: its charges, its ledger and its clock. */
export interface RecurringDeps {
  /** Charges an instalment (decline whatever the amount when `forceDecline`). */
  charge: (input: {
    amountCents: number;
    paymentMethodId: string;
    metadata: Record<string, unknown>;
    recurringId: string;
    forceDecline?: boolean;
  }) => Transaction;
  record: (entry: LedgerEntry) => void;
  requireMethod: (id: string) => PaymentMethod;
  now: () => Date;
  visibleFrom: () => number;
  timing: StoreTiming;
}

/** The sandbox's recurring plans (createRecurringPayment, their instalments, cancelRecurringPayment). */
export class RecurringPlans {
  private plans: RecurringPlan[] = [];

  constructor(private readonly deps: RecurringDeps) {}

  reset(): void {
    this.plans = [];
  }

  /** Plans a query can see now. */
  visible(predicate: (p: RecurringPlan) => boolean): RecurringPlan[] {
    const now = this.deps.now().getTime();
    return this.plans.filter((p) => p.visibleAt <= now && predicate(p));
  }

  /**
   * Always a new plan. Its first instalment (no first_payment_date: due today) is charged
   * shortly after this returns, as Pay Theory may do: the answer carries the plan, not the charge.
   */
  create(input: RecurringInput): RecurringPlan {
    const { deps } = this;
    const method = deps.requireMethod(input.paymentMethodId);
    const key = idempotencyKeyOf(input.metadata);
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new SandboxError('INVALID_AMOUNT', 'amount must be a positive integer number of cents');
    }
    const today = deps.now().toISOString().slice(0, 10);
    const plan: RecurringPlan = {
      recurringId: newId('pt_rec'),
      amountCents: input.amountCents,
      interval: 'MONTHLY',
      name: input.name,
      paymentMethodId: method.paymentMethodId,
      metadata: input.metadata,
      isActive: true,
      status: 'SUCCESS',
      createdAt: deps.now().toISOString(),
      nextPaymentDate: addOneMonth(today),
      prevPaymentDate: today,
      visibleAt: deps.visibleFrom(),
    };
    this.plans.push(plan);
    deps.record({
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
    deps.timing.defer(() => this.chargeFirst(plan), deps.timing.firstInstalmentDelayMs);
    return plan;
  }

  private chargeFirst(plan: RecurringPlan): void {
    // A plan cancelled or a store reset before the instalment came due charges nothing.
    if (!plan.isActive || !this.plans.includes(plan)) return;
    const transaction = this.deps.charge(instalmentOf(plan));
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
  chargeNext(recurringId: string, decline: boolean): Transaction {
    const plan = this.find(recurringId);
    if (!plan.isActive || !plan.nextPaymentDate) {
      throw new SandboxError('NOT_ACTIVE', 'Recurring payment is not active');
    }
    const transaction = this.deps.charge({ ...instalmentOf(plan), forceDecline: decline });
    if (transaction.status === 'FAILED') {
      plan.status = 'INSTRUMENT_FAILURE';
    } else {
      plan.status = 'SUCCESS';
      plan.prevPaymentDate = plan.nextPaymentDate;
      plan.nextPaymentDate = addOneMonth(plan.nextPaymentDate);
    }
    return transaction;
  }

  cancel(recurringId: string): void {
    const plan = this.find(recurringId);
    if (!plan.isActive) return;
    plan.isActive = false;
    plan.nextPaymentDate = null;
    this.deps.record({ kind: 'recurring_cancelled', at: this.deps.now().toISOString(), recurringId });
  }

  private find(recurringId: string): RecurringPlan {
    const plan = this.plans.find((p) => p.recurringId === recurringId);
    if (!plan) throw new SandboxError('NOT_FOUND', 'Recurring payment not found');
    return plan;
  }
}

function instalmentOf(plan: RecurringPlan) {
  return {
    amountCents: plan.amountCents,
    paymentMethodId: plan.paymentMethodId,
    metadata: plan.metadata,
    recurringId: plan.recurringId,
  };
}
