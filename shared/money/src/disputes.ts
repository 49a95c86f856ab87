import { type SQL, type SQLWrapper, and, eq, sql } from 'drizzle-orm';
import {
  writeAuditRow,
  DISPUTE_CHANGED_ACTION,
  DISPUTE_OPENED_ACTION,
  OPEN_DISPUTE_STATUSES,
  disputes,
  payments,
  transactions,
} from '@pillars/platform/db';
import type { Database, Tx } from '@pillars/platform/db';
import { type OutboxRow, queueEmails } from '@pillars/platform/jobs';
import type { CardProvider, ProviderDispute } from './provider';

/**
 * Disputes in the ledger (docs/decisions/047-disputes.md). recordProviderDispute is the one path by
 * which a dispute the provider shows reaches the `disputes` table, whoever found it: a DISPUTE
 * webhook re-fetched by the worker, or the reconciliation's comparison with the provider.
 */

export type DisputeRecordOutcome =
  /** A dispute not seen before: recorded, audited, and the organisation's contact address told. */
  | 'opened'
  /** A known dispute whose status or amount moved: updated and audited. */
  | 'changed'
  /** Nothing new (a redelivery, a second finder, or an answer older than the one recorded). */
  | 'unchanged'
  /** The disputed charge is not in the ledger: nothing recorded (the caller retries or reports it). */
  | 'unknown-charge';

export interface DisputeRecordResult {
  outcome: DisputeRecordOutcome;
  /** The `disputes` row, when the charge is known. */
  disputeRowId: string | null;
  paymentId: string | null;
  /** The send-email outbox rows to publish now (the relay publishes them otherwise). */
  outboxRows: OutboxRow[];
}

export interface RecordDisputeOptions {
  /** The provider's name, as on payments and transactions (`paytheory`). */
  provider: string;
  /** Who found it, the audit row's actor: `webhook` or `reconciliation`. */
  foundBy: string;
  /** The organisation's contact address (CONTACT_EMAIL): told when a dispute opens. */
  contactEmail: string;
}

/** Whether a dispute's status means the money is still contested. */
export const isOpenDispute = (status: string) => OPEN_DISPUTE_STATUSES.includes(status);

/** An ISO date-time the provider gave, or null when absent or unreadable. */
function instantOf(value: string | null): Date | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The payment and the `transactions` row of a provider charge: a recorded charge row first, else the payment itself. */
async function chargeOf(tx: Tx, transactionId: string) {
  const [row] = await tx
    .select({ chargeRowId: transactions.id, paymentId: transactions.paymentId })
    .from(transactions)
    .where(eq(transactions.providerTransactionId, transactionId))
    .limit(1);
  if (row?.paymentId) return { paymentId: row.paymentId, chargeRowId: row.chargeRowId };
  const [payment] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerTransactionId, transactionId))
    .limit(1);
  return payment ? { paymentId: payment.id, chargeRowId: row?.chargeRowId ?? null } : null;
}

/**
 * Records a dispute as the provider shows it now: inserted once per provider dispute id, updated in
 * place as its status moves, in one transaction with its audit row (and, when it opens, the
 * e-mail to the organisation's contact address, sent once per dispute by the outbox). Idempotent: a
 * redelivered webhook, a retried job or the reconciliation finding the same dispute change nothing.
 * An answer whose `updated_date` is older than the one recorded is stale and ignored, so two
 * finders racing cannot move a closed dispute back to open.
 *
 * For the reconciliation: call it with each dispute the provider lists for a charge it matched.
 */
export async function recordProviderDispute(
  db: Database,
  dispute: ProviderDispute,
  options: RecordDisputeOptions,
): Promise<DisputeRecordResult> {
  return db.transaction(async (tx) => {
    const charge = await chargeOf(tx, dispute.transactionId);
    if (!charge) return { outcome: 'unknown-charge', disputeRowId: null, paymentId: null, outboxRows: [] };
    const actor = { userId: null, label: options.foundBy };
    const values = {
      status: dispute.status,
      amountCents: dispute.amountCents,
      reason: dispute.reason,
      reasonMessage: dispute.reasonMessage,
      disputedAt: instantOf(dispute.disputeDate),
      evidenceDueAt: instantOf(dispute.expirationDate),
      providerUpdatedAt: instantOf(dispute.updatedDate),
    };
    const recorded = { ...values, providerDisputeId: dispute.disputeId, transactionId: dispute.transactionId };

    const [inserted] = await tx
      .insert(disputes)
      .values({
        provider: options.provider,
        providerDisputeId: dispute.disputeId,
        providerTransactionId: dispute.transactionId,
        paymentId: charge.paymentId,
        chargeRowId: charge.chargeRowId,
        ...values,
      })
      .onConflictDoNothing({ target: [disputes.provider, disputes.providerDisputeId] })
      .returning({ id: disputes.id });
    if (inserted) {
      await writeAuditRow(tx, actor, {
        action: DISPUTE_OPENED_ACTION,
        entityType: 'payment',
        entityId: charge.paymentId,
        after: recorded,
      });
      const outboxRows = await queueEmails(tx, [
        { kind: 'dispute-opened', subjectId: inserted.id, recipient: options.contactEmail },
      ]);
      return { outcome: 'opened', disputeRowId: inserted.id, paymentId: charge.paymentId, outboxRows };
    }

    // Known: locked, so two finders of the same move write one change and one audit row.
    const [known] = await tx
      .select()
      .from(disputes)
      .where(and(eq(disputes.provider, options.provider), eq(disputes.providerDisputeId, dispute.disputeId)))
      .for('update');
    if (!known) throw new Error(`dispute ${dispute.disputeId} neither inserted nor found`);
    const unchanged = { outcome: 'unchanged' as const, disputeRowId: known.id, paymentId: known.paymentId };
    const stale =
      known.providerUpdatedAt && values.providerUpdatedAt && values.providerUpdatedAt < known.providerUpdatedAt;
    const moved = known.status !== values.status || known.amountCents !== values.amountCents;
    if (stale || !moved) return { ...unchanged, outboxRows: [] };
    await tx
      .update(disputes)
      .set({ ...values, chargeRowId: known.chargeRowId ?? charge.chargeRowId, updatedAt: new Date() })
      .where(eq(disputes.id, known.id));
    await writeAuditRow(tx, actor, {
      action: DISPUTE_CHANGED_ACTION,
      entityType: 'payment',
      entityId: known.paymentId,
      before: { status: known.status, amountCents: known.amountCents },
      after: recorded,
    });
    return { outcome: 'changed', disputeRowId: known.id, paymentId: known.paymentId, outboxRows: [] };
  });
}

/**
 * Re-fetches every dispute of a charge from the provider and records each (recordProviderDispute):
 * what a DISPUTE webhook's job does, and what the reconciliation calls for a charge the provider
 * shows with a `dispute_status`. Empty when the provider shows no dispute of it (yet).
 */
export async function syncChargeDisputes(
  db: Database,
  provider: Pick<CardProvider, 'name' | 'getChargeDisputes'>,
  transactionId: string,
  options: Omit<RecordDisputeOptions, 'provider'>,
): Promise<(DisputeRecordResult & { dispute: ProviderDispute })[]> {
  const found = await provider.getChargeDisputes(transactionId);
  const results: (DisputeRecordResult & { dispute: ProviderDispute })[] = [];
  for (const dispute of found) {
    results.push({ ...(await recordProviderDispute(db, dispute, { ...options, provider: provider.name })), dispute });
  }
  return results;
}

/**
 * Whether a charge has a dispute recorded, by the provider's id of the charge (a dispute can be
 * recorded before the charge's `transactions` row): a disputed gift's receipt is not sent again.
 * SQL, for the statement that reads it with the charge (the receipt's, in the worker).
 */
export function chargeDisputedSql(providerTransactionId: SQLWrapper | string): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${disputes} WHERE ${disputes.providerTransactionId} = ${providerTransactionId})`;
}
