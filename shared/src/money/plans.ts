import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { type PaymentKind, payments } from '../db';
import { JOBS, type OutboxRow, addToOutboxRows } from '../jobs';

/** The payment kinds that are monthly plans at the provider. */
export const RECURRING_KINDS = ['recurring_donation', 'membership'] as const satisfies readonly PaymentKind[];

/** Who asks for a plan to end: the donor (manage link), the dunning sweep, or an admin by username. */
export type CancelRequester = 'donor' | 'system' | { admin: string };

export type CancelRequest =
  | { kind: 'requested'; outboxRows: OutboxRow[] }
  /** Already asked for (or done): nothing new is queued. */
  | { kind: 'already-requested' }
  /** No plan to end: not a recurring payment, or its plan was never created. */
  | { kind: 'no-plan' };

/**
 * Asks for a recurring plan to end, inside the caller's transaction: the payment notes who asked
 * and why, and a cancel-recurring job is put in the outbox, which ends the plan at the provider and
 * then marks the record. Asking twice queues nothing the second time.
 */
export async function requestPlanCancellation(
  tx: Pick<Database, 'update' | 'insert' | 'select'>,
  input: { paymentId: string; by: CancelRequester; reason: string; at?: Date },
): Promise<CancelRequest> {
  const at = input.at ?? new Date();
  const by = typeof input.by === 'string' ? input.by : input.by.admin;
  const [updated] = await tx
    .update(payments)
    .set({ cancelRequestedAt: at, cancelRequestedBy: by, cancelReason: input.reason, updatedAt: at })
    .where(
      and(
        eq(payments.id, input.paymentId),
        inArray(payments.kind, RECURRING_KINDS),
        isNotNull(payments.providerRecurringId),
        isNull(payments.cancelRequestedAt),
      ),
    )
    .returning({ id: payments.id });
  if (updated) {
    return {
      kind: 'requested',
      outboxRows: await addToOutboxRows(tx, [{ job: JOBS.cancelRecurring, paymentId: updated.id }]),
    };
  }
  const [existing] = await tx
    .select({ cancelRequestedAt: payments.cancelRequestedAt })
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), isNotNull(payments.providerRecurringId)))
    .limit(1);
  return existing?.cancelRequestedAt ? { kind: 'already-requested' } : { kind: 'no-plan' };
}
