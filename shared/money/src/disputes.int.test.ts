import { randomUUID } from 'node:crypto';
import { useTestDatabase } from '@pillars/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DISPUTE_CHANGED_ACTION,
  DISPUTE_OPENED_ACTION,
  auditLog,
  disputes,
  donations,
  outboundEmails,
  payments,
} from '@pillars/platform/db';
import type { ProviderDispute } from './provider';
import { recordProviderDispute } from './disputes';
import { insertTransactionRow, transactionRow } from './transaction-rows';

// The one recorder of disputes on real PostgreSQL: what a DISPUTE webhook and the reconciliation
// both call. Rows are written as the worker writes them.
const database = await useTestDatabase();
const { db } = database;
const options = { provider: 'paytheory', foundBy: 'webhook', contactEmail: 'office@example.org' };

async function paidGift(amountCents = 888888) {
  const [donation] = await db
    .insert(donations)
    .values({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.org', amount: '8888.88', paymentMethod: 'card' })
    .returning();
  const id = randomUUID();
  const transactionId = `pt_txn_${id.slice(0, 8)}`;
  const [payment] = await db
    .insert(payments)
    .values({
      id,
      kind: 'donation',
      recordId: donation?.id ?? '',
      amountCents,
      state: 'succeeded',
      providerTransactionId: transactionId,
      idempotencyKey: `pay_${id}`,
    })
    .returning();
  if (!payment) throw new Error('no payment');
  const row = transactionRow({
    payment,
    payor: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.org' },
    amountCents,
    providerTransactionId: transactionId,
    succeeded: true,
    provider: { providerName: 'paytheory', liveMode: false },
    cardLastFour: null,
  });
  const recorded = await insertTransactionRow(db, row);
  return { payment, transactionId, chargeRowId: recorded?.rowId ?? null };
}

const disputeOf = (transactionId: string, extra: Partial<ProviderDispute> = {}): ProviderDispute => ({
  disputeId: `pt_disp_${transactionId}`,
  transactionId,
  status: 'PENDING',
  amountCents: 888888,
  reason: 'FRAUD',
  reasonMessage: null,
  disputeDate: '2026-11-20T14:00:00.000Z',
  expirationDate: '2026-12-04T14:00:00.000Z',
  updatedDate: '2026-11-20T14:00:00.000Z',
  ...extra,
});

const auditOf = (paymentId: string) =>
  db.select().from(auditLog).where(eq(auditLog.entityId, paymentId)).orderBy(auditLog.id);
const disputeEmails = () => db.select().from(outboundEmails).where(eq(outboundEmails.kind, 'dispute-opened'));

describe('recordProviderDispute', () => {
  it('records a new dispute against its payment and charge, audits it and queues one e-mail to the contact address', async () => {
    const { payment, transactionId, chargeRowId } = await paidGift();
    const emailsBefore = (await disputeEmails()).length;
    const result = await recordProviderDispute(db, disputeOf(transactionId), options);
    expect(result).toMatchObject({ outcome: 'opened', paymentId: payment.id });
    const [row] = await db.select().from(disputes).where(eq(disputes.paymentId, payment.id));
    expect(row).toMatchObject({
      id: result.disputeRowId,
      provider: 'paytheory',
      providerDisputeId: `pt_disp_${transactionId}`,
      providerTransactionId: transactionId,
      chargeRowId,
      status: 'PENDING',
      amountCents: 888888,
      reason: 'FRAUD',
      disputedAt: new Date('2026-11-20T14:00:00.000Z'),
      evidenceDueAt: new Date('2026-12-04T14:00:00.000Z'),
    });
    const audit = await auditOf(payment.id);
    expect(audit.map((a) => [a.action, a.actorLabel, a.entityType])).toEqual([
      [DISPUTE_OPENED_ACTION, 'webhook', 'payment'],
    ]);
    expect(audit[0]?.after).toMatchObject({ status: 'PENDING', amountCents: 888888, transactionId });
    const emails = await disputeEmails();
    expect(emails).toHaveLength(emailsBefore + 1);
    expect(emails.find((e) => e.subjectId === result.disputeRowId)).toMatchObject({
      recipient: 'office@example.org',
      state: 'queued',
    });
    expect(result.outboxRows).toHaveLength(1);
  });

  it('changes nothing when the same dispute is recorded again, by either finder', async () => {
    const { payment, transactionId } = await paidGift();
    await recordProviderDispute(db, disputeOf(transactionId), options);
    const again = await recordProviderDispute(db, disputeOf(transactionId), options);
    const fromReconciliation = await recordProviderDispute(db, disputeOf(transactionId), {
      ...options,
      foundBy: 'reconciliation',
    });
    expect([again.outcome, fromReconciliation.outcome]).toEqual(['unchanged', 'unchanged']);
    expect(again.outboxRows).toEqual([]);
    expect(await db.select().from(disputes).where(eq(disputes.paymentId, payment.id))).toHaveLength(1);
    expect((await auditOf(payment.id)).map((a) => a.action)).toEqual([DISPUTE_OPENED_ACTION]);
  });

  it('moves a dispute to WON, audited with its previous status, and never back to PENDING on an older answer', async () => {
    const { payment, transactionId } = await paidGift();
    await recordProviderDispute(db, disputeOf(transactionId), options);
    const won = await recordProviderDispute(
      db,
      disputeOf(transactionId, { status: 'WON', updatedDate: '2026-12-10T09:00:00.000Z' }),
      options,
    );
    expect(won.outcome).toBe('changed');
    const stale = await recordProviderDispute(db, disputeOf(transactionId), options);
    expect(stale.outcome).toBe('unchanged');
    const [row] = await db.select().from(disputes).where(eq(disputes.paymentId, payment.id));
    expect(row).toMatchObject({ status: 'WON', providerUpdatedAt: new Date('2026-12-10T09:00:00.000Z') });
    const audit = await auditOf(payment.id);
    expect(audit.map((a) => a.action)).toEqual([DISPUTE_OPENED_ACTION, DISPUTE_CHANGED_ACTION]);
    expect(audit[1]?.before).toEqual({ status: 'PENDING', amountCents: 888888 });
    expect(audit[1]?.after).toMatchObject({ status: 'WON' });
    // Only the opening is e-mailed.
    expect((await disputeEmails()).filter((e) => e.subjectId === row?.id)).toHaveLength(1);
  });

  it('records nothing for a charge the ledger does not hold', async () => {
    const before = await db.select().from(disputes);
    const result = await recordProviderDispute(db, disputeOf('pt_txn_unknown'), options);
    expect(result).toEqual({ outcome: 'unknown-charge', disputeRowId: null, paymentId: null, outboxRows: [] });
    expect(await db.select().from(disputes)).toHaveLength(before.length);
  });
});
