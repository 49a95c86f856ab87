import { randomUUID } from 'node:crypto';
import {
  auditLog,
  donations,
  memberships,
  outboundEmails,
  outbox,
  payments,
  recurringPolls,
  users,
} from '@pillars/platform/db';
import { JOBS, JOB_OPTIONS, QUEUES, jobIdOf } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { PaymentLedger, instalmentRecorder, requestPlanCancellation } from '@pillars/money';
import type { CancelRequester, RecurringKind } from '@pillars/money';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useQueueWorker } from '../../test/queue-worker';
import { recurringPollProcessor } from '../maintenance/recurring-poll.processor';
import { cancelRecurringProcessor } from './cancel-recurring.processor';

// cancel-recurring on real PostgreSQL, a real queue and the sandbox over HTTP: each plan is made
// at the sandbox as start-recurring would have made it, with its record and succeeded payment,
// then someone asks for it to end and the job ends it (docs/decisions/018).
const database = await useTestDatabase();
const backend = await useQueueBackend('postgres', database.url);
const { sandbox, provider, tokenFor } = await useSandbox({ visibilityDelayMs: 0 });
const logger = createLogger({ level: 'silent' });
const { db } = database;
const worker = useQueueWorker(backend, QUEUES.charges, cancelRecurringProcessor({ db, provider, backend, logger }));

/** A plan at the sandbox with its record (a membership or a monthly gift) and succeeded payment. */
async function startPlan(kind: RecurringKind) {
  const email = `ada+${randomUUID().slice(0, 8)}@example.org`;
  const person = { firstName: 'Ada', lastName: 'Lovelace', email, paymentMethod: 'card' };
  const [record] =
    kind === 'membership'
      ? await db
          .insert(memberships)
          .values({ ...person, status: 'active', waiverAccepted: true })
          .returning({ id: memberships.id })
      : await db
          .insert(donations)
          .values({ ...person, amount: '17.76', isRecurring: true, status: 'completed' })
          .returning({ id: donations.id });
  if (!record) throw new Error('no record');
  const id = randomUUID();
  const idempotencyKey = `pay_${id.replace(/-/g, '')}`;
  const request = {
    amountCents: kind === 'membership' ? 2500 : 1776,
    paymentMethodId: await tokenFor(),
    idempotencyKey,
    payor: { firstName: 'Ada', lastName: 'Lovelace', email },
    interval: 'MONTHLY',
  } as const;
  // As start-recurring does: the plan's first instalment may show late, so look it up by key.
  let plan = await provider.createRecurring(request).catch(() => null);
  while (!plan || plan.status === 'awaiting') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    plan = await provider.findRecurringByIdempotencyKey(idempotencyKey).catch(() => null);
  }
  if (plan.status !== 'active') throw new Error(`sandbox declined the plan: ${plan.code}`);
  await db.insert(payments).values({
    id,
    kind,
    recordId: record.id,
    amountCents: plan.firstCharge.amountCents,
    state: 'succeeded',
    idempotencyKey,
    providerTransactionId: plan.firstCharge.transactionId,
    providerRecurringId: plan.recurringId,
    nextPaymentDate: plan.nextPaymentDate,
  });
  return { paymentId: id, recordId: record.id, recurringId: plan.recurringId, email };
}

async function ask(paymentId: string, by: CancelRequester, reason = 'Asked by e-mail.') {
  return db.transaction((tx) => requestPlanCancellation(tx, { paymentId, by, reason }));
}

/** The job as the outbox relay publishes it: its id derives from the payment id. */
const runJob = (paymentId: string, options: { attempts?: number; jobId?: string } = {}) =>
  worker.run(
    JOBS.cancelRecurring,
    { paymentId },
    { ...JOB_OPTIONS[JOBS.cancelRecurring], jobId: jobIdOf(JOBS.cancelRecurring, paymentId), ...options },
  );

const paymentOf = async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0];
const statusOf = async (kind: RecurringKind, id: string) => {
  const table = kind === 'membership' ? memberships : donations;
  return (await db.select({ status: table.status }).from(table).where(eq(table.id, id)))[0]?.status;
};
const emailsAbout = (paymentId: string) =>
  db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.kind, 'plan-cancelled'), eq(outboundEmails.subjectId, paymentId)));
const auditOf = (recordId: string) => db.select().from(auditLog).where(eq(auditLog.entityId, recordId));
const cancelsAt = (recurringId: string) =>
  sandbox.ledger().filter((e) => e.kind === 'recurring_cancelled' && e.recurringId === recurringId);

describe('cancel-recurring', () => {
  it("ends a member's plan at the provider when the donor asks: cancelled, one e-mail, one audit row", async () => {
    const plan = await startPlan('membership');
    expect((await ask(plan.paymentId, 'donor')).kind).toBe('requested');
    const [queued] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.jobId, jobIdOf(JOBS.cancelRecurring, plan.paymentId)));
    expect(queued).toMatchObject({ queue: QUEUES.charges, jobName: JOBS.cancelRecurring });

    expect(await runJob(plan.paymentId)).toMatchObject({ ok: true, result: 'ended' });
    expect(await provider.getRecurring(plan.recurringId)).toMatchObject({ isActive: false });
    expect(cancelsAt(plan.recurringId)).toHaveLength(1);
    const payment = await paymentOf(plan.paymentId);
    expect(payment?.cancelledAt).toBeInstanceOf(Date);
    expect(payment?.cancelRequestedBy).toBe('donor');
    expect(await statusOf('membership', plan.recordId)).toBe('cancelled');
    const emails = await emailsAbout(plan.paymentId);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.recipient).toBe(plan.email);
    expect(await auditOf(plan.recordId)).toMatchObject([
      {
        actorUserId: null,
        actorLabel: 'donor',
        action: 'membership.plan-ended',
        entityType: 'membership',
        before: { status: 'active' },
        after: { status: 'cancelled', paymentId: plan.paymentId, reason: 'Asked by e-mail.' },
      },
    ]);

    // Run again (a redelivery, the relay publishing a second time): nothing more happens.
    const again = await runJob(plan.paymentId, { jobId: `again-${randomUUID()}` });
    expect(again).toMatchObject({ ok: true, result: 'already-ended' });
    expect(await ask(plan.paymentId, 'donor')).toEqual({ kind: 'already-requested' });
    expect(cancelsAt(plan.recurringId)).toHaveLength(1);
    expect(await emailsAbout(plan.paymentId)).toHaveLength(1);
    expect(await auditOf(plan.recordId)).toHaveLength(1);
  });

  it('a membership the grace period ended becomes inactive, a monthly gift an admin ended cancelled', async () => {
    const lapsed = await startPlan('membership');
    await ask(lapsed.paymentId, 'system', 'Monthly charge declined.');
    expect(await runJob(lapsed.paymentId)).toMatchObject({ ok: true, result: 'ended' });
    expect(await statusOf('membership', lapsed.recordId)).toBe('inactive');
    expect((await auditOf(lapsed.recordId))[0]).toMatchObject({ actorLabel: 'system', after: { status: 'inactive' } });

    const [admin] = await db
      .insert(users)
      .values({ username: `admin-${randomUUID().slice(0, 6)}`, passwordHash: 'x' })
      .returning();
    if (!admin) throw new Error('no user');
    const gift = await startPlan('recurring_donation');
    await ask(gift.paymentId, { admin: admin.username }, 'Donor phoned to stop.');
    expect(await runJob(gift.paymentId)).toMatchObject({ ok: true, result: 'ended' });
    expect(await statusOf('recurring_donation', gift.recordId)).toBe('cancelled');
    expect(await auditOf(gift.recordId)).toMatchObject([
      {
        actorUserId: admin.id,
        actorLabel: admin.username,
        action: 'contribution.plan-ended',
        entityType: 'donation',
        before: { status: 'completed' },
        after: { status: 'cancelled', reason: 'Donor phoned to stop.' },
      },
    ]);
    expect(await emailsAbout(gift.paymentId)).toHaveLength(1);
  });

  it('retries a transient provider error, then ends the plan once', async () => {
    const plan = await startPlan('recurring_donation');
    await ask(plan.paymentId, 'donor');
    // The next provider request (the job's look at the plan) is answered 503.
    sandbox.setFaults({ failNext: 1 });
    const outcome = await runJob(plan.paymentId);
    expect(outcome).toMatchObject({ ok: true, result: 'ended', failedAttempts: 1 });
    expect(cancelsAt(plan.recurringId)).toHaveLength(1);
    expect(await statusOf('recurring_donation', plan.recordId)).toBe('cancelled');
    expect(await emailsAbout(plan.paymentId)).toHaveLength(1);
  }, 30_000);

  it('does not cancel again a plan the provider already ended, and the poll then stops polling it', async () => {
    const plan = await startPlan('membership');
    await provider.cancelRecurring(plan.recurringId);
    await ask(plan.paymentId, { admin: 'nobody-by-that-name' }, 'Ended in the provider portal.');
    expect(await runJob(plan.paymentId)).toMatchObject({ ok: true, result: 'ended' });
    expect(cancelsAt(plan.recurringId)).toHaveLength(1);
    expect(await statusOf('membership', plan.recordId)).toBe('cancelled');
    expect((await auditOf(plan.recordId))[0]).toMatchObject({ actorUserId: null, actorLabel: 'nobody-by-that-name' });

    const ledger = new PaymentLedger(db, backend, logger);
    const instalments = instalmentRecorder({ db, ledger, logger, providerName: provider.name, liveMode: false });
    await recurringPollProcessor({ db, provider, instalments, logger })();
    const [poll] = await db.select().from(recurringPolls).where(eq(recurringPolls.paymentId, plan.paymentId));
    expect(poll?.endedAt).toBeInstanceOf(Date);
  });

  it('does nothing for a plan nobody asked to end', async () => {
    const plan = await startPlan('membership');
    expect(await runJob(plan.paymentId)).toMatchObject({ ok: true, result: 'not-requested' });
    expect(await provider.getRecurring(plan.recurringId)).toMatchObject({ isActive: true });
    expect(await statusOf('membership', plan.recordId)).toBe('active');
    expect(await emailsAbout(plan.paymentId)).toHaveLength(0);
  });
});
