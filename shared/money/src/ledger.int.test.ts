import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import {
  PAYMENT_SETTLED_CHANNEL,
  type PaymentKind,
  type PaymentState,
  donations,
  eventRegistrations,
  events,
  memberships,
  outboundEmails,
  outbox,
  payments,
  transactions,
} from '@pillars/platform/db';
import { JOBS, QUEUES, flushOutboxMarks, jobIdOf } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { PaymentLedger } from './ledger';
import { paymentStatusOf, statusFromNotice } from './payment-status';
import { recordFirstTransaction, transactionRow } from './transaction-rows';

/**
 * The ledger's single-statement transitions on real PostgreSQL: the claim that reads the payor and
 * records the first send, succeed and fail with their notification, update-status and
 * record-transaction with their edge cases.
 */
describe('payment ledger', async () => {
  const database = await useTestDatabase();
  const { db } = database;
  const backend = await useQueueBackend('redis', database.url);
  const ledger = new PaymentLedger(db, backend, createLogger({ level: 'silent' }));
  const provider = { providerName: 'paytheory', liveMode: false };

  const notices: string[] = [];
  const listener = await database.pool.connect();
  listener.on('notification', (message) => notices.push(message.payload ?? ''));
  await listener.query(`LISTEN ${PAYMENT_SETTLED_CHANNEL}`);
  afterAll(() => listener.release());

  async function insertRecord(kind: PaymentKind): Promise<string> {
    const person = { firstName: 'Ada', lastName: 'Lovelace', email: `ada+${randomUUID().slice(0, 8)}@example.org` };
    if (kind === 'membership') {
      const [row] = await db
        .insert(memberships)
        .values({ ...person, phone: '555-0100', paymentMethod: 'card' })
        .returning();
      return row?.id ?? '';
    }
    if (kind === 'registration') {
      const [event] = await db
        .insert(events)
        .values({
          title: 'Gala',
          startDate: new Date(),
          endDate: new Date(),
          location: 'Hall',
          slug: `gala-${randomUUID()}`,
        })
        .returning();
      const [row] = await db
        .insert(eventRegistrations)
        .values({ ...person, phone: '555-0101', eventId: event?.id ?? '', paymentAmount: 2500 })
        .returning();
      return row?.id ?? '';
    }
    const [row] = await db
      .insert(donations)
      .values({ ...person, amount: '25.00', paymentMethod: 'card', isRecurring: kind === 'recurring_donation' })
      .returning();
    return row?.id ?? '';
  }

  async function insertPayment(
    seed: {
      kind?: PaymentKind;
      recordId?: string;
      state?: PaymentState;
      token?: string | null;
      claimedTransactionId?: string;
      lastSentAt?: Date;
      providerTransactionId?: string;
    } = {},
  ) {
    const kind = seed.kind ?? 'donation';
    const id = randomUUID();
    const [row] = await db
      .insert(payments)
      .values({
        id,
        kind,
        recordId: seed.recordId ?? (await insertRecord(kind)),
        amountCents: 2500,
        paymentMethodToken: seed.token === undefined ? 'ptt_token' : seed.token,
        claimedTransactionId: seed.claimedTransactionId ?? null,
        idempotencyKey: `pay_${id.replace(/-/g, '')}`,
        state: seed.state ?? 'queued',
        lastSentAt: seed.lastSentAt ?? null,
        providerTransactionId: seed.providerTransactionId ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned no payment');
    return row;
  }
  const rowOf = async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0];

  describe('begin', () => {
    it.each(['donation', 'recurring_donation', 'membership', 'registration'] as const)(
      'claims a %s payment with its payor and records its first send, in one statement',
      async (kind) => {
        const payment = await insertPayment({ kind });
        const at = new Date('2026-01-02T03:04:05.678Z');
        const claim = await ledger.begin(payment.id, { send: true, at });
        expect(claim?.firstSend).toBe(true);
        expect(claim?.payment).toEqual({ ...payment, state: 'processing', attempts: 1, lastSentAt: at, updatedAt: at });
        expect(claim?.payor).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: expect.any(String) });
        expect(await rowOf(payment.id)).toEqual(claim?.payment);
      },
    );

    it('records the send once: a later attempt must look the charge up', async () => {
      const payment = await insertPayment();
      const first = await ledger.begin(payment.id, { send: true, at: new Date('2026-01-01T00:00:00Z') });
      const again = await ledger.begin(payment.id, { send: true, at: new Date('2026-01-01T00:01:00Z') });
      expect(first?.firstSend).toBe(true);
      expect(again).toMatchObject({ firstSend: false, payment: { attempts: 2 } });
      expect(again?.payment.lastSentAt).toEqual(new Date('2026-01-01T00:00:00Z'));
    });

    it('of two attempts racing, only one records the send', async () => {
      const payment = await insertPayment();
      const claims = await Promise.all([1, 2].map(() => ledger.begin(payment.id, { send: true, at: new Date() })));
      expect(claims.map((c) => c?.firstSend).sort()).toEqual([false, true]);
    });

    it('records no send for a verification, a payment without a card token, or a payment sent before', async () => {
      const sentBefore = new Date('2026-01-01T00:00:00Z');
      for (const [seed, send] of [
        [{ claimedTransactionId: `pt_txn_${randomUUID()}`, token: null }, false],
        [{ token: null }, true],
        [{ state: 'processing' as const, lastSentAt: sentBefore }, true],
      ] as const) {
        const payment = await insertPayment(seed);
        const claim = await ledger.begin(payment.id, { send, at: new Date() });
        expect(claim).toMatchObject({ firstSend: false, payment: { state: 'processing', attempts: 1 } });
        expect(claim?.payment.lastSentAt).toEqual(payment.lastSentAt);
      }
    });

    it('claims nothing that is settled, and reports a missing record as no payor', async () => {
      const settled = await insertPayment({ state: 'succeeded', providerTransactionId: `pt_txn_${randomUUID()}` });
      expect(await ledger.begin(settled.id, { send: true, at: new Date() })).toBeUndefined();
      expect(await rowOf(settled.id)).toEqual(settled);
      expect(await ledger.begin(randomUUID(), { send: true, at: new Date() })).toBeUndefined();
      const orphan = await insertPayment({ recordId: randomUUID() });
      expect(await ledger.begin(orphan.id, { send: true, at: new Date() })).toMatchObject({ payor: null });
    });
  });

  describe('succeed and fail', () => {
    it('succeed marks the payment, queues both follow-ups and notifies the new status, once', async () => {
      const payment = await insertPayment({ kind: 'recurring_donation', state: 'processing' });
      const settled = {
        transactionId: `pt_txn_${randomUUID()}`,
        recurringId: 'pt_rec_1',
        nextPaymentDate: '2026-02-01',
      };
      await ledger.succeed(payment, settled);
      await ledger.succeed(payment, { transactionId: 'pt_txn_other' });
      await flushOutboxMarks(db);
      const row = await rowOf(payment.id);
      expect(row).toMatchObject({
        state: 'succeeded',
        providerTransactionId: settled.transactionId,
        providerRecurringId: 'pt_rec_1',
        nextPaymentDate: '2026-02-01',
      });
      const queued = await db
        .select()
        .from(outbox)
        .where(eq(outbox.payload, { paymentId: payment.id }));
      // One follow-up job (complete-payment), however often succeed runs.
      expect(queued.map((r) => r.jobId)).toEqual([jobIdOf(JOBS.completePayment, payment.id)]);
      expect(queued.every((r) => r.publishedAt instanceof Date)).toBe(true);
      await expect.poll(() => notices.filter((n) => n.includes(payment.id))).toHaveLength(1);
      const notice = notices.find((n) => n.includes(payment.id)) ?? '';
      expect(statusFromNotice(notice)).toEqual(row && paymentStatusOf(row));
    });

    it('fail fails a donation and its pending record, and notifies the failure', async () => {
      const payment = await insertPayment({ state: 'processing' });
      await ledger.fail(payment, 'INSUFFICIENT_FUNDS', 'Declined');
      const row = await rowOf(payment.id);
      expect(row).toMatchObject({ state: 'failed', failureCode: 'INSUFFICIENT_FUNDS', failureMessage: 'Declined' });
      const [donation] = await db.select().from(donations).where(eq(donations.id, payment.recordId));
      expect(donation?.status).toBe('failed');
      await expect.poll(() => notices.filter((n) => n.includes(payment.id))).toHaveLength(1);
      expect(statusFromNotice(notices.find((n) => n.includes(payment.id)) ?? '')).toEqual(row && paymentStatusOf(row));
      // A replay, or a late success, changes nothing and notifies nothing.
      await ledger.fail(payment, 'OTHER', 'Other');
      await ledger.succeed(payment, { transactionId: `pt_txn_${randomUUID()}` });
      expect(await rowOf(payment.id)).toEqual(row);
      expect(notices.filter((n) => n.includes(payment.id))).toHaveLength(1);
    });

    it('fail leaves a registration pending, so its holder can pay again', async () => {
      const payment = await insertPayment({ kind: 'registration', state: 'processing' });
      await ledger.fail(payment, 'INSUFFICIENT_FUNDS', 'Declined');
      expect((await rowOf(payment.id))?.state).toBe('failed');
      const [registration] = await db
        .select()
        .from(eventRegistrations)
        .where(eq(eventRegistrations.id, payment.recordId));
      expect(registration?.status).toBe('pending');
    });
  });

  describe('update-status (completeRecord)', () => {
    it.each([
      ['donation', 'completed', donations, null],
      ['membership', 'active', memberships, 'membership-welcome'],
      ['registration', 'paid', eventRegistrations, 'registration-confirmation'],
    ] as const)(
      'moves a pending %s record to %s with the transaction id, once, queuing its e-mail (%s) with it',
      async (kind, status, table, emailKind) => {
        const transactionId = `pt_txn_${randomUUID()}`;
        const payment = await insertPayment({ kind, state: 'succeeded', providerTransactionId: transactionId });
        expect(await ledger.completeRecord(payment.id)).toBe('completed');
        const [record] = await db.select().from(table).where(eq(table.id, payment.recordId));
        expect(record).toMatchObject({ status, payTheoryPaymentId: transactionId });
        expect(await ledger.completeRecord(payment.id)).toBe('not-pending');

        const emails = await db.select().from(outboundEmails).where(eq(outboundEmails.subjectId, payment.recordId));
        if (!emailKind) {
          expect(emails).toEqual([]);
          return;
        }
        // One e-mail to the record's holder, however often update-status runs, already on its queue.
        expect(emails).toEqual([
          expect.objectContaining({ kind: emailKind, recipient: record?.email.toLowerCase(), state: 'queued' }),
        ]);
        const jobId = jobIdOf(JOBS.sendEmail, emails[0]?.id ?? '');
        expect(await backend.queue(QUEUES.email).jobState(jobId)).toBe('waiting');
        const [row] = await db.select().from(outbox).where(eq(outbox.jobId, jobId));
        expect(row?.payload).toEqual({ emailId: emails[0]?.id });
      },
    );

    it('tells a payment that has not succeeded, or is unknown, from a record no longer pending', async () => {
      for (const state of ['queued', 'processing', 'failed'] as const) {
        const payment = await insertPayment({ state });
        expect(await ledger.completeRecord(payment.id)).toBe('not-succeeded');
        const [donation] = await db.select().from(donations).where(eq(donations.id, payment.recordId));
        expect(donation?.status).toBe('pending');
      }
      expect(await ledger.completeRecord(randomUUID())).toBe('not-found');
    });
  });

  describe('record-transaction', () => {
    it('writes the row the shared builder makes, once', async () => {
      const transactionId = `pt_txn_${randomUUID()}`;
      const payment = await insertPayment({
        kind: 'membership',
        state: 'succeeded',
        providerTransactionId: transactionId,
      });
      const deps = { db, ledger, provider };
      expect(await recordFirstTransaction(deps, payment.id)).toEqual({ result: 'recorded', kind: payment.kind });
      expect(await recordFirstTransaction(deps, payment.id)).toEqual({
        result: 'already-recorded',
        kind: payment.kind,
      });
      const rows = await db.select().from(transactions).where(eq(transactions.providerTransactionId, transactionId));
      const [membership] = await db.select().from(memberships).where(eq(memberships.id, payment.recordId));
      const expected = transactionRow({
        payment,
        payor: { firstName: 'Ada', lastName: 'Lovelace', email: membership?.email ?? '' },
        amountCents: 2500,
        providerTransactionId: transactionId,
        succeeded: true,
        provider,
      });
      expect(rows).toEqual([expect.objectContaining({ ...expected, fees: 73, donationId: null })]);
      // Its receipt is queued with it and published at once, not left to the relay.
      const receipts = await db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.subjectId, rows[0]?.id ?? ''));
      expect(receipts).toEqual([expect.objectContaining({ kind: 'receipt', state: 'queued' })]);
      const jobId = jobIdOf(JOBS.sendEmail, receipts[0]?.id ?? '');
      expect(await backend.queue(QUEUES.email).jobState(jobId)).toBe('waiting');
    });

    it('writes nothing for a payment that has not succeeded or is unknown', async () => {
      const payment = await insertPayment({ state: 'processing' });
      expect(await recordFirstTransaction({ db, ledger, provider }, payment.id)).toEqual({ result: 'not-succeeded' });
      expect(await recordFirstTransaction({ db, ledger, provider }, randomUUID())).toEqual({ result: 'not-found' });
    });
  });
});

describe('transactionRow', () => {
  const payor = { firstName: ' ', lastName: '', email: 'ada@example.org' };
  const provider = { providerName: 'paytheory', liveMode: true };
  it('records a succeeded donation charge as completed with the fee, naming the donation', () => {
    const row = transactionRow({
      payment: { id: 'p1', kind: 'recurring_donation', recordId: 'd1' },
      payor,
      amountCents: 1234,
      providerTransactionId: 't1',
      succeeded: true,
      provider,
    });
    expect(row).toMatchObject({
      donationId: 'd1',
      paymentId: 'p1',
      amount: 1234,
      fees: 36,
      status: 'completed',
      buyerName: payor.email,
    });
    expect(JSON.parse(row.metadata ?? '')).toEqual({
      source: 'contribution',
      paymentState: 'SUCCEEDED',
      liveMode: true,
    });
  });
  it('records a failed instalment with no fee, and no donation for other kinds', () => {
    const row = transactionRow({
      payment: { id: 'p2', kind: 'membership', recordId: 'm1' },
      payor: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
      amountCents: 2500,
      providerTransactionId: 't2',
      succeeded: false,
      provider,
    });
    expect(row).toMatchObject({ donationId: null, fees: 0, status: 'failed', buyerName: 'Ada Lovelace' });
    expect(JSON.parse(row.metadata ?? '')).toMatchObject({ source: 'membership', paymentState: 'FAILED' });
  });
});
