import { PaymentAccepted } from '@pillars/contracts';
import { auditLog, donations, memberships, outboundEmails, payments, transactions } from '@pillars/platform/db';
import { createLogger } from '@pillars/platform/logger';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endLapsedPlansProcessor } from '@pillars/worker/jobs/maintenance/end-lapsed-plans.processor';
import { membershipPayment, monthlyDonation, usePaymentStack } from './payment-stack';

// Dunning end to end (docs/decisions/018): the API starts a monthly plan, the sandbox declines a
// later instalment, the worker's recurring poll records it (a charge-failed notice is queued, the
// plan is marked failing), and once the grace period has passed on the test's clock the dunning
// sweep asks for the plan to end; the worker's cancel-recurring job ends it at the sandbox and the
// record becomes inactive (membership) or cancelled (monthly gift). Real PostgreSQL, Redis, sandbox.
const { database, queues, sandbox, provider, post, settled, tokenFor } = await usePaymentStack('redis', {
  recurringPoll: { everyMs: 300 },
});
const { db } = database;
const DAY = 86_400_000;
const GRACE_DAYS = 14;

/** The dunning sweep as the worker runs it, on a clock `days` ahead of now. */
const sweepInDays = (days: number) =>
  endLapsedPlansProcessor({
    db,
    backend: queues,
    logger: createLogger({ level: 'silent' }),
    graceDays: GRACE_DAYS,
    now: () => new Date(Date.now() + days * DAY),
  })();

const paymentOf = async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0];
const rowOf = async (providerTransactionId: string) =>
  (await db.select().from(transactions).where(eq(transactions.providerTransactionId, providerTransactionId)))[0];
const recorded = async (providerTransactionId: string) => {
  await expect.poll(() => rowOf(providerTransactionId), { timeout: 20_000 }).toBeTruthy();
  const row = await rowOf(providerTransactionId);
  if (!row) throw new Error('no row');
  return row;
};
const emailsOf = (kind: 'charge-failed' | 'plan-cancelled', subjectIds: string[]) =>
  db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.kind, kind), inArray(outboundEmails.subjectId, subjectIds)));

describe('a monthly membership whose card stops paying', () => {
  it('notifies the member, clears on a later success, and becomes inactive after the grace period', async () => {
    const res = await post('/api/process-membership-payment', membershipPayment(await tokenFor()));
    const body = (await res.json()) as { paymentId: string; membershipId: string };
    const status = await settled(body.paymentId);
    expect(status).toMatchObject({ state: 'succeeded', kind: 'membership' });
    const recurringId = status.recurringId ?? '';

    // A declined instalment: a failed row, one charge-failed notice about it, the plan failing.
    const declined = await sandbox.chargeNextInstalment(recurringId, { decline: true });
    const failedRow = await recorded(declined.transactionId);
    expect(failedRow).toMatchObject({ status: 'failed', paymentId: body.paymentId });
    const failingSince = (await paymentOf(body.paymentId))?.failingSince;
    expect(failingSince).toBeInstanceOf(Date);
    expect(await emailsOf('charge-failed', [failedRow.id])).toMatchObject([{ state: 'queued' }]);
    // More polls list the same transaction again: still one row, one notice, the same mark.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await emailsOf('charge-failed', [failedRow.id])).toHaveLength(1);
    expect((await paymentOf(body.paymentId))?.failingSince).toEqual(failingSince);
    expect(await sweepInDays(GRACE_DAYS - 1)).toMatchObject({ requested: 0 });

    // The card is fixed and the next instalment is paid: no longer failing, nothing ends.
    const paid = await sandbox.chargeNextInstalment(recurringId);
    await recorded(paid.transactionId);
    await expect.poll(async () => (await paymentOf(body.paymentId))?.failingSince, { timeout: 20_000 }).toBeNull();
    expect(await sweepInDays(GRACE_DAYS + 1)).toMatchObject({ requested: 0 });

    // It fails again and stays failing past the grace period: the sweep ends the plan.
    const again = await sandbox.chargeNextInstalment(recurringId, { decline: true });
    const againRow = await recorded(again.transactionId);
    expect(await emailsOf('charge-failed', [againRow.id])).toHaveLength(1);
    expect(await sweepInDays(GRACE_DAYS + 1)).toEqual({ requested: 1, skipped: 0, requeued: 0 });
    expect(await paymentOf(body.paymentId)).toMatchObject({
      cancelRequestedBy: 'system',
      cancelReason: expect.stringMatching(
        /^Monthly charge declined since [A-Z][a-z]{2} \d{1,2}, \d{4}; ended after 14 days without a successful charge\.$/,
      ),
    });

    const membershipStatus = async () =>
      (await db.select().from(memberships).where(eq(memberships.id, body.membershipId)))[0]?.status;
    await expect.poll(membershipStatus, { timeout: 20_000 }).toBe('inactive');
    expect((await paymentOf(body.paymentId))?.cancelledAt).toBeInstanceOf(Date);
    expect(await provider.getRecurring(recurringId)).toMatchObject({ isActive: false });
    expect(await emailsOf('plan-cancelled', [body.paymentId])).toHaveLength(1);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, body.membershipId))).toMatchObject([
      { actorLabel: 'system', action: 'membership.plan-ended', after: { status: 'inactive' } },
    ]);
    // The next sweep finds nothing: the plan was asked to end once.
    expect(await sweepInDays(GRACE_DAYS + 30)).toEqual({ requested: 0, skipped: 0, requeued: 0 });
  });
});

describe('a monthly gift whose card stops paying', () => {
  it('is cancelled after the grace period', async () => {
    const res = await post('/api/donations', monthlyDonation(await tokenFor()));
    const accepted = PaymentAccepted.parse(await res.json());
    const status = await settled(accepted.paymentId);
    expect(status).toMatchObject({ state: 'succeeded', kind: 'recurring_donation' });

    const declined = await sandbox.chargeNextInstalment(status.recurringId ?? '', { decline: true });
    await recorded(declined.transactionId);
    await expect.poll(async () => (await paymentOf(accepted.paymentId))?.failingSince).toBeInstanceOf(Date);
    expect(await sweepInDays(GRACE_DAYS + 1)).toEqual({ requested: 1, skipped: 0, requeued: 0 });

    const donationStatus = async () =>
      (await db.select().from(donations).where(eq(donations.id, accepted.data.id)))[0]?.status;
    await expect.poll(donationStatus, { timeout: 20_000 }).toBe('cancelled');
    expect(await emailsOf('plan-cancelled', [accepted.paymentId])).toHaveLength(1);
  });
});
