import { type SQL, getTableColumns, getTableName, sql } from 'drizzle-orm';
import {
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
import type { Payor } from './provider';

/**
 * The charge ledger's SQL (ADR 007 and 010): where each kind of payment's record lives, and the
 * statements PaymentLedger (ledger.ts) runs, each one transition with its jobs and notification.
 */

type Payment = typeof payments.$inferSelect;

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

/** One prepared statement per payment kind, built from the kind and its record's table and rules (RECORDS). */
function perKind(
  build: (kind: PaymentKind, record: (typeof RECORDS)[PaymentKind]) => ReturnType<typeof preparedStatement>,
): Record<PaymentKind, ReturnType<typeof preparedStatement>> {
  return Object.fromEntries(PAYMENT_KINDS.map((kind) => [kind, build(kind, RECORDS[kind])])) as Record<
    PaymentKind,
    ReturnType<typeof preparedStatement>
  >;
}

const PAYMENT_COLUMNS = Object.entries(getTableColumns(payments));

/** A payments row as PostgreSQL returns it (column names, driver values) → Payment. */
export function paymentFrom(raw: RawRow): Payment {
  return Object.fromEntries(
    PAYMENT_COLUMNS.map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as Payment;
}

/** The payor columns of PAYOR_COLUMNS → Payor; null when the payment's record is missing. */
export function payorFrom(raw: RawRow): Payor | null {
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
export const iso = (at: Date) => at.toISOString();

/**
 * The tail of a statement that made a payment succeeded (the CTE `source`, the payments row when
 * it did): its follow-up jobs (the `jobs` parameter) into the outbox, the settled notification,
 * the outbox rows returned for publishing now, and the payment as it now is with its payor, so
 * its follow-up needs no read of its own.
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
      'payload', payload)) FROM queued) AS outbox,
    p.*, ${PAYOR_COLUMNS}
  FROM ${sql.raw(source)} p
  ${PAYOR_JOINS}`;

/**
 * The ledger's statements, each built once and prepared by name (see preparedStatement): they run
 * for every payment, so PostgreSQL parses and plans each once per connection.
 */
export const STATEMENTS = {
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
        RETURNING *
      )${followUpsOf('settled')}`,
  ),
  /** Per kind: the payment fails, and per RECORDS its pending record too. */
  fail: perKind((kind, { table, failRecord }) => {
    const failsRecord = failRecord
      ? sql`, record AS (
            UPDATE ${table} SET status = 'failed' FROM failed
            WHERE ${table}.id = failed.record_id AND ${table}.status = 'pending'
          )`
      : sql``;
    return preparedStatement(
      `ledger_fail_${kind}`,
      sql`WITH failed AS (
            UPDATE ${payments} SET state = 'failed', failure_code = ${$('code')}, failure_message = ${$('message')},
              recheck_after = COALESCE(${$('recheck')}::timestamptz, recheck_after), updated_at = now()
            WHERE id = ${$('id')} AND state IN ${UNSETTLED}
            RETURNING record_id
          )${failsRecord}
          SELECT pg_notify(${PAYMENT_SETTLED_CHANNEL}, ${$('notice')}) AS notified FROM failed`,
    );
  }),
  /**
   * Per kind: a failed payment whose charge the provider shows after all becomes succeeded, in one
   * statement (docs/decisions/010, amendment "failed is not final"), with the follow-ups a success
   * queues. Its record, failed with it (RECORDS' failRecord), is pending again, so complete-payment
   * completes it as for any success; a registration whose place was given back when its hold ran
   * out takes its place again, and the places' CHECK refuses that when the event is full
   * (docs/decisions/022). Nothing changes when another payment of the record is under way or
   * succeeded: the record is paid for, and this charge is a second one.
   */
  adopt: perKind((kind, { table, failRecord }) => {
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
    return preparedStatement(
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
            RETURNING *
          )${record}${followUpsOf('adopted')}`,
    );
  }),
  /** Per kind: the payor of a payment whose row the caller holds, from its record's table. */
  payorOf: perKind((kind, { table }) =>
    preparedStatement(
      `ledger_payor_${kind}`,
      sql`SELECT first_name AS payor_first_name, last_name AS payor_last_name, email AS payor_email,
            phone AS payor_phone
          FROM ${table} WHERE id = ${$('recordId')}`,
    ),
  ),
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

/** The record's paid status by payment kind (RECORDS), for the kinds whose records share one table. */
function paidStatusCase(kinds: readonly PaymentKind[]): SQL {
  const cases = kinds.map((kind) => `WHEN ${literal(kind)} THEN ${literal(RECORDS[kind].paidStatus)}`);
  return sql.raw(`CASE p.kind ${cases.join(' ')} END`);
}
