import { randomUUID } from 'node:crypto';
import { memberships, outbox, payments } from '@pillars/platform/db';
import { JOBS, jobIdOf } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { notePlanInstalment } from '@pillars/money';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { insertPayment } from '../../test/payment-rows';
import { endLapsedPlansProcessor } from './end-lapsed-plans.processor';

// end-lapsed-plans on real PostgreSQL and a real queue, with the test's clock: plans are seeded
// as the instalment path leaves them (failing_since set by a declined instalment), and each run
// is made at a chosen moment (docs/decisions/018).
const database = await useTestDatabase();
const backend = await useQueueBackend('postgres', database.url);
const logger = createLogger({ level: 'silent' });
const { db } = database;
const DAY = 86_400_000;
const start = new Date('2026-11-03T15:00:00Z');

const sweepAt = (at: Date, batch?: number) =>
  endLapsedPlansProcessor({ db, backend, logger, graceDays: 14, now: () => at, ...(batch ? { batch } : {}) })();

/** A member's monthly plan whose instalments have failed since `failingSince` (null: paying). */
async function plan(failingSince: Date | null, extra: Partial<typeof payments.$inferInsert> = {}) {
  const [member] = await db
    .insert(memberships)
    .values({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      paymentMethod: 'card',
      status: 'active',
    })
    .returning({ id: memberships.id });
  if (!member) throw new Error('no membership');
  const id = randomUUID();
  await insertPayment(db, {
    id,
    kind: 'membership',
    recordId: member.id,
    amountCents: 2500,
    state: 'succeeded',
    providerTransactionId: `pt_txn_${id}`,
    providerRecurringId: `pt_rec_${id}`,
    failingSince,
    ...extra,
  });
  return id;
}

const rowsOf = (ids: string[]) => db.select().from(payments).where(inArray(payments.id, ids));
const cancelJobsOf = (id: string) =>
  db
    .select()
    .from(outbox)
    .where(eq(outbox.jobId, jobIdOf(JOBS.cancelRecurring, id)));

describe('end-lapsed-plans', () => {
  it('asks to end, as system and with its reason, only plans failing for longer than the grace period, and queues again a request whose job is gone', async () => {
    const lapsed = await plan(start);
    const recent = await plan(new Date(start.getTime() + 2 * DAY));
    const paying = await plan(null);
    const asked = await plan(start, {
      cancelRequestedAt: start,
      cancelRequestedBy: 'donor',
      cancelReason: 'Moving away.',
    });

    // 13 days on, nothing has lapsed; the donor's request of 13 days ago has no job any more
    // (as if its retries ran out while the provider was down): it is queued again.
    expect(await sweepAt(new Date(start.getTime() + 13 * DAY))).toEqual({ requested: 0, skipped: 0, requeued: 1 });
    expect(await backend.queue('charges').jobState(jobIdOf(JOBS.cancelRecurring, asked))).toBe('waiting');
    const at = new Date(start.getTime() + 14 * DAY + 60_000);
    // The lapsed plan is asked to end; the donor's request, whose job is now waiting, is left alone.
    expect(await sweepAt(at)).toEqual({ requested: 1, skipped: 0, requeued: 0 });

    const rows = new Map((await rowsOf([lapsed, recent, paying, asked])).map((row) => [row.id, row]));
    expect(rows.get(lapsed)).toMatchObject({
      cancelRequestedAt: at,
      cancelRequestedBy: 'system',
      cancelReason: 'Monthly charge declined since Nov 3, 2026; ended after 14 days without a successful charge.',
      cancelledAt: null,
    });
    expect(rows.get(recent)?.cancelRequestedAt).toBeNull();
    expect(rows.get(paying)?.cancelRequestedAt).toBeNull();
    expect(rows.get(asked)).toMatchObject({ cancelRequestedBy: 'donor', cancelReason: 'Moving away.' });
    expect(await cancelJobsOf(lapsed)).toHaveLength(1);
    expect(await cancelJobsOf(asked)).toHaveLength(0);
    expect(await backend.queue('charges').jobState(jobIdOf(JOBS.cancelRecurring, lapsed))).toBe('waiting');

    // A second run, or the same run again: nothing new is asked or queued.
    expect(await sweepAt(at)).toEqual({ requested: 0, skipped: 0, requeued: 0 });
    expect(await cancelJobsOf(lapsed)).toHaveLength(1);
  });

  it('ends nothing once a later instalment succeeded, and drains a backlog batch by batch', async () => {
    const recovered = await plan(new Date(start.getTime() - 40 * DAY));
    await db.transaction((tx) =>
      notePlanInstalment(tx, { paymentId: recovered, succeeded: true, chargedAt: new Date(start.getTime() - DAY) }),
    );
    // A success older than the failure (recorded late) does not clear it.
    const stillFailing = await plan(new Date(start.getTime() - 40 * DAY));
    await db.transaction((tx) =>
      notePlanInstalment(tx, {
        paymentId: stillFailing,
        succeeded: true,
        chargedAt: new Date(start.getTime() - 41 * DAY),
      }),
    );
    const backlog = [
      stillFailing,
      await plan(new Date(start.getTime() - 39 * DAY)),
      await plan(new Date(start.getTime() - 38 * DAY)),
    ];

    expect(await sweepAt(start, 2)).toEqual({ requested: 2, skipped: 0, requeued: 0 });
    expect(await sweepAt(start, 2)).toEqual({ requested: 1, skipped: 0, requeued: 0 });
    const rows = await rowsOf([recovered, ...backlog]);
    expect(rows.find((row) => row.id === recovered)).toMatchObject({ failingSince: null, cancelRequestedAt: null });
    expect(
      rows
        .filter((row) => row.cancelRequestedBy === 'system')
        .map((row) => row.id)
        .sort(),
    ).toEqual([...backlog].sort());
  });
});
