import { randomUUID } from 'node:crypto';
import { type PaymentKind, type PaymentState, donations, payments } from '@pillars/platform/db';
import { JOB_OPTIONS, QUEUES, type QueueBackendKind, chargeJobFor, jobIdOf } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { chargesProcessor } from '../jobs/charges/charges.processor';
import { donationValues } from './paid-donation';
import { PaymentLedger, type PaymentWithPayor, followUps, instalmentRecorder, providerLookup } from '@pillars/money';

export interface PaymentSeed {
  kind?: Extract<PaymentKind, 'donation' | 'recurring_donation'>;
  amountCents?: number;
  /** A payment method token; default: a fresh tokenized test Visa. */
  token?: string | null;
  claimedTransactionId?: string;
  claimedIdempotencyKey?: string;
  state?: PaymentState;
  lastSentAt?: Date | null;
  recheckAfter?: Date | null;
  providerTransactionId?: string;
  updatedAt?: Date;
  createdAt?: Date;
}

/**
 * What a charges-queue test needs, real and private to the file: a database, a queue backend of
 * the given kind, a sandbox provider with the real adapter, the ledger and the provider lookup.
 * Payments are inserted directly (with a donation record), as the API would have queued them.
 */
export async function useChargeStack(
  kind: QueueBackendKind,
  options: {
    visibilityWindowMs?: number;
    /** A success's follow-up done at once by the charging job, as the worker wires it (startWorkers). */
    followUpAtOnce?: boolean;
  } = {},
) {
  const database = await useTestDatabase();
  const backend = await useQueueBackend(kind, database.url);
  const sandbox = await useSandbox();
  const logger = createLogger({ level: 'silent' });
  const ledger: PaymentLedger = new PaymentLedger(database.db, backend, logger, undefined, {
    ...(options.followUpAtOnce
      ? { followUp: (paymentId: string, succeeded: PaymentWithPayor) => steps.complete(paymentId, succeeded) }
      : {}),
  });
  const { provider } = sandbox;
  const steps = followUps({
    db: database.db,
    ledger,
    logger,
    providerName: provider.name,
    liveMode: provider.liveMode,
  });
  const lookup = providerLookup({ db: database.db, provider: sandbox.provider, logger });
  const instalments = instalmentRecorder({
    db: database.db,
    ledger,
    logger,
    providerName: sandbox.provider.name,
    liveMode: sandbox.provider.liveMode,
  });
  const visibilityWindowMs = options.visibilityWindowMs ?? sandbox.visibilityWindowMs;

  async function insertPayment(seed: PaymentSeed = {}) {
    const amountCents = seed.amountCents ?? 2500;
    const [donation] = await database.db
      .insert(donations)
      .values({ ...donationValues(amountCents), isRecurring: seed.kind === 'recurring_donation' })
      .returning({ id: donations.id });
    if (!donation) throw new Error('insert returned no donation');
    const id = randomUUID();
    const token = seed.token === undefined ? await sandbox.tokenFor() : seed.token;
    const [row] = await database.db
      .insert(payments)
      .values({
        id,
        kind: seed.kind ?? 'donation',
        recordId: donation.id,
        amountCents,
        paymentMethodToken: seed.claimedTransactionId ? null : token,
        claimedTransactionId: seed.claimedTransactionId ?? null,
        claimedIdempotencyKey: seed.claimedIdempotencyKey ?? null,
        idempotencyKey: `pay_${id.replace(/-/g, '')}`,
        state: seed.state ?? 'queued',
        lastSentAt: seed.lastSentAt ?? null,
        recheckAfter: seed.recheckAfter ?? null,
        providerTransactionId: seed.providerTransactionId ?? null,
        ...(seed.updatedAt ? { updatedAt: seed.updatedAt } : {}),
        ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
      })
      .returning();
    if (!row) throw new Error('insert returned no payment');
    return { ...row, paymentMethodToken: token };
  }

  /** Queues the payment's charges-queue job, as the outbox relay would. */
  async function queueJob(payment: { id: string; kind: string; claimedTransactionId: string | null }) {
    const job = chargeJobFor(payment);
    await backend
      .queue(QUEUES.charges)
      .add(job, { paymentId: payment.id }, { ...JOB_OPTIONS[job], jobId: jobIdOf(job, payment.id) });
  }

  const worker = backend.createWorker(
    QUEUES.charges,
    chargesProcessor({ backend, ledger, provider: sandbox.provider, lookup, logger, visibilityWindowMs }),
    { concurrency: 4 },
  );
  afterAll(() => worker.close());

  const rowOf = async (id: string) => (await database.db.select().from(payments).where(eq(payments.id, id)))[0];

  /** The payment's row once it has succeeded or failed (usable outside a test, unlike expect.poll). */
  async function settledRow(id: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await rowOf(id);
      if (row && (row.state === 'succeeded' || row.state === 'failed')) return row;
      if (Date.now() > deadline) throw new Error(`payment ${id} is still ${row?.state ?? 'missing'}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const ledgerFor = (key: string) =>
    sandbox.sandbox.ledger().filter((e) => (e.kind === 'charge' || e.kind === 'recurring') && e.idempotencyKey === key);

  return {
    database,
    backend,
    ...sandbox,
    ledger,
    lookup,
    instalments,
    visibilityWindowMs,
    insertPayment,
    queueJob,
    rowOf,
    settledRow,
    ledgerFor,
  };
}
