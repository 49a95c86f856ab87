import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  type Database,
  type PaymentKind,
  type RefundState,
  type Tx,
  outbox,
  payments,
  refunds,
  transactions,
} from '@pillars/platform/db';
import { JOBS, type OutboxRow, outboxValuesOf, queueEmails } from '@pillars/platform/jobs';
import type { ProviderChargeState, Reversal } from './provider';
import { chargeStateSet, stateAfterReversal, storedChargeState } from './charge-state';
import { RECORDS } from './ledger';
import { CHARGE_ROW_STATUS, REFUND_ROW_STATUS } from './transaction-rows';
import { releasePlaces } from './places';

/**
 * Refunds an admin asks for (docs/decisions/019): a `refunds` row moved queued → processing →
 * succeeded|failed by the `refund` job, like a payment by its charge job. Every transition is one
 * conditional statement, so a replayed job changes nothing; the one that succeeds also writes the
 * refund's `transactions` row, the record's status (recordStatusAfterRefund) and the refund-receipt
 * e-mail, in one transaction.
 */

export type Refund = typeof refunds.$inferSelect;

/** Why a refund cannot be asked for; each is a clear answer to the admin (400, 404 or 409). */
export type RefundRefusal =
  | { reason: 'charge-not-found' }
  | { reason: 'not-refundable' }
  | { reason: 'in-progress' }
  | { reason: 'amount'; refundableCents: number };

export type RefundRequest = { refunded: false; refusal: RefundRefusal } | { refunded: true; refund: RequestedRefund };

export interface RequestedRefund {
  id: string;
  paymentId: string;
  state: RefundState;
  amountCents: number;
  outboxRows: OutboxRow[];
}

const IN_FLIGHT = sql.raw(`('queued', 'processing')`);

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const int = (value: unknown): number => Number(value ?? 0);
const dateOrNull = (value: unknown): Date | null =>
  value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;

/**
 * SQL over the charge row aliased `c`: what it has left to refund, i.e. its amount less its
 * succeeded refunds and the one refund in flight (at most one, by refunds_one_in_flight_per_charge).
 */
export const GIVEN_BACK = sql`(SELECT coalesce(sum(r.amount_cents), 0) FROM ${refunds} r
  WHERE r.charge_row_id = c.id AND (r.state = 'succeeded' OR r.state IN ${IN_FLIGHT}))`;

/**
 * Asks for `amountCents` of a charge back, inside the caller's transaction (with its audit entry),
 * in one statement: the charge row must be a `completed` charge with a provider transaction, the
 * amount at most what is left of it, and no other refund of it in flight; then the `refunds` row
 * and its outbox row are written together. A concurrent request for the same charge waits on the
 * unique index and then writes nothing (answered as in progress).
 */
export async function requestRefund(
  tx: Pick<Database, 'execute'>,
  input: {
    chargeRowId: string;
    amountCents: number;
    requestedBy: string;
    reason: string | null;
    /** The event whose cancellation asks for it (event-cancellation.ts); at most one per charge. */
    cancelledEventId?: string;
  },
): Promise<RefundRequest> {
  const id = randomUUID();
  const job = outboxValuesOf({ job: JOBS.refund, refundId: id });
  const { rows } = await tx.execute(sql`WITH c AS (
      SELECT t.id, t.payment_id, t.provider_transaction_id, t.amount,
        t.status = ${CHARGE_ROW_STATUS} AND t.refund_of IS NULL AND t.payment_id IS NOT NULL
          AND t.provider_transaction_id IS NOT NULL AS refundable_row
      FROM ${transactions} t WHERE t.id = ${input.chargeRowId}
    ), ok AS (
      SELECT c.*, c.amount - ${GIVEN_BACK} AS refundable,
        EXISTS (SELECT 1 FROM ${refunds} r WHERE r.charge_row_id = c.id AND r.state IN ${IN_FLIGHT}) AS in_flight
      FROM c
    ), inserted AS (
      INSERT INTO ${refunds} (id, payment_id, charge_row_id, provider_transaction_id, amount_cents, requested_by, reason,
        cancelled_event_id)
      -- The amount, never above what is left (the WHERE makes them equal), so no request value,
      -- however large, is cast to integer before it is checked.
      SELECT ${id}::uuid, ok.payment_id, ok.id, ok.provider_transaction_id,
        LEAST(${input.amountCents}::bigint, ok.refundable)::int,
        ${input.requestedBy}, ${input.reason}, ${input.cancelledEventId ?? null}::uuid
      FROM ok
      WHERE ok.refundable_row AND NOT ok.in_flight AND ${input.amountCents}::bigint BETWEEN 1 AND ok.refundable
      ON CONFLICT DO NOTHING
      RETURNING id, payment_id, state, amount_cents
    ), queued AS (
      INSERT INTO ${outbox} (queue, job_name, job_id, payload)
      SELECT ${job.queue}, ${job.jobName}, ${job.jobId}, ${JSON.stringify(job.payload)}::jsonb FROM inserted
      RETURNING id, queue, job_name, job_id, payload
    )
    SELECT ok.refundable, ok.in_flight, ok.refundable_row,
      (SELECT row_to_json(inserted) FROM inserted) AS refund,
      (SELECT row_to_json(queued) FROM queued) AS outbox
    FROM ok`);
  const [row] = rows;
  if (!row) return { refunded: false, refusal: { reason: 'charge-not-found' } };
  const inserted = row.refund as { id: string; payment_id: string; state: RefundState; amount_cents: number } | null;
  const queued = row.outbox as { id: number; queue: string; job_name: string; job_id: string; payload: unknown } | null;
  if (inserted && queued) {
    return {
      refunded: true,
      refund: {
        id: inserted.id,
        paymentId: inserted.payment_id,
        state: inserted.state,
        amountCents: inserted.amount_cents,
        outboxRows: [
          {
            id: queued.id,
            queue: queued.queue,
            jobName: queued.job_name,
            jobId: queued.job_id,
            payload: queued.payload,
          },
        ],
      },
    };
  }
  if (row.refundable_row !== true) return { refunded: false, refusal: { reason: 'not-refundable' } };
  // In flight when read, or a concurrent request committed first (the unique index refused ours).
  const refundable = int(row.refundable);
  const amountFits = input.amountCents >= 1 && input.amountCents <= refundable;
  if (row.in_flight === true || amountFits) {
    return { refunded: false, refusal: { reason: 'in-progress' } };
  }
  return { refunded: false, refusal: { reason: 'amount', refundableCents: Math.max(0, refundable) } };
}

/** A refund claimed for an attempt, with what the attempt needs to decide. */
export interface RefundClaim {
  refund: Refund;
  /**
   * What this charge's earlier refunds gave back of the same provider transaction (succeeded
   * `refunds` rows, this one excluded).
   */
  succeededBeforeCents: number;
}

/**
 * The record's status after a refund succeeded (docs/decisions/019), or null to leave it: a
 * one-time contribution or a registration given back whole is `cancelled`; a partial refund, and
 * any refund of a monthly plan's charge (a membership or a monthly donation: the plan goes on
 * until it is cancelled on its own), leaves the record as it is. Only a record still in its paid
 * status (RECORDS) or confirmed moves, so an admin's later status is never overwritten.
 */
export function recordStatusAfterRefund(kind: PaymentKind, fullyRefunded: boolean): string | null {
  if (!fullyRefunded) return null;
  return kind === 'donation' || kind === 'registration' ? 'cancelled' : null;
}

/** The statuses a record may leave for recordStatusAfterRefund's. */
const statusesLeftOnRefund = (kind: PaymentKind) => [RECORDS[kind].paidStatus, 'confirmed'];

export type RefundSettled = 'succeeded' | 'already-settled';

/** The refund ledger's transitions, each one conditional statement (ADR 007, docs/decisions/019). */
export class RefundLedger {
  constructor(private readonly db: Database) {}

  /** Claims a queued or processing refund for an attempt; undefined when it is settled (or unknown). */
  async begin(refundId: string, at: Date): Promise<RefundClaim | undefined> {
    const [row] = await this.db
      .update(refunds)
      .set({ state: 'processing', attempts: sql`${refunds.attempts} + 1`, updatedAt: at })
      .where(and(eq(refunds.id, refundId), inArray(refunds.state, ['queued', 'processing'])))
      .returning({
        ...getTableColumns(refunds),
        // Only those of the same provider transaction: a partial void moved the charge to its
        // replacement, whose own figures at the provider start afresh.
        succeededBefore: sql<string>`(SELECT coalesce(sum(r.amount_cents), 0) FROM ${refunds} r
          WHERE r.charge_row_id = "refunds"."charge_row_id" AND r.state = 'succeeded'
            AND r.provider_transaction_id = "refunds"."provider_transaction_id")`,
      });
    if (!row) return undefined;
    const { succeededBefore, ...refund } = row;
    return { refund, succeededBeforeCents: int(succeededBefore) };
  }

  /**
   * Records the first send, committed before the request goes out: from now on the provider may
   * hold this refund, so every later attempt reads the charge before sending again. `before` is
   * what the charge had given back then. False when another attempt recorded it first.
   */
  async recordFirstSend(refundId: string, beforeCents: number, at: Date): Promise<boolean> {
    const { rows } = await this.db.execute(sql`UPDATE ${refunds}
      SET last_sent_at = ${at.toISOString()}::timestamptz, provider_refunded_before_cents = ${beforeCents}::int,
        updated_at = ${at.toISOString()}::timestamptz
      WHERE id = ${refundId} AND state = 'processing' AND last_sent_at IS NULL
      RETURNING id`);
    return rows.length > 0;
  }

  /** A refund sent again after a read past the visibility window found it not made: recorded first. */
  async recordResend(refundId: string, at: Date): Promise<void> {
    const { rows } = await this.db.execute(sql`UPDATE ${refunds}
      SET last_sent_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
      WHERE id = ${refundId} AND state = 'processing'
      RETURNING id`);
    if (rows.length === 0) throw new Error(`refund ${refundId} was settled meanwhile`);
  }

  /** The provider ids of the reversals this charge's refunds already recorded. */
  async providerRefundIdsOf(chargeRowId: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ id: refunds.providerRefundId })
      .from(refunds)
      .where(and(eq(refunds.chargeRowId, chargeRowId), isNotNull(refunds.providerRefundId)));
    return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
  }

  /** Final failure with a message for the admin; only a refund still in flight. */
  async fail(refundId: string, message: string): Promise<boolean> {
    const { rows } = await this.db.execute(sql`UPDATE ${refunds}
      SET state = 'failed', failure_message = ${message}, updated_at = now()
      WHERE id = ${refundId} AND state IN ${IN_FLIGHT}
      RETURNING id`);
    return rows.length > 0;
  }

  /**
   * The provider made the refund (or void): in one transaction, the refund becomes succeeded with
   * its `transactions` row (status `refunded`, the refunded cents, no fee: docs/decisions/019), the
   * charge row takes its state after the reversal (stateAfterReversal), a partial void moves the
   * charge (its row, its payment and its record) to the replacement transaction and leaves the
   * voided id on the refund's row, the record takes recordStatusAfterRefund's status, and the
   * refund receipt is queued once. Returns the outbox rows to publish now; 'already-settled' when a
   * replay finds it done.
   */
  async succeed(
    refundId: string,
    reversal: Reversal,
    replacementState?: ProviderChargeState | null,
  ): Promise<{ settled: RefundSettled; outboxRows: OutboxRow[] }> {
    return this.db.transaction(async (tx) => {
      const rowId = randomUUID();
      const replacement = reversal.isVoid ? reversal.replacementTransactionId : null;
      const { rows } = await tx.execute(sql`WITH r AS (
          UPDATE ${refunds} SET state = 'succeeded', provider_refund_id = ${reversal.refundId},
            is_void = ${reversal.isVoid}, replacement_transaction_id = ${replacement},
            failure_message = NULL, updated_at = now()
          WHERE id = ${refundId} AND state = 'processing'
          RETURNING *
        )
        SELECT r.id, r.charge_row_id, r.payment_id, r.provider_transaction_id AS voided_id, r.amount_cents,
          c.amount AS charge_cents, c.buyer_email, c.provider_status, c.provider_settled, c.settlement_batch,
          c.review_flag, p.kind, p.record_id,
          (SELECT coalesce(sum(x.amount_cents), 0) FROM ${refunds} x
            WHERE x.charge_row_id = r.charge_row_id AND x.state = 'succeeded') + r.amount_cents AS refunded_cents
        FROM r JOIN ${transactions} c ON c.id = r.charge_row_id JOIN ${payments} p ON p.id = r.payment_id`);
      const [row] = rows;
      if (!row) return { settled: 'already-settled' as const, outboxRows: [] };
      const kind = row.kind as PaymentKind;
      const recordId = text(row.record_id) ?? '';
      const chargeRowId = String(row.charge_row_id);
      const voidedId = String(row.voided_id);
      const fullyRefunded = int(row.refunded_cents) >= int(row.charge_cents);
      const { table } = RECORDS[kind];
      const after = stateAfterReversal(
        storedChargeState(row),
        { isVoid: reversal.isVoid, replacement: replacement !== null, fullyGivenBack: fullyRefunded },
        replacementState,
      );
      // The charge row first: a partial void's voided id moves from it to the refund row (both unique).
      await tx.execute(sql`UPDATE ${transactions} SET ${chargeStateSet(after, new Date())}
        ${replacement ? sql`, provider_transaction_id = ${replacement}` : sql``}
        WHERE id = ${chargeRowId}::uuid`);
      if (replacement) {
        // Later lookups, duplicate checks and webhooks know the charge by its replacement's id.
        await tx.execute(sql`UPDATE ${payments} SET provider_transaction_id = ${replacement}, updated_at = now()
          WHERE id = ${String(row.payment_id)}::uuid AND provider_transaction_id = ${voidedId}`);
        await tx.execute(sql`UPDATE ${table} SET pay_theory_payment_id = ${replacement}
          WHERE id = ${recordId} AND pay_theory_payment_id = ${voidedId}`);
      }
      // A refund's row carries its reversal's id; a partial void's the voided charge's (now off the
      // charge row); a full void's none, the charge row keeps the voided id.
      const refundRowProviderId = reversal.isVoid ? (replacement ? voidedId : null) : reversal.refundId;
      await tx.execute(sql`INSERT INTO ${transactions} (id, donation_id, amount, fees, status, payment_method,
          payment_provider, provider_transaction_id, buyer_email, buyer_name, metadata, payment_id, refund_of,
          provider_status, provider_state_at)
        SELECT ${rowId}::uuid, c.donation_id, ${int(row.amount_cents)}::int, 0, ${REFUND_ROW_STATUS}, c.payment_method,
          c.payment_provider, NULLIF(${refundRowProviderId}::text, c.provider_transaction_id), c.buyer_email,
          c.buyer_name,
          CASE WHEN c.metadata IS NULL THEN NULL
            ELSE (c.metadata::jsonb || jsonb_build_object('paymentState', 'REFUNDED'))::text END,
          c.payment_id, c.id, ${reversal.isVoid ? 'VOIDED' : null}::text, now()
        FROM ${transactions} c WHERE c.id = ${chargeRowId}::uuid`);
      await tx.execute(sql`UPDATE ${refunds} SET refund_row_id = ${rowId}::uuid WHERE id = ${refundId}`);
      const next = recordStatusAfterRefund(kind, fullyRefunded);
      if (next === 'cancelled' && kind === 'registration') {
        // A registration given back whole stops holding its place (docs/decisions/022).
        await releasePlaces(
          tx,
          sql`SELECT id FROM ${table} WHERE id = ${recordId} AND status IN (${sql.join(
            statusesLeftOnRefund(kind).map((status) => sql`${status}`),
            sql`, `,
          )})`,
        );
      } else if (next) {
        await tx.execute(sql`UPDATE ${table} SET status = ${next}
          WHERE id = ${recordId} AND status IN (${sql.join(
            statusesLeftOnRefund(kind).map((status) => sql`${status}`),
            sql`, `,
          )})`);
      }
      const recipient = text(row.buyer_email) ?? (await emailOf(tx, table, recordId));
      const outboxRows = recipient
        ? await queueEmails(tx, [{ kind: 'refund-receipt', subjectId: refundId, recipient }])
        : [];
      return { settled: 'succeeded' as const, outboxRows };
    });
  }
}

async function emailOf(tx: Tx, table: (typeof RECORDS)[PaymentKind]['table'], recordId: string) {
  const { rows } = await tx.execute(sql`SELECT email FROM ${table} WHERE id = ${recordId}`);
  return text(rows[0]?.email);
}

/** A charge of a payment with what may still be refunded of it (GIVEN_BACK, the rule requestRefund checks). */
export interface ChargeOfPayment {
  id: string;
  amountCents: number;
  providerTransactionId: string | null;
  buyerName: string;
  createdAt: Date;
  refundableCents: number;
  state: ProviderChargeState | null;
  stateReadAt: Date | null;
}

/** The money a payment took (its `completed` charge rows, oldest first), each with its refundable cents. */
export async function chargesOfPayment(db: Pick<Database, 'execute'>, paymentId: string): Promise<ChargeOfPayment[]> {
  const { rows } = await db.execute(sql`SELECT c.id, c.amount, c.provider_transaction_id, c.buyer_name, c.created_at,
      GREATEST(c.amount - ${GIVEN_BACK}, 0) AS refundable, c.provider_status, c.provider_settled, c.settlement_batch,
      c.review_flag, c.provider_state_at
    FROM ${transactions} c
    WHERE c.payment_id = ${paymentId} AND c.status = ${CHARGE_ROW_STATUS} AND c.refund_of IS NULL
    ORDER BY c.created_at, c.id`);
  return rows.map((row) => ({
    id: String(row.id),
    amountCents: int(row.amount),
    providerTransactionId: text(row.provider_transaction_id),
    buyerName: text(row.buyer_name) ?? '',
    createdAt: new Date(String(row.created_at)),
    refundableCents: int(row.refundable),
    state: storedChargeState(row),
    stateReadAt: dateOrNull(row.provider_state_at),
  }));
}
