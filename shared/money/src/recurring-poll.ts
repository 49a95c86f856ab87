import { type Database, payments, recurringPolls } from '@pillars/platform/db';
import { POLL_RECURRING_BATCH } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CardProvider } from './provider';
import type { InstalmentOutcome, InstalmentRecorder } from './instalments';
import type { Payment } from './ledger';

export interface RecurringPollDeps {
  db: Database;
  provider: CardProvider;
  instalments: InstalmentRecorder;
  logger: Logger;
  now?: () => Date;
  /** Plans listed per run (default POLL_RECURRING_BATCH). */
  batch?: number;
}

/**
 * A listing starts this long before the last complete one: a transaction that was not yet visible
 * to queries then (new transactions appear after a delay) is found by a later listing.
 */
export const POLL_LOOKBACK_MS = 7 * 24 * 3600_000;

export interface RecurringPollResult {
  polled: number;
  recorded: number;
  failedRecorded: number;
  errors: number;
}

/**
 * poll-recurring (ADR 007): Pay Theory deactivates a webhook after 3 failed deliveries, so
 * instalments are also learnt by listing each active plan's transactions at the provider and
 * recording each one through the same idempotent path as process-webhook. Each run takes the
 * `batch` plans polled longest ago (never-polled first), so every plan gets its turn however many
 * there are; a provider error on one plan is logged and the run goes on with the next. A plan the
 * provider reports inactive (cancelled) gets one last listing and is then left alone.
 */
export function recurringPoll(deps: RecurringPollDeps) {
  const { db, provider, instalments, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const batch = deps.batch ?? POLL_RECURRING_BATCH;

  async function due() {
    return db
      .select({ payment: payments, syncedAt: recurringPolls.syncedAt })
      .from(payments)
      .leftJoin(recurringPolls, eq(recurringPolls.paymentId, payments.id))
      .where(
        and(
          inArray(payments.kind, ['recurring_donation', 'membership']),
          eq(payments.state, 'succeeded'),
          isNotNull(payments.providerRecurringId),
          isNull(recurringPolls.endedAt),
        ),
      )
      .orderBy(sql`${recurringPolls.polledAt} ASC NULLS FIRST`, asc(payments.createdAt))
      .limit(batch);
  }

  async function note(paymentId: string, values: Partial<typeof recurringPolls.$inferInsert>) {
    const row = { polledAt: now(), ...values };
    await db
      .insert(recurringPolls)
      .values({ paymentId, ...row })
      .onConflictDoUpdate({ target: recurringPolls.paymentId, set: row });
  }

  async function poll(payment: Payment, recurringId: string, syncedAt: Date | null) {
    const startedAt = now();
    const since = syncedAt ? new Date(syncedAt.getTime() - POLL_LOOKBACK_MS) : undefined;
    const plan = await provider.getRecurring(recurringId);
    const charges = await provider.listRecurringCharges(
      { recurringId, idempotencyKey: payment.idempotencyKey },
      since ? { since } : {},
    );
    const outcomes: InstalmentOutcome[] = [];
    for (const charge of charges) outcomes.push(await instalments.record(payment, charge));
    if (plan) await instalments.notePlan(payment, plan);
    // Unknown to the provider (not visible yet): polled again later, never ended on a guess.
    const ended = plan !== null && !plan.isActive;
    await note(payment.id, { syncedAt: startedAt, endedAt: ended ? now() : null, lastError: null });
    return outcomes;
  }

  return async (): Promise<RecurringPollResult> => {
    const result: RecurringPollResult = { polled: 0, recorded: 0, failedRecorded: 0, errors: 0 };
    for (const { payment, syncedAt } of await due()) {
      const recurringId = payment.providerRecurringId;
      if (!recurringId) continue;
      result.polled += 1;
      try {
        for (const outcome of await poll(payment, recurringId, syncedAt)) {
          if (outcome === 'recorded') result.recorded += 1;
          if (outcome === 'failed-recorded') result.failedRecorded += 1;
        }
      } catch (error) {
        result.errors += 1;
        logger.warn({ paymentId: payment.id, recurringId, err: error }, 'recurring poll failed for a plan');
        await note(payment.id, { lastError: error instanceof Error ? error.message : String(error) });
      }
    }
    if (result.recorded + result.failedRecorded + result.errors > 0) logger.info(result, 'recurring plans polled');
    return result;
  };
}
