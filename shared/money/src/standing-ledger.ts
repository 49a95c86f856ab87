import { type SQL, sql } from 'drizzle-orm';
import {
  type Database,
  OPEN_DISPUTE_STATUSES,
  PAYMENT_KINDS,
  type PaymentKind,
  disputes,
  payments,
  refunds,
  transactions,
} from '@pillars/platform/db';
import { RECORDS, UNCLEAR_FAILURES } from './ledger';
import { type Standing, mayReadDeclined, recordStanding } from './standing';
import { CHARGE_ROW_STATUS, REFUND_ROW_STATUS } from './transaction-rows';

/**
 * The ledger's facts of records, read for recordStanding (docs/decisions/052-what-a-record-says.md):
 * one statement for a batch of records (a page, an export batch, a donor's records), each fact a
 * lookup on the indexes of its record's payments (`payments_record_idx`), their `transactions` rows
 * (`transactions_payment_ledger_idx`: the charges received and the refunds given, each a row of
 * its own, docs/decisions/017 and 019) and disputes (`disputes_payment_id_idx`).
 */

/** A record to read: the payment kinds its payments have, its id and, when the caller has it, its stored status. */
export interface RecordRef {
  kinds: readonly PaymentKind[];
  id: string;
  status?: string | undefined;
}

const OPEN = sql.raw(`ARRAY[${OPEN_DISPUTE_STATUSES.map((s) => `'${s}'`).join(', ')}]::text[]`);
/**
 * A refund's ledger row that was a void is marked with Pay Theory's VOIDED (RefundLedger.succeed,
 * docs/decisions/019): the money was never taken rather than sent back.
 */
const VOIDED = 'VOIDED';
const UNCLEAR = sql.raw(`ARRAY[${[...UNCLEAR_FAILURES].map((s) => `'${s}'`).join(', ')}]::text[]`);

/** SQL: the record's payments, for a record whose payment kinds are `kinds` (text[]) and id `id`. */
const ofRecord = (kinds: SQL, id: SQL) => sql`p.kind = ANY (${kinds}) AND p.record_id = ${id}`;

/**
 * SQL over a payment aliased `p`: it failed by a decline, the provider's no, as opposed to a failure
 * for want of an answer (UNCLEAR_FAILURES), which may yet be found charged.
 */
const failedByDecline = sql`(p.state = 'failed' AND NOT (coalesce(p.failure_code, '') = ANY (${UNCLEAR})))`;

/**
 * SQL: the record's newest payment failed by a decline (failedByDecline). The list's Declined
 * filter asks it; standingsOf reads the same of each record's newest payment.
 */
export function declinedSql(kinds: SQL, id: SQL): SQL {
  return sql`coalesce((SELECT ${failedByDecline}
      FROM ${payments} p WHERE ${ofRecord(kinds, id)} ORDER BY p.created_at DESC, p.id DESC LIMIT 1), false)`;
}

/** SQL text[] of payment kinds, as declinedSql and the facts statement take them. */
export const kindsArraySql = (kinds: readonly PaymentKind[]): SQL =>
  sql.raw(`ARRAY[${kinds.map((kind) => `'${kind}'`).join(', ')}]::text[]`);

/** Each record table's stored status, for a record read without one (by its kinds, from RECORDS). */
const STORED_STATUS = sql.join(
  [...new Set(PAYMENT_KINDS.map((kind) => RECORDS[kind].table))].map((table) => {
    const kinds = PAYMENT_KINDS.filter((kind) => RECORDS[kind].table === table);
    return sql`WHEN r.kinds && ${kindsArraySql(kinds)} THEN (SELECT s.status FROM ${table} s WHERE s.id = r.id)`;
  }),
  sql` `,
);

type FactsRow = {
  id: string;
  status: string | null;
  charged: string;
  refunded: string;
  voided: string;
  dispute_open: boolean;
  declined: boolean;
};

/** The standing of each record, by its id (record ids are random UUIDs, unique across the record tables). */
export async function standingsOf(
  db: Pick<Database, 'execute'>,
  records: readonly RecordRef[],
): Promise<Map<string, Standing>> {
  if (records.length === 0) return new Map();
  const input = JSON.stringify(
    records.map((record) => ({ kinds: record.kinds.join(' '), id: record.id, status: record.status ?? null })),
  );
  // The ledger rows older than payment_id name their donation instead of a payment.
  const olderDonationRows = sql`CASE WHEN 'donation' = ANY (r.kinds) THEN (SELECT coalesce(sum(t.amount), 0)
      FROM ${transactions} t WHERE t.payment_id IS NULL AND t.donation_id = r.id
        AND t.status = ${CHARGE_ROW_STATUS} AND t.refund_of IS NULL) ELSE 0 END`;
  // Each record's payments are found once (payments_record_idx), then their ledger rows and
  // disputes by payment, and each record's newest payment: a batch of records costs a pass over
  // their payments rather than one lookup per fact and record.
  const { rows } = await db.execute<FactsRow>(sql`WITH r AS MATERIALIZED (
      SELECT string_to_array(j.kinds, ' ') AS kinds, j.id, j.status
      FROM jsonb_to_recordset(${input}::jsonb) AS j(kinds text, id uuid, status text)
    ), rp AS MATERIALIZED (
      SELECT r.id AS record_id, p.id, p.created_at, ${failedByDecline} AS declined
      FROM r JOIN ${payments} p ON ${ofRecord(sql`r.kinds`, sql`r.id`)}
    ), ledger AS (
      SELECT rp.record_id,
        sum(t.amount) FILTER (WHERE t.status = ${CHARGE_ROW_STATUS} AND t.refund_of IS NULL) AS charged,
        sum(t.amount) FILTER (WHERE t.status = ${REFUND_ROW_STATUS}) AS refunded,
        sum(t.amount) FILTER (WHERE t.status = ${REFUND_ROW_STATUS} AND t.provider_status = ${VOIDED}) AS voided
      FROM rp JOIN ${transactions} t ON t.payment_id = rp.id
      GROUP BY rp.record_id
    ), contested AS (
      SELECT DISTINCT rp.record_id FROM rp JOIN ${disputes} d ON d.payment_id = rp.id
      WHERE d.status = ANY (${OPEN})
    ), newest AS (
      SELECT DISTINCT ON (rp.record_id) rp.record_id, rp.declined FROM rp
      ORDER BY rp.record_id, rp.created_at DESC, rp.id DESC
    )
    SELECT r.id::text AS id, coalesce(r.status, CASE ${STORED_STATUS} END) AS status,
      (coalesce(ledger.charged, 0) + ${olderDonationRows})::bigint::text AS charged,
      coalesce(ledger.refunded, 0)::bigint::text AS refunded, coalesce(ledger.voided, 0)::bigint::text AS voided,
      contested.record_id IS NOT NULL AS dispute_open, coalesce(newest.declined, false) AS declined
    FROM r
    LEFT JOIN ledger ON ledger.record_id = r.id
    LEFT JOIN contested ON contested.record_id = r.id
    LEFT JOIN newest ON newest.record_id = r.id`);
  return new Map(
    rows.map((row) => [
      row.id,
      recordStanding({
        status: row.status ?? 'pending',
        chargedCents: Number(row.charged),
        refundedCents: Number(row.refunded),
        voidedCents: Number(row.voided),
        disputeOpen: row.dispute_open === true,
        declined: row.declined === true,
      }),
    ]),
  );
}

/** The standing of one record; a record the ledger never heard of stands at its stored status. */
export async function standingOf(db: Pick<Database, 'execute'>, record: RecordRef): Promise<Standing> {
  const standing = (await standingsOf(db, [record])).get(record.id);
  if (!standing) throw new Error(`record ${record.id} not read`);
  return standing;
}

/**
 * SQL: the records (`kind`, `record_id`) the ledger gives a state of its own over their stored status
 * other than a decline: a refund or void given (a refund row, which RefundLedger always writes with
 * the charge it gives back in `refund_of`, so it is read on the partial index
 * `transactions_refund_of_idx`) or a dispute open. Few beside the records: refunds and disputes are rare.
 */
const RESTATED_RECORDS = sql`
    SELECT p.kind, p.record_id::text AS record_id FROM ${transactions} t JOIN ${payments} p ON p.id = t.payment_id
      WHERE t.refund_of IS NOT NULL AND t.status = ${REFUND_ROW_STATUS}
    UNION
    SELECT p.kind, p.record_id::text FROM ${disputes} d JOIN ${payments} p ON p.id = d.payment_id
      WHERE d.status = ANY (${OPEN})`;

/**
 * The records the ledger gives a state of its own over their stored status (a refund or void
 * given, or an open dispute: RESTATED_RECORDS), each with its standing, so the list's state filters
 * read them first and pass their ids as values, as they do a payment reference's (docs/decisions/035).
 */
export async function recordsWithLedgerStates(
  db: Pick<Database, 'execute'>,
): Promise<{ kind: PaymentKind; recordId: string; standing: Standing }[]> {
  const { rows } = await db.execute<{ kind: PaymentKind; record_id: string }>(RESTATED_RECORDS);
  const kindsOf = (kind: PaymentKind) => PAYMENT_KINDS.filter((k) => RECORDS[k].table === RECORDS[kind].table);
  const standings = await standingsOf(
    db,
    rows.map((row) => ({ kinds: kindsOf(row.kind), id: row.record_id })),
  );
  return rows.flatMap((row) => {
    const standing = standings.get(row.record_id);
    return standing ? [{ kind: row.kind, recordId: row.record_id, standing }] : [];
  });
}

/**
 * The state of each record of a large batch (the admin's newest 10,000), reading the ledger
 * (standingsOf) only for the records it can read otherwise than their stored status: those of
 * RESTATED_RECORDS, and those whose stored status may read declined (mayReadDeclined) and whose
 * newest payment was declined (declinedSql, one lookup on `payments_record_idx` each). Every other
 * record stands at its stored status (recordStanding), so the batch costs one indexed read of the
 * few restated records, one of the pending and failed records' newest payments, and the facts of
 * the few left, instead of the facts of every record.
 */
export async function statesOf(
  db: Pick<Database, 'execute'>,
  records: readonly (RecordRef & { status: string })[],
): Promise<Map<string, string>> {
  if (records.length === 0) return new Map();
  const restated = new Set(
    (await db.execute<{ record_id: string }>(RESTATED_RECORDS)).rows.map((row) => row.record_id),
  );
  const undecided = records.filter((record) => !restated.has(record.id) && mayReadDeclined(record.status));
  const declined = new Set<string>();
  if (undecided.length > 0) {
    const input = JSON.stringify(undecided.map((record) => ({ kinds: record.kinds.join(' '), id: record.id })));
    const { rows } = await db.execute<{ id: string }>(sql`SELECT r.id::text AS id
        FROM jsonb_to_recordset(${input}::jsonb) AS r(kinds text, id uuid)
       WHERE ${declinedSql(sql`string_to_array(r.kinds, ' ')`, sql`r.id`)}`);
    for (const row of rows) declined.add(row.id);
  }
  const standings = await standingsOf(
    db,
    records.filter((record) => restated.has(record.id) || declined.has(record.id)),
  );
  return new Map(records.map((record) => [record.id, standings.get(record.id)?.state ?? record.status]));
}

/**
 * One charge's standing as a refund of it left it: its amount, and every succeeded refund or void of
 * it up to this one in the order they were asked for (compared in SQL, at the database's
 * microseconds, so the refund itself is never lost to a millisecond rounding), for the refund's
 * receipt. Undefined when the refund or its charge is gone.
 */
export async function chargeStandingAtRefund(
  db: Pick<Database, 'execute'>,
  refundId: string,
): Promise<Standing | undefined> {
  const { rows } = await db.execute<{ charged: number; refunded: string; voided: string }>(sql`
    SELECT c.amount AS charged, coalesce(sum(x.amount_cents), 0)::bigint::text AS refunded,
      coalesce(sum(x.amount_cents) FILTER (WHERE x.is_void), 0)::bigint::text AS voided
    FROM ${refunds} r JOIN ${transactions} c ON c.id = r.charge_row_id
    LEFT JOIN ${refunds} x ON x.charge_row_id = r.charge_row_id AND x.state = 'succeeded'
      AND (x.created_at, x.id) <= (r.created_at, r.id)
    WHERE r.id = ${refundId}
    GROUP BY c.amount`);
  const [row] = rows;
  if (!row) return undefined;
  return recordStanding({
    status: CHARGE_ROW_STATUS,
    chargedCents: Number(row.charged),
    refundedCents: Number(row.refunded),
    voidedCents: Number(row.voided),
    disputeOpen: false,
    declined: false,
  });
}
