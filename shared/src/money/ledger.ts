import {
  type Database,
  type PaymentKind,
  donations,
  eventRegistrations,
  memberships,
  PAYMENT_SETTLED_CHANNEL,
  payments,
} from '../db';
import { JOBS, type QueueBackend, addToOutbox, publishOutbox } from '../jobs';
import type { Logger } from '../logger';
import type { ChargeOutcome, Payor, RecurringOutcome } from '../payments';
import { and, eq, inArray, sql } from 'drizzle-orm';

export type Payment = typeof payments.$inferSelect;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Wakes API requests long-polling this payment; delivered when the transaction commits. */
async function notifySettled(tx: Tx, paymentId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${PAYMENT_SETTLED_CHANNEL}, ${paymentId})`);
}

/**
 * Where each kind of payment's record lives, what status it takes once paid (product values), and
 * whether a failed charge fails the record: a donation or membership is one submission, but a
 * registration stays pending so its holder can pay again from the same payment page.
 */
export const RECORDS = {
  donation: { table: donations, paidStatus: 'completed', source: 'contribution', failRecord: true },
  recurring_donation: { table: donations, paidStatus: 'completed', source: 'contribution', failRecord: true },
  membership: { table: memberships, paidStatus: 'active', source: 'membership', failRecord: true },
  registration: { table: eventRegistrations, paidStatus: 'paid', source: 'event', failRecord: false },
} as const satisfies Record<PaymentKind, { table: unknown; paidStatus: string; source: string; failRecord: boolean }>;

export interface Settled {
  transactionId: string;
  recurringId?: string | undefined;
  nextPaymentDate?: string | undefined;
}

/** The charge ledger's transitions. Every write is conditional, so replays change nothing. */
export class PaymentLedger {
  constructor(
    private readonly db: Database,
    private readonly backend: QueueBackend,
    private readonly logger: Logger,
  ) {}

  async get(paymentId: string): Promise<Payment | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    return row;
  }

  /** Claims an unsettled payment for an attempt; undefined when it is already settled. */
  async begin(paymentId: string): Promise<Payment | undefined> {
    const [row] = await this.db
      .update(payments)
      .set({ state: 'processing', attempts: sql`${payments.attempts} + 1`, updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), inArray(payments.state, ['queued', 'processing'])))
      .returning();
    return row;
  }

  /**
   * Written, and committed, before a charge or plan request goes out (docs/decisions/010): from
   * now on the provider may hold a charge, so no request is sent again until a lookup after the
   * visibility window finds none. A second send also schedules a look for a late duplicate.
   */
  async markSent(payment: Payment, at: Date, visibilityWindowMs: number): Promise<Payment> {
    const again = payment.lastSentAt !== null;
    const [row] = await this.db
      .update(payments)
      .set({
        lastSentAt: at,
        ...(again ? { recheckAfter: new Date(at.getTime() + visibilityWindowMs) } : {}),
        updatedAt: at,
      })
      .where(and(eq(payments.id, payment.id), inArray(payments.state, ['queued', 'processing'])))
      .returning();
    if (!row) throw new Error(`payment ${payment.id} was settled meanwhile`);
    return row;
  }

  /** The sweep has looked for late duplicates of this payment's charge. */
  async clearRecheck(paymentId: string): Promise<void> {
    await this.db.update(payments).set({ recheckAfter: null }).where(eq(payments.id, paymentId));
  }

  async payorOf(payment: Payment): Promise<Payor> {
    const { table } = RECORDS[payment.kind];
    const [record] = await this.db
      .select({ firstName: table.firstName, lastName: table.lastName, email: table.email, phone: table.phone })
      .from(table)
      .where(eq(table.id, payment.recordId))
      .limit(1);
    if (!record) throw new Error(`record ${payment.recordId} of payment ${payment.id} is missing`);
    return {
      firstName: record.firstName ?? '',
      lastName: record.lastName ?? '',
      email: record.email,
      phone: record.phone ?? undefined,
    };
  }

  /** Marks the charge succeeded and queues its follow-ups in the same transaction. */
  async succeed(payment: Payment, settled: Settled): Promise<void> {
    const outboxIds = await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(payments)
        .set({
          state: 'succeeded',
          providerTransactionId: settled.transactionId,
          providerRecurringId: settled.recurringId ?? null,
          nextPaymentDate: settled.nextPaymentDate ?? null,
          failureCode: null,
          failureMessage: null,
          updatedAt: new Date(),
        })
        .where(and(eq(payments.id, payment.id), inArray(payments.state, ['queued', 'processing'])))
        .returning({ id: payments.id });
      if (updated.length === 0) return [];
      await notifySettled(tx, payment.id);
      return addToOutbox(tx, [
        { job: JOBS.updateStatus, paymentId: payment.id },
        { job: JOBS.recordTransaction, paymentId: payment.id },
      ]);
    });
    this.logger.info({ paymentId: payment.id, kind: payment.kind }, 'payment succeeded');
    if (outboxIds.length > 0) {
      // Publish now; if the queue is down the relay publishes later, nothing is lost.
      await publishOutbox(this.db, this.backend, this.logger, outboxIds).catch((error: unknown) =>
        this.logger.warn({ err: error, paymentId: payment.id }, 'follow-ups left to the relay'),
      );
    }
  }

  /** Records what the provider says happened: the one place a charge outcome reaches the ledger. */
  async settle(payment: Payment, outcome: ChargeOutcome | RecurringOutcome): Promise<void> {
    if (outcome.status === 'declined') return this.fail(payment, outcome.code, outcome.message);
    if (outcome.status === 'active') {
      return this.succeed(payment, {
        transactionId: outcome.firstCharge.transactionId,
        recurringId: outcome.recurringId,
        nextPaymentDate: outcome.nextPaymentDate,
      });
    }
    return this.succeed(payment, { transactionId: outcome.transactionId });
  }

  /** Final failure: the payment (and, per RECORDS, its pending record) becomes failed, with the reason. */
  async fail(payment: Payment, code: string, message: string): Promise<void> {
    const { table, failRecord } = RECORDS[payment.kind];
    await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(payments)
        .set({ state: 'failed', failureCode: code, failureMessage: message, updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), inArray(payments.state, ['queued', 'processing'])))
        .returning({ id: payments.id });
      if (updated.length === 0) return;
      await notifySettled(tx, payment.id);
      if (!failRecord) return;
      await tx
        .update(table)
        .set({ status: 'failed' })
        .where(and(eq(table.id, payment.recordId), eq(table.status, 'pending')));
    });
    this.logger.info({ paymentId: payment.id, kind: payment.kind, code }, 'payment failed');
  }
}
