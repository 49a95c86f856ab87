import { randomUUID } from 'node:crypto';
import {
  AdminPaymentDetail,
  ContributorsResponse,
  PlanCancelAccepted,
  RefundAccepted,
  StatusChanged,
} from '@pillars/contracts/admin';
import {
  type PaymentKind,
  auditLog,
  donations,
  eventPlaces,
  eventRegistrations,
  memberships,
  outbox,
  payments,
  refunds,
  transactions,
} from '@pillars/platform/db';
import { JOBS, jobIdOf } from '@pillars/platform/jobs';
import { RefundLedger, recordChargeState } from '@pillars/money';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { adminRequests, signedInAdmin, useAdminTestApp } from '../../test/admin-app';
import { recordCharge } from '../../test/ledger';
import { testRecords } from '../../test/records';
import { moneyOpsMessages } from './money-ops.service';

/**
 * The admin's money operations on real PostgreSQL and a real queue (docs/decisions/019): asking
 * for a refund, ending a monthly plan, checking a registration in. The refund job itself, against
 * the sandbox provider, is worker/src/jobs/refunds/refunds.processor.int.test.ts.
 */
const suite = await useAdminTestApp();
const { db, infra } = suite;
const { admin, cookie } = await signedInAdmin(suite);
const { get, send } = adminRequests(suite, cookie);

const { insertEvent, insertDonation, insertMembership, insertRegistration, insertPayment } = testRecords(db);

async function insertRecord(kind: PaymentKind): Promise<string> {
  const person = { firstName: 'Ann', lastName: 'Payor', email: `ann+${randomUUID().slice(0, 8)}@example.org` };
  if (kind === 'membership') return (await insertMembership({ ...person, status: 'active' })).id;
  if (kind === 'registration') {
    const event = await insertEvent({ location: 'Philadelphia' });
    return (await insertRegistration(event.id, { ...person, paymentAmount: 2500, status: 'paid' })).id;
  }
  return (await insertDonation({ ...person, status: 'completed', isRecurring: kind === 'recurring_donation' })).id;
}

/** A paid record with its succeeded payment and first `transactions` row, as the worker leaves them. */
async function paid(kind: PaymentKind = 'donation', amountCents = 2500, providerTransactionId = `pt_${randomUUID()}`) {
  const recordId = await insertRecord(kind);
  const payment = await insertPayment({
    kind,
    recordId,
    amountCents,
    providerTransactionId,
    providerRecurringId: kind === 'membership' || kind === 'recurring_donation' ? `pt_rec_${randomUUID()}` : null,
  });
  return { recordId, payment, chargeRowId: await recordCharge(db, payment, amountCents, providerTransactionId) };
}

const refundsOf = (chargeRowId: string) => db.select().from(refunds).where(eq(refunds.chargeRowId, chargeRowId));
const auditOf = (entityId: string) =>
  db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);
const outboxOf = (jobName: string, jobId: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.jobName, jobName), eq(outbox.jobId, jobId)));

/** The refund job's outcome, as the worker writes it (the job itself is tested in the worker). */
async function refundMade(refundId: string) {
  const ledger = new RefundLedger(db);
  await ledger.begin(refundId, new Date());
  return ledger.succeed(refundId, {
    refundId: `pt_rev_${randomUUID()}`,
    isVoid: false,
    replacementTransactionId: null,
  });
}

describe('POST /api/admin/refunds', () => {
  it('queues a refund with its outbox row and audit entry, and answers 202', async () => {
    const { payment, chargeRowId } = await paid();
    const res = await send('POST', '/refunds', { chargeRowId, amountCents: 1000, reason: 'Asked by phone' });
    expect(res.status).toBe(202);
    const body = RefundAccepted.parse(await res.json());
    expect(body.data).toMatchObject({ paymentId: payment.id, amountCents: 1000, state: 'queued' });
    expect(await refundsOf(chargeRowId)).toEqual([
      expect.objectContaining({
        id: body.data.id,
        amountCents: 1000,
        state: 'queued',
        requestedBy: admin.username,
        reason: 'Asked by phone',
        providerTransactionId: payment.providerTransactionId,
      }),
    ]);
    expect(await outboxOf(JOBS.refund, jobIdOf(JOBS.refund, body.data.id))).toHaveLength(1);
    expect(await auditOf(payment.id)).toEqual([
      expect.objectContaining({
        action: 'payment.refund-requested',
        entityType: 'payment',
        actorLabel: admin.username,
        after: expect.objectContaining({ refundId: body.data.id, chargeRowId, amountCents: 1000 }),
      }),
    ]);
  });

  it('refuses more than is left with a 400 and writes nothing', async () => {
    const { payment, chargeRowId } = await paid();
    for (const amountCents of [2501, 0, -5, 2 ** 40]) {
      const res = await send('POST', '/refunds', { chargeRowId, amountCents });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: moneyOpsMessages.refundAmount(2500), code: 'BAD_REQUEST' });
    }
    expect(await refundsOf(chargeRowId)).toEqual([]);
    expect(await auditOf(payment.id)).toEqual([]);
  });

  it('refuses a second refund while one is in flight (409), even asked at the same moment', async () => {
    const { chargeRowId } = await paid();
    const answers = await Promise.all([
      send('POST', '/refunds', { chargeRowId, amountCents: 500 }),
      send('POST', '/refunds', { chargeRowId, amountCents: 700 }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([202, 409]);
    const refused = answers.find((res) => res.status === 409);
    expect(await refused?.json()).toEqual({ error: moneyOpsMessages.refundInProgress, code: 'CONFLICT' });
    expect(await refundsOf(chargeRowId)).toHaveLength(1);
  });

  it('allows the rest after a refund succeeded, then nothing more', async () => {
    const { chargeRowId } = await paid();
    const first = RefundAccepted.parse(
      await (await send('POST', '/refunds', { chargeRowId, amountCents: 1000 })).json(),
    );
    await refundMade(first.data.id);
    const over = await send('POST', '/refunds', { chargeRowId, amountCents: 1501 });
    expect(await over.json()).toEqual({ error: moneyOpsMessages.refundAmount(1500), code: 'BAD_REQUEST' });
    const rest = RefundAccepted.parse(
      await (await send('POST', '/refunds', { chargeRowId, amountCents: 1500 })).json(),
    );
    await refundMade(rest.data.id);
    const none = await send('POST', '/refunds', { chargeRowId, amountCents: 1 });
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({ error: moneyOpsMessages.nothingLeft, code: 'CONFLICT' });
  });

  it('refuses a row that took no money (a refund row, a failed instalment) and an unknown id', async () => {
    const { chargeRowId } = await paid();
    const made = RefundAccepted.parse(await (await send('POST', '/refunds', { chargeRowId, amountCents: 100 })).json());
    await refundMade(made.data.id);
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, made.data.id));
    const onRefundRow = await send('POST', '/refunds', { chargeRowId: refund?.refundRowId, amountCents: 100 });
    expect(onRefundRow.status).toBe(409);
    expect(await onRefundRow.json()).toEqual({ error: moneyOpsMessages.notRefundable, code: 'CONFLICT' });
    expect((await send('POST', '/refunds', { chargeRowId: randomUUID(), amountCents: 100 })).status).toBe(404);
    expect((await send('POST', '/refunds', { chargeRowId: 'nope', amountCents: 100 })).status).toBe(400);
  });
});

describe('a refund made', () => {
  it('writes a refunded row that names its charge and takes its amount off Total Amount', async () => {
    const before = ContributorsResponse.parse(await (await get('/contributors')).json()).summary.totalAmount;
    const { chargeRowId, payment } = await paid('donation', 4000);
    const made = RefundAccepted.parse(
      await (await send('POST', '/refunds', { chargeRowId, amountCents: 1500 })).json(),
    );
    await expect(refundMade(made.data.id)).resolves.toMatchObject({ settled: 'succeeded' });
    await expect(refundMade(made.data.id)).resolves.toMatchObject({ settled: 'already-settled' });
    const rows = await db.select().from(transactions).where(eq(transactions.refundOf, chargeRowId));
    expect(rows).toEqual([
      expect.objectContaining({ status: 'refunded', amount: 1500, fees: 0, paymentId: payment.id }),
    ]);
    const after = ContributorsResponse.parse(await (await get('/contributors')).json()).summary.totalAmount;
    expect(Math.round((after - before) * 100)).toBe(4000 - 1500);
  });

  it.each([
    ['donation', 'completed', 'cancelled', 'completed'],
    ['registration', 'paid', 'cancelled', 'paid'],
    ['membership', 'active', 'active', 'active'],
    ['recurring_donation', 'completed', 'completed', 'completed'],
  ] as const)('leaves a %s %s, then after the full refund %s (a part: %s)', async (kind, paidStatus, full, part) => {
    const { chargeRowId, recordId } = await paid(kind);
    const table = kind === 'membership' ? memberships : kind === 'registration' ? eventRegistrations : donations;
    const statusOf = async () =>
      (await db.select({ status: table.status }).from(table).where(eq(table.id, recordId)))[0]?.status;
    expect(await statusOf()).toBe(paidStatus);
    const first = RefundAccepted.parse(
      await (await send('POST', '/refunds', { chargeRowId, amountCents: 500 })).json(),
    );
    await refundMade(first.data.id);
    expect(await statusOf()).toBe(part);
    const rest = RefundAccepted.parse(
      await (await send('POST', '/refunds', { chargeRowId, amountCents: 2000 })).json(),
    );
    await refundMade(rest.data.id);
    expect(await statusOf()).toBe(full);
  });

  it("gives a registration's place back when it is refunded whole, not when in part (docs/decisions/022)", async () => {
    const { chargeRowId, recordId } = await paid('registration');
    const [registration] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, recordId));
    const eventId = registration?.eventId ?? '';
    await db.insert(eventPlaces).values({ eventId, tierId: '', capacity: 2, taken: 1 });
    const taken = async () => (await db.select().from(eventPlaces).where(eq(eventPlaces.eventId, eventId)))[0]?.taken;
    const part = RefundAccepted.parse(await (await send('POST', '/refunds', { chargeRowId, amountCents: 500 })).json());
    await refundMade(part.data.id);
    expect(await taken()).toBe(1);
    const rest = RefundAccepted.parse(
      await (await send('POST', '/refunds', { chargeRowId, amountCents: 2000 })).json(),
    );
    await refundMade(rest.data.id);
    expect(await taken()).toBe(0);
  });

  it('is listed in the payment detail with its charge and what is left', async () => {
    const { chargeRowId, payment } = await paid();
    const made = RefundAccepted.parse(await (await send('POST', '/refunds', { chargeRowId, amountCents: 600 })).json());
    await refundMade(made.data.id);
    await send('POST', '/refunds', { chargeRowId, amountCents: 400, reason: 'Second thoughts' });
    const detail = AdminPaymentDetail.parse(await (await get(`/payments/${payment.id}`)).json());
    expect(detail.charges).toEqual([
      expect.objectContaining({
        id: chargeRowId,
        amountCents: 2500,
        refundableCents: 1500,
        refunds: [
          expect.objectContaining({
            id: made.data.id,
            amountCents: 600,
            state: 'succeeded',
            requestedBy: admin.username,
          }),
          expect.objectContaining({ amountCents: 400, state: 'queued', reason: 'Second thoughts' }),
        ],
      }),
    ]);
  });
});

describe('GET /api/admin/payments/:id: void or refund', () => {
  afterEach(() => infra.sandbox.setFaults({ autoSettle: true }));

  it("tells the refund dialog a charge not settled will be voided and a settled one refunded, from the provider's state", async () => {
    // A real charge at the sandbox, which settles only when asked (as Pay Theory does once a day).
    infra.sandbox.setFaults({ autoSettle: false });
    const charged = await infra.provider.charge({
      amountCents: 2500,
      paymentMethodId: await infra.tokenFor(),
      idempotencyKey: randomUUID(),
      payor: { firstName: 'Ann', lastName: 'Payor', email: 'payor@example.org' },
    });
    if (charged.status !== 'succeeded') throw new Error('the sandbox declined the test charge');
    await expect.poll(() => infra.provider.getCharge(charged.transactionId)).not.toBeNull();
    const { payment, chargeRowId } = await paid('donation', 2500, charged.transactionId);
    const chargeOf = async () => {
      const detail = AdminPaymentDetail.parse(await (await get(`/payments/${payment.id}`)).json());
      return detail.charges.find((charge) => charge.id === chargeRowId);
    };

    expect(await chargeOf()).toMatchObject({
      provider: { status: 'SUCCEEDED', settled: false, settlementBatch: null, reviewFlag: null },
      reversalKind: 'void',
    });
    const [stored] = await db.select().from(transactions).where(eq(transactions.id, chargeRowId));
    expect(stored).toMatchObject({ providerStatus: 'SUCCEEDED', providerSettled: false });

    const settlement = await infra.sandbox.settle();
    expect(settlement?.transaction_ids).toContain(charged.transactionId);
    expect(await chargeOf()).toMatchObject({
      provider: { status: 'SETTLED', settled: true, settlementBatch: settlement?.settlement_batch, reviewFlag: null },
      reversalKind: 'refund',
    });
  });
});

describe('GET /api/admin/contributors/export: the state at the processor', () => {
  it("writes each payment's Pay Theory status and review flag after the product's columns", async () => {
    const providerTransactionId = `pt_${randomUUID()}`;
    const { recordId } = await paid('donation', 2500, providerTransactionId);
    const [donation] = await db
      .update(donations)
      .set({ payTheoryPaymentId: providerTransactionId })
      .where(eq(donations.id, recordId))
      .returning();
    const state = { status: 'SUCCEEDED', settled: false, settlementBatch: null, reviewFlag: 'POTENTIAL_DUPLICATE' };
    expect(await recordChargeState(db, providerTransactionId, state, new Date())).toBe(true);
    const res = await get(`/contributors/export?q=${encodeURIComponent(donation?.email ?? '')}&timeZone=UTC`);
    expect(res.status).toBe(200);
    const [header, line] = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header?.split(',').slice(-3)).toEqual(['Date', 'Processor Status', 'Review Flag']);
    expect(line?.split(',').slice(-2)).toEqual(['SUCCEEDED', 'POTENTIAL_DUPLICATE']);
    expect(line?.split(',')[9]).toBe(providerTransactionId);
  });
});

describe('POST /api/admin/payments/:id/cancel-plan', () => {
  it('queues one cancel-recurring job with an audit entry; asked again is a 409', async () => {
    const { payment } = await paid('membership');
    const res = await send('POST', `/payments/${payment.id}/cancel-plan`, { reason: 'Moved away' });
    expect(res.status).toBe(202);
    expect(PlanCancelAccepted.parse(await res.json()).data.paymentId).toBe(payment.id);
    const again = await send('POST', `/payments/${payment.id}/cancel-plan`, {});
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: moneyOpsMessages.planAlreadyCancelled, code: 'CONFLICT' });
    expect(await outboxOf(JOBS.cancelRecurring, jobIdOf(JOBS.cancelRecurring, payment.id))).toHaveLength(1);
    const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ cancelRequestedBy: admin.username, cancelReason: 'Moved away' });
    expect(await auditOf(payment.id)).toEqual([
      expect.objectContaining({ action: 'payment.plan-cancel-requested', entityType: 'payment' }),
    ]);
    const detail = AdminPaymentDetail.parse(await (await get(`/payments/${payment.id}`)).json());
    expect(detail.plan).toMatchObject({
      cancelRequestedBy: admin.username,
      cancelReason: 'Moved away',
      cancelledAt: null,
    });
  });

  it('answers 404 for a one-time payment and an unknown id', async () => {
    const { payment } = await paid('donation');
    expect((await send('POST', `/payments/${payment.id}/cancel-plan`, {})).status).toBe(404);
    expect((await send('POST', `/payments/${randomUUID()}/cancel-plan`, {})).status).toBe(404);
    expect(await outboxOf(JOBS.cancelRecurring, jobIdOf(JOBS.cancelRecurring, payment.id))).toEqual([]);
  });
});

describe('check-in: PUT /api/admin/registrations/:id/status { status: "attended" }', () => {
  const checkIn = (id: string) => send('PUT', `/registrations/${id}/status`, { status: 'attended' });

  it('marks a paid registration attended once, with one audit entry', async () => {
    const { recordId } = await paid('registration');
    for (let i = 0; i < 2; i += 1) {
      const res = await checkIn(recordId);
      expect(res.status).toBe(200);
      expect(StatusChanged.parse(await res.json()).data).toEqual({ id: recordId, status: 'attended' });
    }
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, recordId));
    expect(row?.status).toBe('attended');
    expect(await auditOf(recordId)).toEqual([
      expect.objectContaining({
        action: 'registration.attended',
        before: { status: 'paid' },
        after: { status: 'attended' },
      }),
    ]);
  });

  it('refuses a registration that is neither paid nor confirmed (409), and an unknown one (404)', async () => {
    const { recordId } = await paid('registration');
    await db.update(eventRegistrations).set({ status: 'pending' }).where(eq(eventRegistrations.id, recordId));
    const res = await checkIn(recordId);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: moneyOpsMessages.notCheckable('pending'), code: 'CONFLICT' });
    expect((await checkIn(randomUUID())).status).toBe(404);
  });
});
