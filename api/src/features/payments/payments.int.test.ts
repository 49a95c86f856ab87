import { randomUUID } from 'node:crypto';
import { PaymentAccepted, PaymentStatus } from '@pillars/contracts';
import { PAYMENT_SETTLED_CHANNEL, payments } from '@pillars/platform/db';
import { flushOutboxMarks } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { paymentStatusOf, settledNotice } from '@pillars/money';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { PaymentEvents } from '../../lib/payment-events';
import { testApp, useAppInfra } from '../../test/test-app';

// The long-poll of GET /api/payments/{id}, with no worker running: whatever settles a payment here
// is the test itself, so each answer shows where the API took it from.
const database = await useTestDatabase();
const { db } = database;
const infra = await useAppInfra(database);
const paymentEvents = new PaymentEvents(database.url, createLogger({ level: 'silent' }));
await paymentEvents.start();
afterAll(async () => {
  await paymentEvents.stop();
  await flushOutboxMarks(db);
});
const app = testApp(database, { ...infra, paymentEvents });

async function queuedPayment(): Promise<string> {
  const res = await app.request('/api/donations', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      firstName: 'John',
      lastName: 'Hancock',
      email: `john+${randomUUID().slice(0, 8)}@example.org`,
      phone: '555-010-1776',
      amount: '25.00',
      paymentMethod: 'card',
      isRecurring: false,
      paymentMethodToken: 'pm_longpoll',
    }),
  });
  expect(res.status).toBe(202);
  return PaymentAccepted.parse(await res.json()).paymentId;
}

const notify = (payload: string) => db.execute(sql`SELECT pg_notify(${PAYMENT_SETTLED_CHANNEL}, ${payload})`);

async function poll(paymentId: string, waitMs: number) {
  const started = performance.now();
  const res = await app.request(`/api/payments/${paymentId}?waitMs=${waitMs}`);
  expect(res.status).toBe(200);
  return { status: PaymentStatus.parse(await res.json()), ms: performance.now() - started };
}

/** Resolves once the API holds a watch on the payment (the request read the row and waits). */
const watched = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('GET /api/payments/{id}?waitMs=', () => {
  it('answers from the settled notice without reading the row again', async () => {
    const paymentId = await queuedPayment();
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row) throw new Error('no payment row');
    const answer = poll(paymentId, 10_000);
    await watched();
    // The row stays queued: a succeeded answer can only have come from the notice.
    const notice = { ...paymentStatusOf(row), state: 'succeeded' as const, nextPaymentDate: '2026-12-01' };
    await notify(settledNotice(notice));
    const { status, ms } = await answer;
    expect(status).toEqual(notice);
    expect(ms).toBeLessThan(5_000);
    const [after] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(after?.state).toBe('queued');
  });

  it('keeps a thousand success pages waiting on no connection, and one notice a payment answers them', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, () => queuedPayment()));
    const rows = await db.select().from(payments).where(inArray(payments.id, ids));
    const answers = ids.flatMap((id) => Array.from({ length: 100 }, () => poll(id, 15_000)));
    // Once each has read its payment, the waiting holds no connection and queues for none.
    await expect.poll(() => database.pool.totalCount - database.pool.idleCount, { timeout: 10_000 }).toBe(0);
    expect(database.pool.waitingCount).toBe(0);
    for (const row of rows) await notify(settledNotice({ ...paymentStatusOf(row), state: 'succeeded' }));
    const settled = await Promise.all(answers);
    expect(settled.map(({ status }) => status.state)).toEqual(Array<string>(1_000).fill('succeeded'));
    // The rows still say queued: every answer came from its payment's notice.
    const after = await db.select({ state: payments.state }).from(payments).where(inArray(payments.id, ids));
    expect(after.map((row) => row.state)).toEqual(Array<string>(10).fill('queued'));
  });

  it('reads the row once more on a notice that carries only the id (an older worker)', async () => {
    const paymentId = await queuedPayment();
    const answer = poll(paymentId, 10_000);
    await watched();
    await db
      .update(payments)
      .set({ state: 'failed', failureCode: 'card_declined', failureMessage: 'Declined' })
      .where(eq(payments.id, paymentId));
    await notify(paymentId);
    const { status, ms } = await answer;
    expect(status).toMatchObject({ id: paymentId, state: 'failed', failureMessage: 'Declined' });
    expect(ms).toBeLessThan(5_000);
  });

  it('without a notice, holds until the deadline and answers from one final read', async () => {
    const paymentId = await queuedPayment();
    const answer = poll(paymentId, 1_000);
    await watched();
    // Changed without a notification: only the read at the deadline can see it.
    await db.update(payments).set({ state: 'processing' }).where(eq(payments.id, paymentId));
    const { status, ms } = await answer;
    expect(status).toMatchObject({ id: paymentId, state: 'processing' });
    expect(ms).toBeGreaterThanOrEqual(950);
  });

  it('ignores a notice about another payment', async () => {
    const paymentId = await queuedPayment();
    const other = await queuedPayment();
    const [row] = await db.select().from(payments).where(eq(payments.id, other));
    if (!row) throw new Error('no payment row');
    const answer = poll(paymentId, 800);
    await watched();
    await notify(settledNotice({ ...paymentStatusOf(row), state: 'succeeded' }));
    const { status, ms } = await answer;
    expect(status).toMatchObject({ id: paymentId, state: 'queued' });
    expect(ms).toBeGreaterThanOrEqual(750);
  });

  it('reads the row once more when the LISTEN connection was lost and came back', async () => {
    const paymentId = await queuedPayment();
    const answer = poll(paymentId, 15_000);
    await watched();
    // Settled while nobody listens: the notification would be lost, so the reconnect re-reads.
    await db.update(payments).set({ state: 'succeeded' }).where(eq(payments.id, paymentId));
    await db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE ${`LISTEN ${PAYMENT_SETTLED_CHANNEL}%`}`,
    );
    const { status, ms } = await answer;
    expect(status).toMatchObject({ id: paymentId, state: 'succeeded' });
    expect(ms).toBeLessThan(10_000);
  });
});
