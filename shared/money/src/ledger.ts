import { randomUUID } from 'node:crypto';
import { type SQL, getTableColumns, getTableName, sql } from 'drizzle-orm';
import {
  type Database,
  PAYMENT_KINDS,
  type RawRow,
  PAYMENT_SETTLED_CHANNEL,
  type OutboundEmailKind,
  type PaymentKind,
  donations,
  eventPlaces,
  eventRegistrations,
  memberships,
  outboundEmails,
  payments,
  preparedStatement,
} from '@pillars/platform/db';
import { JOBS, type OutboxRow, type QueueBackend, outboxValuesOf, publishNow } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import type { ChargeOutcome, Payor, RecurringOutcome } from './provider';
import { UNCLEAR_FAILURES, paymentStatusOf, settledNotice } from './payment-status';

export { UNCLEAR_FAILURES };
import { constraintOf } from './accept';
import { PLACES_CONSTRAINT } from './places';

export type Payment = typeof payments.$inferSelect;

/** What the provider says happened, final: a charge, an active plan, or a decline (never "awaiting"). */
export type FinalOutcome = ChargeOutcome | Exclude<RecurringOutcome, { status: 'awaiting' }>;

/** Identifiers and literals below are ours (schema names, RECORDS values), never request values. */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Where each kind of payment's record lives, what status it takes once paid (product values),
 * whether a failed charge fails the record (a donation or membership is one submission, but a
 * registration stays pending so its holder can pay again from the same payment page), and the
 * e-mail its holder gets when the record becomes paid (a contribution's receipt is the
 * transactions row's, for every kind).
 */
export const RECORDS = {
  donation: { table: donations, paidStatus: 'completed', source: 'contribution', failRecord: true, paidEmail: null },
  recurring_donation: {
    table: donations,
    paidStatus: 'completed',
    source: 'contribution',
    failRecord: true,
    paidEmail: null,
  },
  membership: {
    table: memberships,
    paidStatus: 'active',
    source: 'membership',
    failRecord: true,
    paidEmail: 'membership-welcome',
  },
  registration: {
    table: eventRegistrations,
    paidStatus: 'paid',
    source: 'event',
    failRecord: false,
    paidEmail: 'registration-confirmation',
  },
} as const satisfies Record<
  PaymentKind,
  { table: unknown; paidStatus: string; source: string; failRecord: boolean; paidEmail: OutboundEmailKind | null }
>;

/** (payment kind, e-mail kind) of the kinds whose record's payment sends an e-mail, as SQL VALUES rows. */
const PAID_EMAILS = sql.raw(
  PAYMENT_KINDS.flatMap((kind) => {
    const email = RECORDS[kind].paidEmail;
    return email ? [`(${literal(kind)}, ${literal(email)})`] : [];
  }).join(', '),
);

/** Each record table once, with the kinds of payment whose records it holds (derived from RECORDS). */
const RECORD_TABLES = [...new Set(PAYMENT_KINDS.map((kind) => RECORDS[kind].table))].map((table, i) => ({
  table,
  name: getTableName(table),
  alias: `rec${i}`,
  kinds: PAYMENT_KINDS.filter((kind) => RECORDS[kind].table === table),
}));

const kindsIn = (column: string, kinds: readonly PaymentKind[]) =>
  `${column} IN (${kinds.map((kind) => literal(kind)).join(', ')})`;
const UNSETTLED = sql.raw(`('queued', 'processing')`);

/**
 * The payor of the payment aliased `p`, read in the same statement as the payment: one LEFT JOIN
 * per record table, matched by kind, and the payor's columns taken from whichever joined.
 */
const PAYOR_JOINS = sql.raw(
  RECORD_TABLES.map(
    ({ name, alias, kinds }) =>
      `LEFT JOIN "${name}" ${alias} ON ${kindsIn('p.kind', kinds)} AND ${alias}.id = p.record_id`,
  ).join('\n'),
);
const coalesced = (column: string) => `COALESCE(${RECORD_TABLES.map(({ alias }) => `${alias}.${column}`).join(', ')})`;
const PAYOR_COLUMNS = sql.raw(
  [
    `${coalesced('first_name')} AS payor_first_name`,
    `${coalesced('last_name')} AS payor_last_name`,
    `${coalesced('email')} AS payor_email`,
    `${coalesced('phone')} AS payor_phone`,
  ].join(', '),
);

const PAYMENT_COLUMNS = Object.entries(getTableColumns(payments));

/** A payments row as PostgreSQL returns it (column names, driver values) → Payment. */
function paymentFrom(raw: RawRow): Payment {
  return Object.fromEntries(
    PAYMENT_COLUMNS.map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as Payment;
}

/** The payor columns of PAYOR_COLUMNS → Payor; null when the payment's record is missing. */
function payorFrom(raw: RawRow): Payor | null {
  if (typeof raw.payor_email !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    firstName: text(raw.payor_first_name),
    lastName: text(raw.payor_last_name),
    email: raw.payor_email,
    phone: typeof raw.payor_phone === 'string' ? raw.payor_phone : undefined,
  };
}

const $ = sql.placeholder;
const iso = (at: Date) => at.toISOString();

/**
 * The tail of a statement that made a payment succeeded (the CTE `source`, one row when it did):
 * its follow-up jobs (the `jobs` parameter) into the outbox, the settled notification, and the
 * outbox rows returned for publishing now.
 */
const followUpsOf = (source: string) => sql`, queued AS (
    INSERT INTO outbox (queue, job_name, job_id, payload)
    SELECT j.queue, j.job_name, j.job_id, j.payload
    FROM ${sql.raw(source)}, jsonb_to_recordset(${$('jobs')}::jsonb)
      AS j(queue text, job_name text, job_id text, payload jsonb)
    RETURNING id, queue, job_name, job_id, payload
  )
  SELECT pg_notify(${PAYMENT_SETTLED_CHANNEL}, ${$('notice')}) AS notified,
    (SELECT jsonb_agg(jsonb_build_object('id', id, 'queue', queue, 'jobName', job_name, 'jobId', job_id,
      'payload', payload)) FROM queued) AS outbox
  FROM ${sql.raw(source)}`;

/**
 * The ledger's statements, each built once and prepared by name (see preparedStatement): they run
 * for every payment, so PostgreSQL parses and plans each once per connection.
 */
const STATEMENTS = {
  withPayor: preparedStatement(
    'ledger_with_payor',
    sql`SELECT p.*, ${PAYOR_COLUMNS} FROM ${payments} p
      ${PAYOR_JOINS}
      WHERE p.id = ${$('id')}`,
  ),
  begin: preparedStatement(
    'ledger_begin',
    sql`WITH prev AS (
        SELECT id, last_sent_at FROM ${payments} WHERE id = ${$('id')} AND state IN ${UNSETTLED} FOR UPDATE
      ), p AS (
        UPDATE ${payments} SET
          state = 'processing',
          attempts = payments.attempts + 1,
          updated_at = ${$('at')}::timestamptz,
          last_sent_at = CASE
            WHEN ${$('send')}::boolean AND payments.last_sent_at IS NULL
              AND payments.payment_method_token IS NOT NULL AND payments.claimed_transaction_id IS NULL
            THEN ${$('at')}::timestamptz ELSE payments.last_sent_at END
        FROM prev WHERE payments.id = prev.id
        RETURNING payments.*, prev.last_sent_at AS prev_sent_at
      )
      SELECT p.*, ${PAYOR_COLUMNS} FROM p
      ${PAYOR_JOINS}`,
  ),
  markSent: preparedStatement(
    'ledger_mark_sent',
    sql`UPDATE ${payments} SET last_sent_at = ${$('at')}::timestamptz,
        recheck_after = COALESCE(${$('recheck')}::timestamptz, recheck_after), updated_at = ${$('at')}::timestamptz
      WHERE id = ${$('id')} AND state IN ${UNSETTLED}
      RETURNING *`,
  ),
  awaitFirstInstalment: preparedStatement(
    'ledger_await_first_instalment',
    sql`UPDATE ${payments} SET provider_recurring_id = ${$('recurringId')}, updated_at = ${$('at')}::timestamptz
      WHERE id = ${$('id')} AND state IN ${UNSETTLED}
      RETURNING *`,
  ),
  clearRecheck: preparedStatement(
    'ledger_clear_recheck',
    sql`UPDATE ${payments} SET recheck_after = NULL WHERE id = ${$('id')}`,
  ),
  succeed: preparedStatement(
    'ledger_succeed',
    sql`WITH settled AS (
        UPDATE ${payments} SET state = 'succeeded', provider_transaction_id = ${$('transactionId')},
          provider_recurring_id = ${$('recurringId')}, next_payment_date = ${$('nextPaymentDate')},
          card_last_four = ${$('lastFour')}, failure_code = NULL, failure_message = NULL, updated_at = now()
        WHERE id = ${$('id')} AND state IN ${UNSETTLED}
        RETURNING id
      )${followUpsOf('settled')}`,
  ),
  /** Per kind: the payment fails, and per RECORDS its pending record too. */
  fail: Object.fromEntries(
    PAYMENT_KINDS.map((kind) => {
      const { table, failRecord } = RECORDS[kind];
      const failsRecord = failRecord
        ? sql`, record AS (
            UPDATE ${table} SET status = 'failed' FROM failed
            WHERE ${table}.id = failed.record_id AND ${table}.status = 'pending'
          )`
        : sql``;
      return [
        kind,
        preparedStatement(
          `ledger_fail_${kind}`,
          sql`WITH failed AS (
              UPDATE ${payments} SET state = 'failed', failure_code = ${$('code')}, failure_message = ${$('message')},
                recheck_after = COALESCE(${$('recheck')}::timestamptz, recheck_after), updated_at = now()
              WHERE id = ${$('id')} AND state IN ${UNSETTLED}
              RETURNING record_id
            )${failsRecord}
            SELECT pg_notify(${PAYMENT_SETTLED_CHANNEL}, ${$('notice')}) AS notified FROM failed`,
        ),
      ];
    }),
  ) as Record<PaymentKind, ReturnType<typeof preparedStatement>>,
  /**
   * Per kind: a failed payment whose charge the provider shows after all becomes succeeded, in one
   * statement (docs/decisions/010, amendment "failed is not final"), with the follow-ups a success
   * queues. Its record, failed with it (RECORDS' failRecord), is pending again, so update-status
   * completes it as for any success; a registration whose place was given back when its hold ran
   * out takes its place again, and the places' CHECK refuses that when the event is full
   * (docs/decisions/022). Nothing changes when another payment of the record is under way or
   * succeeded: the record is paid for, and this charge is a second one.
   */
  adopt: Object.fromEntries(
    PAYMENT_KINDS.map((kind) => {
      const { table, failRecord } = RECORDS[kind];
      const record = failRecord
        ? sql`, record AS (
            UPDATE ${table} SET status = 'pending' FROM adopted
            WHERE ${table}.id = adopted.record_id AND ${table}.status = 'failed'
          )`
        : kind === 'registration'
          ? sql`, retaken AS (
              UPDATE ${eventRegistrations} r SET status = 'pending', place_held_until = NULL FROM adopted
              WHERE r.id = adopted.record_id AND r.status = 'cancelled'
              RETURNING r.event_id, coalesce(r.selected_tier, '') AS tier_id
            ), place AS (
              UPDATE ${eventPlaces} p SET taken = p.taken + 1 FROM retaken
              WHERE p.event_id = retaken.event_id AND p.tier_id IN ('', retaken.tier_id)
            )`
          : sql``;
      return [
        kind,
        preparedStatement(
          `ledger_adopt_${kind}`,
          sql`WITH adopted AS (
              UPDATE ${payments} SET state = 'succeeded', provider_transaction_id = ${$('transactionId')},
                provider_recurring_id = ${$('recurringId')}, next_payment_date = ${$('nextPaymentDate')},
                card_last_four = ${$('lastFour')}, failure_code = NULL, failure_message = NULL,
                recheck_after = NULL, updated_at = now()
              WHERE id = ${$('id')} AND state = 'failed'
                AND NOT EXISTS (SELECT 1 FROM ${payments} o WHERE o.kind = payments.kind
                  AND o.record_id = payments.record_id AND o.id <> payments.id
                  AND o.state IN ('queued', 'processing', 'succeeded'))
              RETURNING id, record_id
            )${record}${followUpsOf('adopted')}`,
        ),
      ];
    }),
  ) as Record<PaymentKind, ReturnType<typeof preparedStatement>>,
  /** Per kind: the payor of a payment whose row the caller holds, from its record's table. */
  payorOf: Object.fromEntries(
    PAYMENT_KINDS.map((kind) => [
      kind,
      preparedStatement(
        `ledger_payor_${kind}`,
        sql`SELECT first_name AS payor_first_name, last_name AS payor_last_name, email AS payor_email,
            phone AS payor_phone
          FROM ${RECORDS[kind].table} WHERE id = ${$('recordId')}`,
      ),
    ]),
  ) as Record<PaymentKind, ReturnType<typeof preparedStatement>>,
  /**
   * The record takes its paid status, and, for the kinds in PAID_EMAILS, its holder's e-mail is
   * queued in the same statement (the outbound row, once per kind and record, and its outbox row;
   * as queueEmails in shared/platform/src/jobs/email-queue.ts does it for a transaction).
   */
  completeRecord: preparedStatement(
    'ledger_complete_record',
    sql`WITH p AS (
        SELECT id, kind, record_id, state, provider_transaction_id FROM ${payments} WHERE id = ${$('id')}
      )${sql.join(
        RECORD_TABLES.map(
          ({ table, name, alias, kinds }) => sql`, ${sql.raw(alias)} AS (
            UPDATE ${table} SET status = ${paidStatusCase(kinds)}, pay_theory_payment_id = p.provider_transaction_id${
              // A paid registration keeps its place for good: its hold ends (docs/decisions/022).
              sql.raw(name === 'event_registrations' ? ', place_held_until = NULL' : '')
            }
            FROM p
            WHERE ${table}.id = p.record_id AND ${sql.raw(kindsIn('p.kind', kinds))} AND p.state = 'succeeded'
              AND p.provider_transaction_id IS NOT NULL AND ${table}.status = 'pending'
            RETURNING ${table}.id, ${table}.email
          )`,
        ),
      )}, moved AS (
        ${sql.raw(RECORD_TABLES.map(({ alias }) => `SELECT id, email FROM ${alias}`).join(' UNION ALL '))}
      ), emailed AS (
        INSERT INTO ${outboundEmails} (id, kind, subject_id, recipient)
        SELECT ${$('emailId')}::uuid, e.email_kind, moved.id, lower(moved.email)
        FROM moved, p, (VALUES ${PAID_EMAILS}) AS e(payment_kind, email_kind)
        WHERE e.payment_kind = p.kind
        ON CONFLICT (kind, subject_id) WHERE subject_id IS NOT NULL DO NOTHING
        RETURNING id
      ), queued AS (
        INSERT INTO outbox (queue, job_name, job_id, payload)
        SELECT j.queue, j.job_name, j.job_id, j.payload
        FROM emailed, jsonb_to_record(${$('job')}::jsonb) AS j(queue text, job_name text, job_id text, payload jsonb)
        RETURNING id, queue, job_name, job_id, payload
      )
      SELECT p.state = 'succeeded' AND p.provider_transaction_id IS NOT NULL AS succeeded,
        (SELECT count(*) FROM moved) AS moved,
        (SELECT jsonb_agg(jsonb_build_object('id', id, 'queue', queue, 'jobName', job_name, 'jobId', job_id,
          'payload', payload)) FROM queued) AS outbox
      FROM p`,
  ),
};

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
   * Marks the charge succeeded, queues its follow-ups and wakes the long-polls, in one statement:
   * the outbox rows and the notification exist exactly when the payment became succeeded. The
   * notification carries the new status (settledNotice), so a long-poll answers without a read.
   */
  async succeed(payment: Payment, settled: Settled): Promise<void> {
    const [raw] = await STATEMENTS.succeed(this.db, successValues(payment, settled));
    if (!raw) return;
    this.logger.info({ paymentId: payment.id, kind: payment.kind }, 'payment succeeded');
    await this.publish(payment.id, (raw.outbox ?? []) as OutboxRow[]);
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
      await this.publish(payment.id, (raw.outbox ?? []) as OutboxRow[]);
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
    // The id of the e-mail the statement may queue, so its outbox row's job id is known beforehand.
    const emailId = randomUUID();
    const { queue, jobName, jobId, payload } = outboxValuesOf({ job: JOBS.sendEmail, emailId });
    const [raw] = await STATEMENTS.completeRecord(this.db, {
      id: paymentId,
      emailId,
      job: JSON.stringify({ queue, job_name: jobName, job_id: jobId, payload }),
    });
    if (!raw) return 'not-found';
    if (raw.succeeded !== true) return 'not-succeeded';
    await this.publish(paymentId, (raw.outbox ?? []) as OutboxRow[]);
    return Number(raw.moved) > 0 ? 'completed' : 'not-pending';
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
  const jobs = [JOBS.updateStatus, JOBS.recordTransaction]
    .map((job) => outboxValuesOf({ job, paymentId: payment.id }))
    .map(({ queue, jobName, jobId, payload }) => ({ queue, job_name: jobName, job_id: jobId, payload }));
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

/** The record's paid status by payment kind (RECORDS), for the kinds whose records share one table. */
function paidStatusCase(kinds: readonly PaymentKind[]): SQL {
  const cases = kinds.map((kind) => `WHEN ${literal(kind)} THEN ${literal(RECORDS[kind].paidStatus)}`);
  return sql.raw(`CASE p.kind ${cases.join(' ')} END`);
}
