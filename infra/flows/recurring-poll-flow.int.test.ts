import { memberships, transactions } from '@pillars/platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { membershipPayment, usePaymentStack } from './payment-stack';

// Webhooks turned off entirely (the sandbox has no webhook URL, as after Pay Theory deactivated
// ours): the worker's scheduled recurring poll alone records a monthly plan's later instalments,
// paid and failed. The schedule is shortened to a fraction of a second for the test.
const { database, sandbox, post, settled, tokenFor } = await usePaymentStack('redis', {
  recurringPoll: { everyMs: 300 },
});

const transactionRow = async (providerTransactionId: string) =>
  (
    await database.db.select().from(transactions).where(eq(transactions.providerTransactionId, providerTransactionId))
  )[0];

describe('monthly membership with no webhook', () => {
  it('records the next instalment and a failed one through the scheduled poll', async () => {
    expect(sandbox.webhooks().webhooks).toEqual([]);
    const res = await post('/api/process-membership-payment', membershipPayment(await tokenFor()));
    const body = (await res.json()) as { paymentId: string; membershipId: string };
    const status = await settled(body.paymentId);
    expect(status).toMatchObject({ state: 'succeeded', kind: 'membership' });
    const recurringId = status.recurringId ?? '';

    const paid = await sandbox.chargeNextInstalment(recurringId);
    expect(paid.eventId).toBeNull();
    await expect.poll(() => transactionRow(paid.transactionId), { timeout: 20_000 }).toBeTruthy();
    expect(await transactionRow(paid.transactionId)).toMatchObject({ amount: 2500, fees: 73, status: 'completed' });

    const declined = await sandbox.chargeNextInstalment(recurringId, { decline: true });
    await expect.poll(() => transactionRow(declined.transactionId), { timeout: 20_000 }).toBeTruthy();
    expect(await transactionRow(declined.transactionId)).toMatchObject({ amount: 2500, fees: 0, status: 'failed' });

    const [membership] = await database.db.select().from(memberships).where(eq(memberships.id, body.membershipId));
    expect(membership?.status).toBe('active');
    // First instalment, the paid one and the failed one: three rows, and still three after more polls.
    const statuses = async () => (await database.db.select().from(transactions)).map((r) => r.status).sort();
    await expect.poll(statuses).toEqual(['completed', 'completed', 'failed']);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await statuses()).toEqual(['completed', 'completed', 'failed']);
  });
});
