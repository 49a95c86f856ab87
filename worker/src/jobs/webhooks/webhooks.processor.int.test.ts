import { randomUUID } from 'node:crypto';
import { disputes, payments, transactions, webhookEvents } from '@pillars/platform/db';
import { JOBS, JOB_OPTIONS, QUEUES } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useChargeStack } from '../../test/charge-stack';
import { webhooksProcessor } from './webhooks.processor';

// process-webhook on real PostgreSQL, a real queue of its own and the sandbox: a stored
// notification is only a transaction id to re-fetch. The plan is started by the charges worker;
// the notifications are written the way the API stores them.
const stack = await useChargeStack('redis');
const { database, backend: queues, sandbox, provider, instalments, tokenFor } = stack;
const logger = createLogger({ level: 'silent' });
const outcomes = new Map<string, (outcome: { ok: boolean; error?: string }) => void>();
const processor = webhooksProcessor({
  db: database.db,
  backend: queues,
  provider,
  instalments,
  logger,
  contactEmail: 'office@example.org',
});
queues.createWorker(QUEUES.webhooks, processor, {
  concurrency: 1,
  onCompleted: (job) => outcomes.get(String(job.id))?.({ ok: true }),
  onFailed: (job, error) => outcomes.get(String(job?.id))?.({ ok: false, error: error.message }),
});

/** Stores a notification about this transaction (a dispute's, with `disputeKey`) and runs one attempt of its job. */
async function process(transactionId: string, disputeKey: string | null = null) {
  const [row] = await database.db
    .insert(webhookEvents)
    .values(
      disputeKey === null
        ? { provider: provider.name, type: 'PAYMENT.CREATED', transactionId, recurringId: 'pt_rec_hint' }
        : { provider: provider.name, type: 'DISPUTE.CREATED', transactionId, disputeKey },
    )
    .onConflictDoUpdate({
      target:
        disputeKey === null
          ? [webhookEvents.provider, webhookEvents.transactionId]
          : [webhookEvents.provider, webhookEvents.transactionId, webhookEvents.disputeKey],
      targetWhere:
        disputeKey === null ? sql`${webhookEvents.disputeKey} IS NULL` : sql`${webhookEvents.disputeKey} IS NOT NULL`,
      set: { processedAt: null, outcome: null },
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

// A monthly gift whose plan the charges worker started, as the API would have queued it.
const payment = await stack.insertPayment({ kind: 'recurring_donation', amountCents: 1776 });
await stack.queueJob(payment);
const plan = await stack.settledRow(payment.id);
const recurringId = plan.providerRecurringId ?? '';

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
    // With the charge's state at the provider as the job read it (docs/decisions/019).
    const read = await provider.getChargeDetails(next.transactionId);
    expect(read?.state.status).toMatch(/^(SUCCEEDED|SETTLED)$/);
    expect(rows).toEqual([
      expect.objectContaining({
        amount: 1776,
        status: 'completed',
        providerStatus: read?.state.status,
        providerSettled: read?.state.settled,
        reviewFlag: null,
      }),
    ]);
  });

  it('records a dispute the provider shows for a charge, whatever the notification named, once', async () => {
    const disputed = await stack.insertPayment({ kind: 'donation', amountCents: 888888 });
    await stack.queueJob(disputed);
    const transactionId = (await stack.settledRow(disputed.id)).providerTransactionId ?? '';
    // The notification's dispute id and status are hints: the charge's disputes are re-fetched.
    await expect
      .poll(async () => (await process(transactionId, 'pt_disp_hint:WON')).outcome, { timeout: 10_000 })
      .toBe('dispute-opened');
    const recorded = await database.db.select().from(disputes).where(eq(disputes.paymentId, disputed.id));
    expect(recorded).toEqual([
      expect.objectContaining({ providerTransactionId: transactionId, status: 'PENDING', amountCents: 888888 }),
    ]);
    expect(recorded[0]?.providerDisputeId).not.toBe('pt_disp_hint');
    // Another delivery about the same charge finds the same dispute unchanged.
    expect(await process(transactionId, 'pt_disp_hint:PENDING')).toMatchObject({
      ok: true,
      outcome: 'dispute-unchanged',
    });
    expect(await database.db.select().from(disputes).where(eq(disputes.paymentId, disputed.id))).toHaveLength(1);
  });

  it('retries a dispute notification for a charge with no dispute, recording nothing', async () => {
    const before = await database.db.select().from(disputes);
    const result = await process(plan.providerTransactionId ?? '', ':');
    expect(result).toMatchObject({ ok: false, outcome: null });
    expect(result.error).toContain('shows no dispute');
    expect(await database.db.select().from(disputes)).toHaveLength(before.length);
  });

  it("settles a payment still awaiting its plan's first instalment from the instalment's notification", async () => {
    const awaiting = await stack.insertPayment({ kind: 'recurring_donation', amountCents: 1776, state: 'processing' });
    // The plan as start-recurring made it: answered before its first instalment was charged.
    const created = await provider.createRecurring({
      amountCents: 1776,
      paymentMethodId: awaiting.paymentMethodToken ?? '',
      idempotencyKey: awaiting.idempotencyKey,
      payor: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
      interval: 'MONTHLY',
      metadata: { payment_id: awaiting.id },
    });
    expect(created.status).toBe('awaiting');
    if (created.status !== 'awaiting') return;
    await database.db
      .update(payments)
      .set({ providerRecurringId: created.recurringId })
      .where(eq(payments.id, awaiting.id));
    const first = async () =>
      (
        await provider.listRecurringCharges({
          recurringId: created.recurringId,
          idempotencyKey: awaiting.idempotencyKey,
        })
      )[0]?.transactionId ?? null;
    await expect.poll(first, { timeout: 10_000 }).toMatch(/^pt_/);
    const instalment = (await first()) ?? '';

    expect(await process(instalment)).toMatchObject({ ok: true, outcome: 'first-instalment-settled' });
    const [row] = await database.db.select().from(payments).where(eq(payments.id, awaiting.id));
    expect(row).toMatchObject({ state: 'succeeded', providerTransactionId: instalment, attempts: 0 });
    expect(row?.nextPaymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Not a later instalment: the webhook wrote no transactions row of its own.
    expect(
      await database.db.select().from(transactions).where(eq(transactions.providerTransactionId, instalment)),
    ).toEqual([]);
  });

  it('leaves the first instalment to record-transaction and ignores a one-time charge', async () => {
    await expect(process(plan.providerTransactionId ?? '')).resolves.toMatchObject({ outcome: 'first-instalment' });
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
