import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, type RawRow, payments } from '@pillars/platform/db';
import {
  JOBS,
  type OutboxRow,
  type QueueBackend,
  markPublished,
  outboxValuesOf,
  publishNow,
} from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import type { ChargeOutcome, Payor, RecurringOutcome } from './provider';
import { UNCLEAR_FAILURES, paymentStatusOf, settledNotice } from './payment-status';

export { UNCLEAR_FAILURES };
import { constraintOf } from './accept';
import { PLACES_CONSTRAINT } from './places';
import { STATEMENTS, iso, paymentFrom, payorFrom } from './ledger-statements';

export { RECORDS } from './ledger-statements';

export type Payment = typeof payments.$inferSelect;

/** What the provider says happened, final: a charge, an active plan, or a decline (never "awaiting"). */
export type FinalOutcome = ChargeOutcome | Exclude<RecurringOutcome, { status: 'awaiting' }>;

/** A payment with whoever pays for it, read or claimed in one statement. */
export interface PaymentWithPayor {
  payment: Payment;
  /** Null when the payment's record is missing (deleted by hand). */
  payor: Payor | null;
}

/** A payment claimed for an attempt (see PaymentLedger.begin). */
export interface Claim extends PaymentWithPayor {
  /**
   * This attempt recorded the send (last_sent_at was unset and is now set, committed): the request
   * is its to send, with nothing to look up first (docs/decisions/010).
   */
  firstSend: boolean;
}

/** What update-status did with a payment's record. */
export type RecordCompletion = 'completed' | 'not-pending' | 'not-succeeded' | 'not-found';

export interface Settled {
  transactionId: string;
  recurringId?: string | undefined;
  nextPaymentDate?: string | undefined;
  /** The charged card's last four digits, when the provider showed them. */
  lastFour?: string | undefined;
}

/**
 * The charge ledger's transitions (ADR 007 and 010). Every write is conditional, so replays change
 * nothing, and each transition is one SQL statement: what it changes, the jobs it queues and the
 * notification it sends commit together (data-modifying CTEs), and nothing re-reads what it wrote.
 */
export class PaymentLedger {
  constructor(
    private readonly db: Database,
    private readonly backend: QueueBackend,
    private readonly logger: Logger,
    /** PAYMENT_PROVIDER_VISIBILITY_MS: a payment failed for an unclear reason is looked up once more after it. */
    private readonly visibilityWindowMs = 60_000,
    private readonly options: {
      /**
       * complete-payment's work (followUps' `complete`), run at once after a success commits
       * instead of queueing it (followUp below). Without it the job is queued.
       */
      followUp?: (paymentId: string, succeeded: PaymentWithPayor) => Promise<void>;
    } = {},
  ) {}

  /** The payment and its payor, in one read. */
  async withPayor(paymentId: string): Promise<PaymentWithPayor | undefined> {
    const [raw] = await STATEMENTS.withPayor(this.db, { id: paymentId });
    return raw ? { payment: paymentFrom(raw), payor: payorFrom(raw) } : undefined;
  }

  /**
   * Claims an unsettled payment for an attempt, in one statement that also reads its payor;
   * undefined when it is already settled (or unknown).
   *
   * `send`: the attempt is a charge or a plan (not a verification). Then, when no request was ever
   * sent for this payment (and it has a card token to send), the same statement records the send
   * (last_sent_at = `at`), committed before the request goes out (docs/decisions/010): from now on
   * the provider may hold a charge, so every later attempt looks it up first. The row is locked
   * (FOR UPDATE) before it is read, so of two attempts racing only one sees last_sent_at unset.
   */
  async begin(paymentId: string, { send, at }: { send: boolean; at: Date }): Promise<Claim | undefined> {
    const [raw] = await STATEMENTS.begin(this.db, { id: paymentId, send, at: iso(at) });
    if (!raw) return undefined;
    const payment = paymentFrom(raw);
    return { payment, payor: payorFrom(raw), firstSend: raw.prev_sent_at === null && payment.lastSentAt !== null };
  }

  /**
   * A request sent again, after a lookup past the visibility window found nothing: written, and
   * committed, before it goes out (docs/decisions/010), and it schedules a look for a late duplicate.
   */
  async markSent(payment: Payment, at: Date, visibilityWindowMs: number): Promise<Payment> {
    const again = payment.lastSentAt !== null;
    const recheck = again ? iso(new Date(at.getTime() + visibilityWindowMs)) : null;
    const [raw] = await STATEMENTS.markSent(this.db, { id: payment.id, at: iso(at), recheck });
    if (!raw) throw new Error(`payment ${payment.id} was settled meanwhile`);
    return paymentFrom(raw);
  }

  /**
   * The plan the provider created, whose first instalment it does not show yet (AwaitingFirstInstalment):
   * recorded on the payment, which stays unsettled until the instalment shows. Its webhook then
   * finds the payment by the plan. Undefined when the payment was settled meanwhile.
   */
  async awaitFirstInstalment(payment: Payment, recurringId: string, at: Date): Promise<Payment | undefined> {
    const [raw] = await STATEMENTS.awaitFirstInstalment(this.db, { id: payment.id, recurringId, at: iso(at) });
    if (!raw) return undefined;
    this.logger.info({ paymentId: payment.id, recurringId }, 'plan created; its first instalment is awaited');
    return paymentFrom(raw);
  }

  /** The sweep has looked for late duplicates of this payment's charge. */
  async clearRecheck(paymentId: string): Promise<void> {
    await STATEMENTS.clearRecheck(this.db, { id: paymentId });
  }

  /** The payor of a payment whose row the caller holds. */
  async payorOf(payment: Payment): Promise<Payor> {
    const [raw] = await STATEMENTS.payorOf[payment.kind](this.db, { recordId: payment.recordId });
    const payor = raw ? payorFrom(raw) : null;
    if (!payor) throw new Error(`record ${payment.recordId} of payment ${payment.id} is missing`);
    return payor;
  }

  /**
   * Marks the charge succeeded, queues its follow-up (complete-payment) and wakes the long-polls,
   * in one statement: the outbox row and the notification exist exactly when the payment became
   * succeeded. The notification carries the new status (settledNotice), so a long-poll answers
   * without a read. The follow-up then runs (followUp).
   */
  async succeed(payment: Payment, settled: Settled): Promise<void> {
    const [raw] = await STATEMENTS.succeed(this.db, successValues(payment, settled));
    if (!raw) return;
    this.logger.info({ paymentId: payment.id, kind: payment.kind }, 'payment succeeded');
    await this.followUp(raw);
  }

  /**
   * The complete-payment job a success statement just wrote to the outbox (docs/decisions/007):
   * done here, after the commit, when this process can (options.followUp), from the payment and
   * payor the statement returned, and its outbox row marked done; queued when that fails, to be
   * retried on its own. A crash in between leaves the row to the relay, and the job then redoes
   * what was done, which changes nothing.
   */
  private async followUp(raw: RawRow): Promise<void> {
    const payment = paymentFrom(raw);
    const paymentId = payment.id;
    const rows = (raw.outbox ?? []) as OutboxRow[];
    const { followUp } = this.options;
    if (followUp) {
      try {
        await followUp(paymentId, { payment, payor: payorFrom(raw) });
        markPublished(this.db, this.logger, rows);
        return;
      } catch (error) {
        this.logger.warn({ err: error, paymentId }, 'payment follow-up failed; queued to be retried');
      }
    }
    await this.publish(paymentId, rows);
  }

  /**
   * A payment that ended failed, found charged after all (the re-lookup after the visibility
   * window, or a reconciliation): settled from the charge as any success is, receipt and all, in
   * one statement (STATEMENTS.adopt). `record-paid`: another payment of its record is under way or
   * succeeded, so this charge is a second one and nothing changed; `sold-out`: a registration
   * whose place was given back cannot take one again; `not-failed`: the payment is not failed (any
   * more). The caller gives the charge back in the first two cases.
   */
  async adopt(payment: Payment, outcome: FinalOutcome): Promise<'adopted' | 'record-paid' | 'sold-out' | 'not-failed'> {
    if (outcome.status === 'declined') return 'not-failed';
    let raw: RawRow | undefined;
    try {
      [raw] = await STATEMENTS.adopt[payment.kind](this.db, successValues(payment, settledOf(outcome)));
    } catch (error) {
      if (constraintOf(error) === PLACES_CONSTRAINT) return 'sold-out';
      throw error;
    }
    if (raw) {
      this.logger.warn({ paymentId: payment.id, kind: payment.kind }, 'failed payment found charged; settled');
      await this.followUp(raw);
      return 'adopted';
    }
    const [now] = await this.db
      .select({ state: payments.state })
      .from(payments)
      .where(sql`${payments.id} = ${payment.id}`);
    return now?.state === 'failed' ? 'record-paid' : 'not-failed';
  }

  /**
   * Publishes the jobs just written for a payment (its follow-ups, the e-mails a transactions row
   * queued), from the rows their INSERT returned; if the queue is down the relay publishes them
   * later, nothing is lost.
   */
  async publish(paymentId: string, rows: OutboxRow[]): Promise<void> {
    await publishNow(this.db, this.backend, this.logger, rows).catch((error: unknown) =>
      this.logger.warn({ err: error, paymentId }, 'jobs left to the relay'),
    );
  }

  /** Records what the provider says happened: the one place a charge outcome reaches the ledger. */
  async settle(payment: Payment, outcome: FinalOutcome): Promise<void> {
    if (outcome.status === 'declined') return this.fail(payment, outcome.code, outcome.message);
    return this.succeed(payment, settledOf(outcome));
  }

  /**
   * Final failure, in one statement: the payment (and, per RECORDS, its pending record) becomes
   * failed with the reason, and the long-polls are woken with the new status.
   */
  async fail(payment: Payment, code: string, message: string): Promise<void> {
    const status = paymentStatusOf({ ...payment, state: 'failed', failureCode: code, failureMessage: message });
    // Failed for want of an answer, not by a decline: looked up once more after the window (the sweep).
    const recheck = UNCLEAR_FAILURES.has(code) ? iso(new Date(Date.now() + this.visibilityWindowMs)) : null;
    const [raw] = await STATEMENTS.fail[payment.kind](this.db, {
      id: payment.id,
      code,
      message,
      recheck,
      notice: settledNotice(status),
    });
    if (raw) this.logger.info({ paymentId: payment.id, kind: payment.kind, code }, 'payment failed');
  }

  /**
   * update-status, in one statement: the record of a succeeded payment takes its paid status
   * (RECORDS) and the provider's transaction id, if it is still pending, and its holder's e-mail
   * (RECORDS' paidEmail) is queued with it and published now. What the statement found
   * tells a payment that has not succeeded (nothing to do, ever) from a record that is no longer
   * pending (an admin settled it meanwhile; left as it is).
   */
  async completeRecord(paymentId: string): Promise<RecordCompletion> {
    const { completion, outboxRows } = await this.completeRecordHeld(paymentId);
    await this.publish(paymentId, outboxRows);
    return completion;
  }

  /**
   * completeRecord, leaving the e-mail's outbox row for the caller to publish (with the receipt's,
   * in one round trip); unpublished, the relay publishes it.
   */
  async completeRecordHeld(paymentId: string): Promise<{ completion: RecordCompletion; outboxRows: OutboxRow[] }> {
    // The id of the e-mail the statement may queue, so its outbox row's job id is known beforehand.
    const emailId = randomUUID();
    const { queue, jobName, jobId, payload } = outboxValuesOf({ job: JOBS.sendEmail, emailId });
    const [raw] = await STATEMENTS.completeRecord(this.db, {
      id: paymentId,
      emailId,
      job: JSON.stringify({ queue, job_name: jobName, job_id: jobId, payload }),
    });
    if (!raw) return { completion: 'not-found', outboxRows: [] };
    if (raw.succeeded !== true) return { completion: 'not-succeeded', outboxRows: [] };
    const outboxRows = (raw.outbox ?? []) as OutboxRow[];
    return { completion: Number(raw.moved) > 0 ? 'completed' : 'not-pending', outboxRows };
  }
}

/** What a charge or an active plan settles a payment with. */
function settledOf(outcome: Exclude<FinalOutcome, { status: 'declined' }>): Settled {
  if (outcome.status === 'active') {
    return {
      transactionId: outcome.firstCharge.transactionId,
      recurringId: outcome.recurringId,
      nextPaymentDate: outcome.nextPaymentDate,
      lastFour: outcome.firstCharge.lastFour,
    };
  }
  return { transactionId: outcome.transactionId, lastFour: outcome.lastFour };
}

/** The parameters of the succeed and adopt statements: the payment's new columns, its follow-ups and its notice. */
function successValues(payment: Payment, settled: Settled) {
  const nextPaymentDate = settled.nextPaymentDate ?? null;
  const status = paymentStatusOf({
    ...payment,
    state: 'succeeded',
    nextPaymentDate,
    failureCode: null,
    failureMessage: null,
  });
  // The columns of jsonb_to_recordset in the statements; queue and job id as the outbox derives them.
  const { queue, jobName, jobId, payload } = outboxValuesOf({ job: JOBS.completePayment, paymentId: payment.id });
  const jobs = [{ queue, job_name: jobName, job_id: jobId, payload }];
  return {
    id: payment.id,
    transactionId: settled.transactionId,
    recurringId: settled.recurringId ?? null,
    nextPaymentDate,
    lastFour: settled.lastFour ?? null,
    jobs: JSON.stringify(jobs),
    notice: settledNotice(status),
  };
}
