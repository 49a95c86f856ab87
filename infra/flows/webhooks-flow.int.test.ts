import { randomUUID } from 'node:crypto';
import { PaymentAccepted, PaymentStatus } from '@pillars/contracts';
import { transactionFeeCents } from '@pillars/money/rules';
import { memberships, outbox, payments, transactions, webhookEvents } from '@pillars/platform/db';
import { JOBS } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startFlowWorkers } from './flow-workers';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { useWebhookApi } from './webhook-api';
import { type SettledPayment, membershipPayment, monthlyDonation, withLedgerFacts } from './payment-stack';

// Provider webhooks end to end (ADR 007, later instalments), over real HTTP both ways: the sandbox charges a
// plan's next instalment and POSTs an unsigned TRANSACTION notification, in Pay Theory's documented
// shape, to the API's webhook URL (with its secret) served on a free port; the API stores it once
// per transaction and queues process-webhook; the worker re-fetches the transaction from the
// sandbox and records the instalment. Real PostgreSQL, Redis and sandbox. The recurring poll is
// scheduled a week apart here, so what is recorded was recorded because of the webhook.
const URL_SECRET = randomUUID().replace(/-/g, '');

const database = await useTestDatabase();
const queues = await useQueueBackend('redis', database.url);

// The API's log lines are kept, to show the URL secret never reaches them.
const apiLog: string[] = [];
const { apiUrl, webhookUrl, sandbox, provider, tokenFor } = await useWebhookApi(
  database,
  queues,
  URL_SECRET,
  createLogger({ level: 'debug', destination: { write: (line: string) => void apiLog.push(line) } }),
);
const workers = await startFlowWorkers(database, queues, {
  provider,
  logger: createLogger({ level: 'silent' }),
  // Scheduled on 7-day boundaries (BullMQ aligns `every` to the clock): it never runs during the test.
  recurringPoll: { everyMs: 7 * 24 * 3_600_000 },
});
afterAll(() => workers.stop());

async function post(path: string, body: unknown) {
  return fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

async function settled(paymentId: string): Promise<SettledPayment> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${apiUrl}/api/payments/${paymentId}?waitMs=5000`);
    const status = PaymentStatus.parse(await res.json());
    if (status.state === 'succeeded' || status.state === 'failed') return withLedgerFacts(database.db, status);
    if (Date.now() > deadline) throw new Error(`payment ${paymentId} still ${status.state}`);
  }
}

const transactionRow = async (providerTransactionId: string) =>
  (
    await database.db.select().from(transactions).where(eq(transactions.providerTransactionId, providerTransactionId))
  )[0];

const counts = async () => {
  const { rows } = await database.pool.query<{ events: string; outbox: string; polls: string; transactions: string }>(
    `SELECT (SELECT count(*) FROM webhook_events) AS events,
            (SELECT count(*) FROM outbox WHERE job_name = '${JOBS.processWebhook}') AS outbox,
            (SELECT count(*) FROM recurring_polls) AS polls,
            (SELECT count(*) FROM transactions) AS transactions`,
  );
  return rows[0];
};

/** The sandbox's notification about a transaction, once its delivery has a final result. */
async function delivered(eventId: string | null) {
  if (!eventId) throw new Error('the sandbox sent no notification');
  return sandbox.webhookSettled(eventId);
}

const processed = async (transactionId: string) =>
  (await database.db.select().from(webhookEvents).where(eq(webhookEvents.transactionId, transactionId)))[0];

describe('recurring donations', async () => {
  const res = await post('/api/donations', monthlyDonation(await tokenFor('5454545454545454')));
  const accepted = PaymentAccepted.parse(await res.json());
  const donationId = accepted.data.id;
  const donationRows = () => database.db.select().from(transactions).where(eq(transactions.donationId, donationId));
  let eventId = '';

  it('records a later instalment announced by an unsigned TRANSACTION notification, after re-fetching it', async () => {
    const status = await settled(accepted.paymentId);
    expect(status).toMatchObject({ state: 'succeeded', kind: 'recurring_donation', amountCents: 1776 });
    const recurringId = status.recurringId ?? '';
    expect(recurringId).toBeTruthy();
    // The first instalment is record-transaction's.
    await expect.poll(donationRows).toHaveLength(1);

    const instalment = await sandbox.chargeNextInstalment(recurringId);
    const notification = await delivered(instalment.eventId);
    expect(notification).toMatchObject({ result: 'SUCCESS', statusCode: 200, attempts: 1, event: 'TRANSACTION' });
    eventId = notification.id;
    // Pay Theory's documented body: exactly { event, subtype, payload }, no event id, no signature.
    const body = JSON.parse(notification.request) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['event', 'payload', 'subtype']);
    expect(body).toMatchObject({
      event: 'TRANSACTION',
      subtype: 'CREATED',
      payload: { transaction_id: instalment.transactionId, recurring: { recurring_id: recurringId } },
    });

    await expect.poll(donationRows, { timeout: 20_000 }).toHaveLength(2);
    const row = await transactionRow(instalment.transactionId);
    expect(row).toMatchObject({
      donationId,
      amount: 1776,
      fees: transactionFeeCents(1776),
      status: 'completed',
      paymentProvider: 'paytheory',
    });
    expect(row?.fees).toBe(52);
    expect(JSON.parse(row?.metadata ?? '{}')).toEqual({
      source: 'contribution',
      paymentState: 'SUCCEEDED',
      liveMode: false,
    });
    await expect.poll(async () => (await processed(instalment.transactionId))?.outcome).toBe('recorded');
    expect(await processed(instalment.transactionId)).toMatchObject({ type: 'TRANSACTION.CREATED', recurringId });
    // The plan was re-fetched: the payment shows the provider's next date.
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, accepted.paymentId));
    expect(payment?.nextPaymentDate).not.toBe(status.nextPaymentDate);
    // Nothing here came from the recurring poll.
    expect((await counts())?.polls).toBe('0');
  });

  it('stores and records a redelivered notification once', async () => {
    const before = await counts();
    const deliveries = await Promise.all([1, 2, 3].map(() => sandbox.redeliverWebhook(eventId)));
    expect(deliveries.map((d) => [d.result, d.statusCode])).toEqual([
      ['SUCCESS', 200],
      ['SUCCESS', 200],
      ['SUCCESS', 200],
    ]);
    // Over the sandbox's admin endpoint too, as a manual run would.
    const viaAdmin = await fetch(`${sandbox.url}/__sandbox/webhooks/${eventId}/redeliver`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await viaAdmin.json()) as { statusCode: number }).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await counts()).toEqual(before);
    expect(await donationRows()).toHaveLength(2);
  });

  it('answers 404 to a wrong or missing URL secret, exactly as to an unknown path, and stores nothing', async () => {
    const before = await counts();
    const [notification] = sandbox.webhooks().events.filter((e) => e.id === eventId);
    const body = notification?.request ?? '';
    const unknown = await fetch(`${apiUrl}/api/no-such-path`, { method: 'POST', body });
    const expected = { status: unknown.status, body: await unknown.text() };
    expect(expected.status).toBe(404);
    const base = `${apiUrl}/api/webhooks/paytheory`;
    for (const url of [base, `${base}/`, `${base}/${URL_SECRET}x`, `${base}/${URL_SECRET.slice(1)}`, `${base}/x`]) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect({ status: res.status, body: await res.text() }).toEqual(expected);
    }
    expect(await counts()).toEqual(before);
    expect(apiLog.some((line) => line.includes('/api/webhooks/paytheory/:secret'))).toBe(true);
    expect(apiLog.filter((line) => line.includes(URL_SECRET.slice(1)))).toEqual([]);
  });

  it('answers 200 to documented notifications it does not act on, so the webhook stays active', async () => {
    const before = await counts();
    for (const event of ['PAYOR', 'SETTLEMENT', 'DISPUTE', 'MERCHANT', 'PAYMENT_METHOD', 'AUTHORIZATION']) {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event, subtype: 'UPDATED', payload: {} }),
      });
      expect(res.status).toBe(200);
    }
    expect(await counts()).toEqual(before);
  });
});

// Started in its test, not while the file is collected: its background work (charge, first
// instalment, notifications) would otherwise change the counts the donation tests compare.
describe('memberships', () => {
  let body = { paymentId: '', membershipId: '' };
  let recurringId = '';

  /** A $25.00 membership instalment, once its notification is delivered, recorded as a transactions row. */
  async function expectInstalmentRow(
    instalment: { eventId: string | null; transactionId: string },
    recorded: { fees: number; status: string },
    paymentState: string,
  ) {
    expect(await delivered(instalment.eventId)).toMatchObject({ result: 'SUCCESS', statusCode: 200 });
    await expect.poll(() => transactionRow(instalment.transactionId), { timeout: 20_000 }).toBeTruthy();
    const row = await transactionRow(instalment.transactionId);
    expect(row).toMatchObject({ donationId: null, amount: 2500, ...recorded });
    expect(JSON.parse(row?.metadata ?? '{}')).toEqual({ source: 'membership', paymentState, liveMode: false });
  }

  it('records a later membership instalment', async () => {
    const res = await post('/api/process-membership-payment', membershipPayment(await tokenFor()));
    body = (await res.json()) as typeof body;
    const status = await settled(body.paymentId);
    expect(status).toMatchObject({ state: 'succeeded', kind: 'membership', amountCents: 2500 });
    recurringId = status.recurringId ?? '';
    const instalment = await sandbox.chargeNextInstalment(recurringId);
    await expectInstalmentRow(instalment, { fees: 73, status: 'completed' }, 'SUCCEEDED');
  });

  it('records a declined instalment as a failed transaction and leaves the membership as it is', async () => {
    const declined = await sandbox.chargeNextInstalment(recurringId, { decline: true });
    expect(declined.state).toBe('FAILED');
    await expectInstalmentRow(declined, { fees: 0, status: 'failed' }, 'FAILED');
    await expect.poll(async () => (await processed(declined.transactionId))?.outcome).toBe('failed-recorded');
    const [membership] = await database.db.select().from(memberships).where(eq(memberships.id, body.membershipId));
    expect(membership?.status).toBe('active');
  });

  it('publishes every outbox row', async () => {
    await expect
      .poll(async () => (await database.db.select().from(outbox)).filter((r) => !r.publishedAt))
      .toHaveLength(0);
  });
});

describe('a webhook endpoint that keeps failing', async () => {
  // A second sandbox whose registered URL has a wrong secret: every delivery gets the API's 404.
  const failing = await useSandbox({
    webhook: { url: `${apiUrl}/api/webhooks/paytheory/${'0'.repeat(32)}`, retryDelaysMs: [20, 40, 60] },
  });
  const oneCharge = async () => {
    const charge = await failing.provider.charge({
      amountCents: 1000,
      paymentMethodId: await failing.tokenFor(),
      idempotencyKey: `deactivation_${randomUUID()}`,
      payor: { firstName: 'Test', lastName: 'Donor', email: 'donor@example.org' },
    });
    const [event] = failing.sandbox.webhooks().events.filter((e) => e.transactionId === charge.transactionId);
    if (!event) throw new Error('no notification for the charge');
    return failing.sandbox.webhookSettled(event.id);
  };

  it('is retried 3 times, then deactivated; later notifications are ignored until it is activated again', async () => {
    const before = await counts();
    const first = await oneCharge();
    expect(first).toMatchObject({ result: 'FAILURE', attempts: 4, statusCode: 404 });
    expect(failing.sandbox.webhooks().webhooks).toEqual([
      expect.objectContaining({ endpoint: first.endpoint, is_active: false }),
    ]);
    const state = (await (await fetch(`${failing.sandbox.url}/__sandbox/webhooks`)).json()) as {
      webhooks: { is_active: boolean }[];
    };
    expect(state.webhooks[0]?.is_active).toBe(false);

    expect(await oneCharge()).toMatchObject({ result: 'IGNORED', attempts: 0 });

    failing.sandbox.reactivateWebhook();
    expect(failing.sandbox.webhooks().webhooks[0]?.is_active).toBe(true);
    expect(await oneCharge()).toMatchObject({ result: 'FAILURE', attempts: 4 });
    expect(await counts()).toEqual(before);
  });
});
