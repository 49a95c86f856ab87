import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Database, Tx } from '@pillars/platform/db';
import { type PaymentKind, donations, memberships, payments, users, writeAuditRow } from '@pillars/platform/db';
import { JOBS, type OutboxRow, addToOutboxRows, queueEmails } from '@pillars/platform/jobs';

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
  const by = requesterLabel(input.by);
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

export type RecurringKind = (typeof RECURRING_KINDS)[number];

/** The label payments.cancel_requested_by stores for a requester. */
export const requesterLabel = (by: CancelRequester): string => (typeof by === 'string' ? by : by.admin);

/**
 * The status a plan's record takes once its plan has ended (docs/decisions/018): a monthly gift
 * is `cancelled` whoever ended it; a membership is `cancelled` when the donor or an admin ended
 * it, and `inactive` when the grace period ran out (`system`): the member did not leave, the card
 * stopped paying.
 */
export function endedPlanStatus(kind: RecurringKind, requestedBy: string): 'cancelled' | 'inactive' {
  return kind === 'membership' && requestedBy === 'system' ? 'inactive' : 'cancelled';
}

/**
 * Dunning (docs/decisions/018): what an instalment says about the plan, written in the same
 * transaction as its transactions row. A failed one marks when the plan started failing (kept if
 * already failing); a succeeded one clears that mark unless it is older than the failure.
 */
export async function notePlanInstalment(
  tx: Pick<Database, 'update'>,
  input: { paymentId: string; succeeded: boolean; chargedAt: Date },
): Promise<void> {
  const { paymentId, succeeded, chargedAt } = input;
  if (succeeded) {
    await tx
      .update(payments)
      .set({ failingSince: null, updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), lte(payments.failingSince, chargedAt)));
    return;
  }
  await tx
    .update(payments)
    .set({ failingSince: chargedAt, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), isNull(payments.failingSince)));
}

/** The latest failing_since of a plan the dunning sweep ends at `now`. */
export const lapseCutoff = (now: Date, graceDays: number): Date => new Date(now.getTime() - graceDays * 86_400_000);

const dayOf = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The reason an admin reads beside a plan the dunning sweep ended. */
export function lapseReason(failingSince: Date, graceDays: number): string {
  return (
    `Monthly charge declined since ${dayOf.format(failingSince)}; ` +
    `ended after ${graceDays} days without a successful charge.`
  );
}

/** The audit_log action of a plan that ended, per record table. */
export const PLAN_ENDED_ACTIONS = {
  recurring_donation: 'contribution.plan-ended',
  membership: 'membership.plan-ended',
} as const satisfies Record<RecurringKind, string>;

export type PlanEnd =
  | { kind: 'ended'; status: 'cancelled' | 'inactive'; outboxRows: OutboxRow[] }
  /** cancelled_at was already set: nothing is written or queued again. */
  | { kind: 'already-ended' }
  /** Nobody asked for this plan to end (or it is not a plan): nothing to do. */
  | { kind: 'not-requested' };

/** Sets the record's status, returning its e-mail and the status it had. */
async function setRecordStatus(tx: Tx, kind: RecurringKind, recordId: string, status: string) {
  const table = kind === 'membership' ? memberships : donations;
  const [before] = await tx
    .select({ status: table.status, email: table.email })
    .from(table)
    .where(eq(table.id, recordId))
    .for('update');
  if (!before) throw new Error(`record ${recordId} of a ${kind} plan is missing`);
  await tx.update(table).set({ status }).where(eq(table.id, recordId));
  return before;
}

/**
 * The one home of what ending a plan does once the provider has stopped it, in ONE transaction:
 * the payment's cancelled_at, the record's status (endedPlanStatus), the plan-cancelled e-mail to
 * the record's address, and an audit_log row whose actor is whoever asked (an admin by username,
 * or `donor` / `system`). Only the first call does anything: cancelled_at is set once.
 * The recurring poll stops by itself: the provider now reports the plan inactive, so the poll
 * lists it one last time (any instalment charged meanwhile is recorded) and sets ended_at.
 */
export async function markPlanEnded(db: Database, input: { paymentId: string; at: Date }): Promise<PlanEnd> {
  const { paymentId, at } = input;
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ cancelledAt: at, updatedAt: at })
      .where(
        and(
          eq(payments.id, paymentId),
          inArray(payments.kind, RECURRING_KINDS),
          isNotNull(payments.cancelRequestedAt),
          isNull(payments.cancelledAt),
        ),
      )
      .returning();
    if (!payment) {
      const [existing] = await tx
        .select({ cancelledAt: payments.cancelledAt })
        .from(payments)
        .where(eq(payments.id, paymentId))
        .limit(1);
      return existing?.cancelledAt ? { kind: 'already-ended' } : { kind: 'not-requested' };
    }
    const kind = payment.kind as RecurringKind;
    const requestedBy = payment.cancelRequestedBy ?? 'system';
    const status = endedPlanStatus(kind, requestedBy);
    const record = await setRecordStatus(tx, kind, payment.recordId, status);
    const outboxRows = await queueEmails(tx, [
      { kind: 'plan-cancelled', subjectId: payment.id, recipient: record.email },
    ]);
    const isPerson = requestedBy === 'donor' || requestedBy === 'system';
    const [admin] = isPerson
      ? []
      : await tx.select({ id: users.id }).from(users).where(eq(users.username, requestedBy)).limit(1);
    await writeAuditRow(
      tx,
      { userId: admin?.id ?? null, label: requestedBy },
      {
        action: PLAN_ENDED_ACTIONS[kind],
        entityType: kind === 'membership' ? 'membership' : 'donation',
        entityId: payment.recordId,
        before: { status: record.status },
        after: {
          status,
          paymentId: payment.id,
          requestedAt: payment.cancelRequestedAt?.toISOString() ?? null,
          reason: payment.cancelReason,
          cancelledAt: at.toISOString(),
        },
      },
    );
    return { kind: 'ended', status, outboxRows };
  });
}
