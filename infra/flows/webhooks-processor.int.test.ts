import { randomUUID } from 'node:crypto';
import { PaymentAccepted } from '@pillars/shared/contracts';
import { transactions, webhookEvents } from '@pillars/shared/db';
import { JOBS, JOB_OPTIONS, QUEUES } from '@pillars/shared/jobs';
import { createLogger } from '@pillars/shared/logger';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { monthlyDonation, usePaymentStack } from './payment-stack';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { instalmentRecorder, PaymentLedger } from '@pillars/shared/money';
import { webhooksProcessor } from '@pillars/worker/jobs/webhooks/webhooks.processor';

// process-webhook on real PostgreSQL, a real queue of its own and the sandbox: a stored
// notification is only a transaction id to re-fetch. Plans are started through the API; the
// notifications are written the way the API stores them.
const { database, sandbox, provider, post, settled, tokenFor } = await usePaymentStack('redis', {
  recurringPoll: { everyMs: 7 * 24 * 3_600_000 },
});
const logger = createLogger({ level: 'silent' });
const queues = await useQueueBackend('redis', database.url);
const instalments = instalmentRecorder({
  db: database.db,
  ledger: new PaymentLedger(database.db, queues, logger),
  logger,
  providerName: provider.name,
  liveMode: provider.liveMode,
});
const outcomes = new Map<string, (outcome: { ok: boolean; error?: string }) => void>();
queues.createWorker(QUEUES.webhooks, webhooksProcessor({ db: database.db, provider, instalments, logger }), {
  concurrency: 1,
  onCompleted: (job) => outcomes.get(String(job.id))?.({ ok: true }),
  onFailed: (job, error) => outcomes.get(String(job?.id))?.({ ok: false, error: error.message }),
});

/** Stores a notification about this transaction and runs one attempt of its job. */
async function process(transactionId: string) {
  const [row] = await database.db
    .insert(webhookEvents)
    .values({ provider: provider.name, type: 'PAYMENT.CREATED', transactionId, recurringId: 'pt_rec_hint' })
    .onConflictDoUpdate({
      target: [webhookEvents.provider, webhookEvents.transactionId],
      set: { type: 'PAYMENT.CREATED' },
    })
    .returning();
  if (!row) throw new Error('no webhook_events row');
  const jobId = `test-${randomUUID()}`;
  const done = new Promise<{ ok: boolean; error?: string }>((resolve) => outcomes.set(jobId, resolve));
  await queues
    .queue(QUEUES.webhooks)
    .add(JOBS.processWebhook, { eventId: row.id }, { ...JOB_OPTIONS[JOBS.processWebhook], attempts: 1, jobId });
  const result = await done;
  const [after] = await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, row.id));
  return { ...result, outcome: after?.outcome ?? null };
}

const res = await post('/api/donations', monthlyDonation(await tokenFor()));
const plan = await settled(PaymentAccepted.parse(await res.json()).paymentId);
const recurringId = plan.recurringId ?? '';

describe('process-webhook', () => {
  it('retries a transaction the provider does not show (yet), and records nothing', async () => {
    const before = await database.db.select().from(transactions);
    expect(await process('pt_txn_not_visible')).toMatchObject({ ok: false, outcome: null });
    expect(await database.db.select().from(transactions)).toHaveLength(before.length);
  });

  it('records an instalment for the plan the provider names, whatever plan the notification named', async () => {
    const next = await sandbox.chargeNextInstalment(recurringId);
    await expect.poll(async () => (await process(next.transactionId)).outcome, { timeout: 10_000 }).toBe('recorded');
    const rows = await database.db
      .select()
      .from(transactions)
      .where(eq(transactions.providerTransactionId, next.transactionId));
    expect(rows).toEqual([expect.objectContaining({ amount: 1776, status: 'completed' })]);
  });

  it('leaves the first instalment to record-transaction and ignores a one-time charge', async () => {
    await expect(process(plan.transactionId ?? '')).resolves.toMatchObject({ outcome: 'first-instalment' });
    const charge = await provider.charge({
      amountCents: 1000,
      paymentMethodId: await tokenFor(),
      idempotencyKey: `once_${randomUUID()}`,
      payor: { firstName: 'Test', lastName: 'Donor', email: 'donor@example.org' },
    });
    if (charge.status !== 'succeeded') throw new Error('charge declined');
    await expect.poll(async () => (await process(charge.transactionId)).outcome, { timeout: 10_000 }).toBe('ignored');
  });
});
