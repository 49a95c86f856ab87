import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { type ServerType, serve } from '@hono/node-server';
import { PaymentAccepted, PaymentStatus, transactionFeeCents } from '@pillars/shared/contracts';
import { memberships, outbox, payments, transactions, webhookEvents } from '@pillars/shared/db';
import { JOBS } from '@pillars/shared/jobs';
import { createLogger } from '@pillars/shared/logger';
import { WEBHOOK_SIGNATURE_HEADER, signWebhookBody } from '@pillars/shared/payments';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../../api/src/app';
import { testApp } from '../../api/src/test/test-app';
import { startWorkers } from '../../worker/src/workers';
import { useTestDatabase } from '../testing/test-database';
import { useQueueBackend } from '../testing/test-queues';
import { useSandbox } from '../testing/test-sandbox';

// Provider webhooks end to end (DESIGN.md rule 7), over real HTTP both ways: the sandbox charges a
// plan's next instalment and POSTs a signed event to the API served on a free port; the API
// stores it once and queues process-webhook; the worker re-fetches charge and plan from the
// sandbox and records the instalment. Real PostgreSQL, Redis and sandbox.
const WEBHOOK_SECRET = 'test-webhook-secret';

const database = await useTestDatabase();
const queues = await useQueueBackend('redis', database.url);

// The API must be listening before the sandbox is told where to deliver, and the app needs the
// sandbox's provider: the server is started first and hands requests to the app once it exists.
const api: { app?: App } = {};
const server = await new Promise<ServerType>((resolve) => {
  const started: ServerType = serve(
    {
      fetch: (request: Request) => (api.app ? api.app.fetch(request) : new Response('starting', { status: 503 })),
      hostname: '127.0.0.1',
      port: 0,
    },
    () => resolve(started),
  );
});
afterAll(async () => {
  const http = server as Server;
  const closed = new Promise<void>((resolve) => http.close(() => resolve()));
  http.closeAllConnections();
  await closed;
});
const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const webhookUrl = `${apiUrl}/api/webhooks/paytheory`;

const { sandbox, provider, tokenFor } = await useSandbox({ webhook: { url: webhookUrl, secret: WEBHOOK_SECRET } });
api.app = testApp(database, { queues, provider });
const workers = await startWorkers({
  db: database.db,
  backend: queues,
  provider,
  logger: createLogger({ level: 'silent' }),
  concurrency: 4,
  relayIntervalMs: 200,
});
afterAll(() => workers.stop());

async function post(path: string, body: unknown) {
  return fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

async function settled(paymentId: string): Promise<PaymentStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${apiUrl}/api/payments/${paymentId}?waitMs=5000`);
    const status = PaymentStatus.parse(await res.json());
    if (status.state === 'succeeded' || status.state === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`payment ${paymentId} still ${status.state}`);
  }
}

const transactionRow = async (providerTransactionId: string) =>
  (
    await database.db.select().from(transactions).where(eq(transactions.providerTransactionId, providerTransactionId))
  )[0];

const counts = async () => {
  const { rows } = await database.pool.query<{ events: string; outbox: string; transactions: string }>(
    `SELECT (SELECT count(*) FROM webhook_events) AS events,
            (SELECT count(*) FROM outbox WHERE job_name = '${JOBS.processWebhook}') AS outbox,
            (SELECT count(*) FROM transactions) AS transactions`,
  );
  return rows[0];
};

describe('recurring donations', async () => {
  const res = await post('/api/donations', {
    firstName: 'Martha',
    lastName: 'Washington',
    email: `martha+${randomUUID().slice(0, 8)}@example.org`,
    phone: '555-010-1776',
    amount: '17.76',
    paymentMethod: 'card',
    isRecurring: true,
    provider: 'paytheory',
    paymentMethodToken: await tokenFor('5454545454545454'),
  });
  const accepted = PaymentAccepted.parse(await res.json());
  const donationId = accepted.data.id;
  const donationRows = () => database.db.select().from(transactions).where(eq(transactions.donationId, donationId));
  let eventId = '';

  it('records a later instalment announced by a signed webhook', async () => {
    const status = await settled(accepted.paymentId);
    expect(status).toMatchObject({ state: 'succeeded', kind: 'recurring_donation', amountCents: 1776 });
    const recurringId = status.recurringId ?? '';
    expect(recurringId).toBeTruthy();
    // The first instalment is record-transaction's.
    await expect.poll(donationRows).toHaveLength(1);

    const instalment = await sandbox.chargeNextInstalment(recurringId);
    expect(instalment).toMatchObject({ state: 'SUCCEEDED', delivery: { status: 200 } });
    eventId = instalment.eventId;
    const charges = sandbox.ledger().filter((e) => e.kind === 'charge' && e.recurringId === recurringId);
    expect(charges).toHaveLength(2);

    await expect.poll(donationRows, { timeout: 15_000 }).toHaveLength(2);
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
    const [event] = await database.db.select().from(webhookEvents).where(eq(webhookEvents.providerEventId, eventId));
    expect(event).toMatchObject({ type: 'TRANSACTION.CREATED', recurringId, transactionId: instalment.transactionId });
    await expect
      .poll(
        async () =>
          (await database.db.select().from(webhookEvents).where(eq(webhookEvents.providerEventId, eventId)))[0]
            ?.processedAt,
      )
      .toBeInstanceOf(Date);
    // The plan was re-fetched: the payment shows the provider's next date.
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, accepted.paymentId));
    expect(payment?.nextPaymentDate).not.toBe(status.nextPaymentDate);
  });

  it('stores and processes a redelivered event once', async () => {
    const before = await counts();
    const deliveries = await Promise.all([1, 2, 3].map(() => sandbox.redeliverWebhook(eventId)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    // Over the sandbox's admin endpoint too, as a manual run would.
    const viaAdmin = await fetch(`${sandbox.url}/__sandbox/webhooks/${eventId}/redeliver`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await viaAdmin.json()) as { status: number }).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await counts()).toEqual(before);
    expect(await donationRows()).toHaveLength(2);
  });

  it('refuses a bad or missing signature with 401 and stores nothing', async () => {
    const before = await counts();
    const body = JSON.stringify({
      id: `pt_evt_forged_${randomUUID()}`,
      event: 'TRANSACTION',
      subtype: 'CREATED',
      payload: { transaction_id: 'pt_txn_forged', recurring: { recurring_id: 'pt_rec_forged' } },
    });
    const attempts: Record<string, string>[] = [
      {},
      { [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody('wrong-secret', body) },
      { [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(WEBHOOK_SECRET, `${body} `) },
      { [WEBHOOK_SIGNATURE_HEADER]: 'not-hex' },
    ];
    for (const headers of attempts) {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(res.status).toBe(401);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('memberships', async () => {
  const res = await post('/api/process-membership-payment', {
    amount: 2500,
    buyer: { first_name: 'Abigail', last_name: 'Adams', email: 'abigail@example.org', phone: '555-010-1776' },
    membership: {
      firstName: 'Abigail',
      lastName: 'Adams',
      email: `abigail+${randomUUID().slice(0, 8)}@example.org`,
      phone: '',
      message: 'To serve',
      waiverAccepted: true,
    },
    paymentMethod: 'card',
    payment_method_id: await tokenFor(),
    provider: 'paytheory',
    tokenized: true,
    recurring: true,
  });
  const body = (await res.json()) as { paymentId: string; membershipId: string };
  let recurringId = '';

  it('records a later membership instalment', async () => {
    const status = await settled(body.paymentId);
    expect(status).toMatchObject({ state: 'succeeded', kind: 'membership', amountCents: 2500 });
    recurringId = status.recurringId ?? '';
    const instalment = await sandbox.chargeNextInstalment(recurringId);
    expect(instalment.delivery?.status).toBe(200);
    await expect.poll(() => transactionRow(instalment.transactionId), { timeout: 15_000 }).toBeTruthy();
    const row = await transactionRow(instalment.transactionId);
    expect(row).toMatchObject({ donationId: null, amount: 2500, fees: 73, status: 'completed' });
    expect(JSON.parse(row?.metadata ?? '{}')).toEqual({
      source: 'membership',
      paymentState: 'SUCCEEDED',
      liveMode: false,
    });
  });

  it('records a declined instalment as a failed transaction and leaves the membership as it is', async () => {
    const declined = await sandbox.chargeNextInstalment(recurringId, { decline: true });
    expect(declined).toMatchObject({ state: 'FAILED', delivery: { status: 200 } });
    await expect.poll(() => transactionRow(declined.transactionId), { timeout: 15_000 }).toBeTruthy();
    const row = await transactionRow(declined.transactionId);
    expect(row).toMatchObject({ donationId: null, amount: 2500, fees: 0, status: 'failed' });
    expect(JSON.parse(row?.metadata ?? '{}')).toEqual({
      source: 'membership',
      paymentState: 'FAILED',
      liveMode: false,
    });
    const [event] = await database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.providerEventId, declined.eventId));
    await expect
      .poll(
        async () =>
          (
            await database.db
              .select()
              .from(webhookEvents)
              .where(eq(webhookEvents.id, event?.id ?? ''))
          )[0]?.outcome,
      )
      .toBe('failed-recorded');
    const [membership] = await database.db.select().from(memberships).where(eq(memberships.id, body.membershipId));
    expect(membership?.status).toBe('active');
  });

  it('publishes every outbox row', async () => {
    await expect
      .poll(async () => (await database.db.select().from(outbox)).filter((r) => !r.publishedAt))
      .toHaveLength(0);
  });
});
