import { refunds } from '@pillars/platform/db';
import { publishNow } from '@pillars/platform/jobs';
import { eq, sql } from 'drizzle-orm';
import type { Reversal } from '../provider';
import { type DifferenceInput, insertOutsideRefund } from '../reconciliation';
import { type ReconcileContext, dollars } from './deps';

/**
 * What the ledger has given back of one provider transaction of a charge row. Counted per
 * transaction, not per row: after a partial void the row's charge is the replacement, whose own
 * refunded figure at Pay Theory starts from nothing, while the void stays on the voided charge.
 */
async function ledgerRefunds({ db, refundLedger }: ReconcileContext, chargeRowId: string, transactionId: string) {
  const [row] = await db
    .select({
      succeeded: sql<string>`coalesce(sum(${refunds.amountCents}) FILTER (WHERE ${refunds.state} = 'succeeded'
        AND ${refunds.providerTransactionId} = ${transactionId}), 0)`,
      inFlight: sql<boolean>`bool_or(${refunds.state} IN ('queued', 'processing'))`,
    })
    .from(refunds)
    .where(eq(refunds.chargeRowId, chargeRowId));
  const ids = await refundLedger.providerRefundIdsOf(chargeRowId);
  return { succeededCents: Number(row?.succeeded ?? 0), inFlight: row?.inFlight === true, recordedIds: ids };
}

/**
 * A refund or void of a ledger charge made outside the app: each reversal the ledger has not
 * recorded is recorded through RefundLedger.succeed (a void, which has no reversal, as the
 * charge's own id), as far as the provider's refunded total goes beyond the ledger's.
 */
export async function reflectRefunds(
  ctx: ReconcileContext,
  charge: { rowId: string; paymentId: string; transactionId: string },
  found: DifferenceInput[],
): Promise<boolean> {
  const { db, backend, provider, logger, refundLedger } = ctx;
  const provided = await provider.getChargeRefunds(charge.transactionId);
  if (!provided) return false;
  const ours = await ledgerRefunds(ctx, charge.rowId, charge.transactionId);
  let gap = provided.refundedCents - ours.succeededCents;
  // A refund of ours in flight is the refund job's to record (docs/decisions/019).
  if (gap <= 0 || ours.inFlight) return false;
  const unrecorded = provided.reversals.filter((r) => !ours.recordedIds.has(r.refundId));
  const pieces = unrecorded.length
    ? unrecorded.map((r) => ({ refundId: r.refundId, amountCents: r.amountCents }))
    : [{ refundId: charge.transactionId, amountCents: gap }];
  // What was done at the provider, as the refund job records its own (docs/decisions/019): a
  // partial void leaves a replacement for the rest, a whole void leaves the charge VOIDED, and
  // anything else is a refund by its reversal transaction.
  const reversalOf = (refundId: string): Reversal =>
    provided.replacement
      ? { refundId: charge.transactionId, isVoid: true, replacementTransactionId: provided.replacement.transactionId }
      : provided.state.status === 'VOIDED'
        ? { refundId: charge.transactionId, isVoid: true, replacementTransactionId: null }
        : { refundId, isVoid: false, replacementTransactionId: null };
  let given = ours.succeededCents;
  for (const piece of pieces) {
    const amountCents = Math.min(piece.amountCents, gap);
    if (amountCents <= 0) break;
    const refundId = await insertOutsideRefund(
      db,
      {
        paymentId: charge.paymentId,
        chargeRowId: charge.rowId,
        providerTransactionId: charge.transactionId,
        amountCents,
      },
      given,
    );
    if (!refundId) return found.length > 0;
    const { outboxRows } = await refundLedger.succeed(
      refundId,
      reversalOf(piece.refundId),
      provided.replacement?.state ?? null,
    );
    await publishNow(db, backend, logger, outboxRows).catch((error: unknown) =>
      logger.warn({ err: error, refundId }, 'refund receipt left to the relay'),
    );
    found.push({
      kind: 'refund_outside',
      providerTransactionId: piece.refundId,
      paymentId: charge.paymentId,
      amountCents,
      detail: `A refund of ${dollars(amountCents)} of charge ${charge.transactionId} was made outside the app; recorded as a refund.`,
    });
    gap -= amountCents;
    given += amountCents;
  }
  return true;
}
