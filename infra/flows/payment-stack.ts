import { randomUUID } from 'node:crypto';
import { PaymentAccepted, PaymentStatus } from '@pillars/contracts';
import { type Database, payments } from '@pillars/platform/db';
import { type QueueBackendKind } from '@pillars/platform/jobs';
import { type LimitRules, createLimiters } from '@pillars/platform/limits';
import { type Logger, createLogger } from '@pillars/platform/logger';
import type { Registry } from '@pillars/platform/metrics';
import { eq } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import { PaymentEvents } from '@pillars/api/lib/payment-events';
import { testApp } from '@pillars/api/test/test-app';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { startFlowWorkers } from './flow-workers';
import { contactOf } from './people';

/**
 * A settled payment as the API answers it, with what the ledger recorded and the public status
 * does not answer (docs/decisions/046): the amount, the provider's ids, the failure code.
 */
export type SettledPayment = PaymentStatus & {
  amountCents: number | null;
  transactionId: string | null;
  recurringId: string | null;
  failureCode: string | null;
};

/** The status with the ledger's facts about it, for tests that check what was charged. */
export async function withLedgerFacts(db: Database, status: PaymentStatus): Promise<SettledPayment> {
  const [row] = await db
    .select({
      amountCents: payments.amountCents,
      transactionId: payments.providerTransactionId,
      recurringId: payments.providerRecurringId,
      failureCode: payments.failureCode,
    })
    .from(payments)
    .where(eq(payments.id, status.id));
  return {
    ...status,
    amountCents: row?.amountCents ?? null,
    transactionId: row?.transactionId ?? null,
    recurringId: row?.recurringId ?? null,
    failureCode: row?.failureCode ?? null,
  };
}

/**
 * Everything a payment test needs, real and private to the file: a database, queues, a sandbox
 * provider, the API app and in-process workers.
 */
export async function usePaymentStack(
  kind: QueueBackendKind,
  options: {
    /** The workers' logger (silent by default). */
    logger?: Logger;
    /** The API's logger (silent by default). */
    apiLogger?: Logger;
    env?: Record<string, string>;
    visibilityDelayMs?: number;
    /** How late the sandbox charges a plan's first instalment (default: its 200 ms). */
    firstInstalmentDelayMs?: number;
    recurringPoll?: { everyMs?: number };
    /** The payment sweep's interval (default the product's): tests that wait for it shorten it. */
    sweepEveryMs?: number;
    /** Rate limits the app and the workers share in PostgreSQL (default: the test app's generous ones). */
    limits?: LimitRules;
    /** The app's and the workers' metrics registries, for tests that read what they counted. */
    apiMetrics?: Registry;
    workerMetrics?: Registry;
  } = {},
) {
  const database = await useTestDatabase();
  const queues = await useQueueBackend(kind, database.url);
  const sandbox = await useSandbox({
    ...(options.visibilityDelayMs !== undefined ? { visibilityDelayMs: options.visibilityDelayMs } : {}),
    ...(options.firstInstalmentDelayMs !== undefined ? { firstInstalmentDelayMs: options.firstInstalmentDelayMs } : {}),
  });
  const logger = options.logger ?? createLogger({ level: 'silent' });
  // Long-polls answer when the worker's settled notification arrives, as in production.
  const paymentEvents = new PaymentEvents(database.url, logger);
  await paymentEvents.start();
  afterAll(() => paymentEvents.stop());
  const limiters = options.limits
    ? createLimiters({
        pool: database.pool,
        prefix: 'test',
        hashKey: 'test-hash-key-0123456789',
        rules: options.limits,
      })
    : undefined;
  const app = testApp(database, {
    ...(limiters ? { limiters } : {}),
    queues,
    provider: sandbox.provider,
    paymentEvents,
    ...(options.env ? { env: options.env } : {}),
    ...(options.apiMetrics ? { metrics: options.apiMetrics } : {}),
    ...(options.apiLogger ? { logger: options.apiLogger } : {}),
  });
  const workers = await startFlowWorkers(database, queues, {
    provider: sandbox.provider,
    logger,
    visibilityWindowMs: sandbox.visibilityWindowMs,
    ...(options.recurringPoll ? { recurringPoll: options.recurringPoll } : {}),
    ...(options.sweepEveryMs ? { sweepEveryMs: options.sweepEveryMs } : {}),
    ...(limiters ? { limiters } : {}),
    ...(options.workerMetrics ? { metrics: options.workerMetrics } : {}),
  });
  afterAll(() => workers.stop());

  async function post(path: string, body: unknown, key: string = randomUUID()) {
    return app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
  }

  /** Long-polls the payment until it is succeeded or failed; with the ledger's facts (withLedgerFacts). */
  async function settled(paymentId: string): Promise<SettledPayment> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = PaymentStatus.parse(await (await app.request(`/api/payments/${paymentId}?waitMs=5000`)).json());
      if (status.state === 'succeeded' || status.state === 'failed') return withLedgerFacts(database.db, status);
      if (Date.now() > deadline) throw new Error(`payment ${paymentId} still ${status.state}`);
    }
  }

  const chargesFor = (paymentId: string) =>
    sandbox.sandbox
      .ledger()
      .filter((e) => e.kind === 'charge' && e.idempotencyKey === `pay_${paymentId.replace(/-/g, '')}`);

  /** A charge made the way the spec's browser makes one (SDK transact), for report-and-verify tests. */
  async function chargeAsBrowser(amountCents: number): Promise<{ transactionId: string }> {
    const charge = await sandbox.provider.charge({
      amountCents,
      paymentMethodId: await sandbox.tokenFor(),
      idempotencyKey: `browser_${randomUUID()}`,
      payor: { firstName: 'Test', lastName: 'Donor', email: 'donor@example.org' },
    });
    if (charge.status !== 'succeeded') throw new Error(`sandbox declined a ${amountCents} cent test charge`);
    return charge;
  }

  return { database, queues, ...sandbox, app, post, settled, chargesFor, chargeAsBrowser, limiters };
}

/** A one-time gift of $25.00 by card, as the contribution form posts it, with any field replaced. */
export function oneTimeDonation(overrides: Record<string, unknown> = {}) {
  return {
    ...contactOf('Martha', 'Washington'),
    amount: '25.00',
    paymentMethod: 'card',
    isRecurring: false,
    provider: 'paytheory',
    ...overrides,
  };
}

/** A gift posted as the form posts it, under a fresh idempotency key: the payment the API accepted (202). */
export async function postDonation(app: ReturnType<typeof testApp>, body: unknown) {
  const res = await app.request('/api/donations', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(202);
  return PaymentAccepted.parse(await res.json());
}

/** A monthly gift paid with a tokenized card: what the contribution form posts. */
export function monthlyDonation(paymentMethodToken: string) {
  return oneTimeDonation({ amount: '17.76', isRecurring: true, paymentMethodToken });
}

/** The membership form's values, as the membership page posts them, with any field replaced. */
export function membershipForm(overrides: Record<string, unknown> = {}) {
  return {
    ...contactOf('Abigail', 'Adams', ''),
    message: 'To serve',
    waiverAccepted: true,
    ...overrides,
  };
}

/** A membership paid with a tokenized card: what the membership page posts. */
export function membershipPayment(paymentMethodId: string) {
  return {
    amount: 2500,
    buyer: { first_name: 'Abigail', last_name: 'Adams', email: 'abigail@example.org', phone: '555-010-1776' },
    membership: membershipForm(),
    paymentMethod: 'card',
    payment_method_id: paymentMethodId,
    provider: 'paytheory',
    tokenized: true,
    recurring: true,
  };
}
