import { randomUUID } from 'node:crypto';
import { DepositDetail, DepositList, DepositRefreshAccepted } from '@pillars/contracts/admin';
import { paymentReferenceOf } from '@pillars/contracts';
import { type donations, payments, settlementTransactions, settlements, transactions } from '@pillars/platform/db';
import { QUEUES } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { syncSettlements } from '@pillars/money';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { asAdmin, createTestAdmin, signIn } from '../../../test/admin-session';
import { recordCharge } from '../../../test/ledger';
import { testRecords } from '../../../test/records';
import { testApp, useAppInfra } from '../../../test/test-app';

/**
 * Deposits end to end on real PostgreSQL, a real queue and the sandbox provider over HTTP
 * (docs/decisions/048-deposits.md): charges and a refund at the sandbox, a batch made by
 * POST /__sandbox/settle, the sync, then what the admin's API and CSV answer about it.
 */
const database = await useTestDatabase();
const infra = await useAppInfra(database);
const app = testApp(database, infra);
const { db } = database;
const { provider, tokenFor, sandbox } = infra;
const logger = createLogger({ level: 'silent' });
const sync = () => syncSettlements({ db, provider, logger });
let cookie = '';

/** A donation of `first last` paid by a real sandbox charge, recorded in the ledger as the worker does. */
async function paidDonation(amountCents: number, name: [string, string]) {
  const charged = await provider.charge({
    amountCents,
    paymentMethodId: await tokenFor(),
    idempotencyKey: `key-${randomUUID()}`,
    payor: { firstName: name[0], lastName: name[1], email: 'payor@example.org' },
  });
  if (charged.status !== 'succeeded') throw new Error('sandbox declined the test charge');
  const { payment, rowId } = await recordPaidDonation(
    charged.transactionId,
    amountCents,
    { firstName: name[0], lastName: name[1], email: `payor+${randomUUID().slice(0, 8)}@example.org` },
    { payTheoryPaymentId: charged.transactionId },
  );
  await db
    .update(transactions)
    .set({ buyerName: name.join(' ') })
    .where(eq(transactions.id, rowId));
  return { payment, rowId, transactionId: charged.transactionId };
}

/** Waits until the sandbox shows a new charge to queries (its visibility delay); usable outside a test. */
async function visible(transactionId: string) {
  const deadline = Date.now() + 10_000;
  while (!(await provider.getCharge(transactionId))) {
    if (Date.now() > deadline) throw new Error(`charge ${transactionId} never became visible`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A refund made at the sandbox, recorded in the ledger as the refund job does (a `refunded` row). */
async function refunded(of: Awaited<ReturnType<typeof paidDonation>>, amountCents: number) {
  await visible(of.transactionId);
  const { refundId } = await provider.reverse(of.transactionId, amountCents);
  await db.insert(transactions).values({
    donationId: of.payment.recordId,
    paymentId: of.payment.id,
    amount: amountCents,
    fees: 0,
    status: 'refunded',
    paymentMethod: 'card',
    paymentProvider: 'paytheory',
    providerTransactionId: refundId,
    buyerName: 'Ada Lovelace',
    refundOf: of.rowId,
  });
  return refundId;
}

/** POST /__sandbox/settle, as a test or an operator makes a batch. */
async function settle() {
  const response = await fetch(new URL('/__sandbox/settle', sandbox.graphqlUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    settlement_batch: number;
    gross_amount: number;
    total_fees: number;
    net_amount: number;
    total_adjustments: number;
    transaction_debit_count: number;
    transaction_reversal_count: number;
    transaction_ids: string[];
  };
}

/** Two recorded donations, a refund of one, a charge the ledger never recorded, then a batch. */
async function arrange() {
  const ada = await paidDonation(2500, ['Ada', 'Lovelace']);
  const grace = await paidDonation(4000, ['=HYPERLINK("x")', 'Hopper']);
  const refundId = await refunded(ada, 1000);
  // A charge made at the sandbox that the ledger never recorded (a browser charge whose report was lost).
  const stray = await provider.charge({
    amountCents: 700,
    paymentMethodId: await tokenFor(),
    idempotencyKey: `key-${randomUUID()}`,
    payor: { firstName: 'Stray', lastName: 'Charge', email: 'stray@example.org' },
  });
  if (stray.status !== 'succeeded') throw new Error('sandbox declined the stray charge');
  await visible(stray.transactionId);
  return { ada, grace, refundId, stray, batch: await settle() };
}

let fixture: Awaited<ReturnType<typeof arrange>>;

beforeAll(async () => {
  const admin = await createTestAdmin(db);
  cookie = await signIn(app, admin);
  fixture = await arrange();
});

describe('sync-settlements', () => {
  it('stores the batch as the sandbox reports it, with each transaction linked to its ledger row', async () => {
    const { ada, refundId, stray, batch } = fixture;
    expect(batch.transaction_ids).toHaveLength(4);
    const result = await sync();
    expect(result).toEqual({ batches: 1, transactions: 4, unmatched: 1 });
    const [stored] = await db.select().from(settlements).where(eq(settlements.batch, batch.settlement_batch));
    expect(stored).toMatchObject({
      grossCents: batch.gross_amount,
      feesCents: batch.total_fees,
      netCents: batch.net_amount,
      adjustmentsCents: 0,
      debitCount: 3,
      reversalCount: 1,
      status: 'SUCCEEDED',
    });
    const lines = await db
      .select()
      .from(settlementTransactions)
      .where(eq(settlementTransactions.batch, batch.settlement_batch));
    const byId = new Map(lines.map((line) => [line.providerTransactionId, line]));
    expect(byId.get(ada.transactionId)).toMatchObject({
      type: 'DEBIT',
      ledgerRowId: ada.rowId,
      paymentId: ada.payment.id,
    });
    expect(byId.get(refundId)).toMatchObject({
      type: 'REVERSAL',
      parentTransactionId: ada.transactionId,
      paymentId: ada.payment.id,
    });
    expect(byId.get(stray.transactionId)).toMatchObject({ type: 'DEBIT', ledgerRowId: null, paymentId: null });
  });

  it('is idempotent: a second run keeps one row per batch and per transaction', async () => {
    await sync();
    await sync();
    expect(await db.$count(settlements)).toBe(1);
    expect(await db.$count(settlementTransactions)).toBe(4);
  });
});

describe('GET /api/admin/deposits', () => {
  it('lists the batch with its figures, and pages by batch number', async () => {
    const { batch } = fixture;
    const res = await app.request('/api/admin/deposits', { headers: { cookie } });
    expect(res.status).toBe(200);
    const body = DepositList.parse(await res.json());
    expect(
      body.data.map((d) => [d.batch, d.grossCents, d.feesCents, d.netCents, d.debitCount, d.reversalCount]),
    ).toEqual([[batch.settlement_batch, batch.gross_amount, batch.total_fees, batch.net_amount, 3, 1]]);
    expect(body.nextCursor).toBeNull();
    expect(body.lastSyncedAt).not.toBeNull();
  });

  it('refuses a bad filter with a clear message', async () => {
    const res = await app.request('/api/admin/deposits?from=2026-02-30x', { headers: { cookie } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { message: string }[] }).issues[0]?.message).toBe(
      'Expected a date as yyyy-MM-dd',
    );
  });

  it('answers 401 without a session', async () => {
    expect((await app.request('/api/admin/deposits')).status).toBe(401);
  });
});

describe('GET /api/admin/deposits/{batch}', () => {
  it("lists the payments and refunds with our totals equal to the sandbox's settlement object", async () => {
    const { ada, refundId, stray, batch } = fixture;
    const res = await app.request(`/api/admin/deposits/${batch.settlement_batch}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const { data } = DepositDetail.parse(await res.json());
    const line = (id: string) => data.lines.find((l) => l.providerTransactionId === id);
    expect(line(ada.transactionId)).toMatchObject({
      kind: 'debit',
      grossCents: 2500,
      feeCents: 103,
      netCents: 2397,
      reference: paymentReferenceOf(ada.payment.id),
      contributor: 'Ada Lovelace',
      paymentKind: 'Contribution',
      ledgerCents: 2500,
    });
    expect(line(refundId)).toMatchObject({ kind: 'refund', grossCents: -1000, netCents: -1000, ledgerCents: -1000 });
    expect(line(stray.transactionId)).toMatchObject({ reference: null, ledgerCents: null });
    expect(data.ours).toMatchObject({ debitCount: 2, reversalCount: 1, unmatchedCount: 1 });
    expect(data.comparison).toMatchObject({ gross: true, unmatched: true, agrees: false });

    // The ledger catches up with the stray charge: the next sync links it, and every figure agrees.
    const found = await paidDonationRecordedLate(stray.transactionId, 700);
    await sync();
    const again = DepositDetail.parse(
      await (await app.request(`/api/admin/deposits/${batch.settlement_batch}`, { headers: { cookie } })).json(),
    ).data;
    expect(again.ours).toMatchObject({
      grossCents: batch.gross_amount,
      feesCents: batch.total_fees,
      netCents: batch.net_amount,
      debitCount: batch.transaction_debit_count,
      reversalCount: batch.transaction_reversal_count,
      unmatchedCount: 0,
    });
    expect(again.comparison.agrees).toBe(true);
    expect(again.lines.find((l) => l.providerTransactionId === stray.transactionId)?.reference).toBe(
      paymentReferenceOf(found),
    );
  });

  it('answers 404 for a batch it does not hold, and for one that is not a number', async () => {
    for (const path of ['/api/admin/deposits/999999', '/api/admin/deposits/abc']) {
      const res = await app.request(path, { headers: { cookie } });
      expect(res.status).toBe(404);
    }
  });
});

describe('GET /api/admin/deposits/{batch}/export', () => {
  it('answers the CSV a treasurer matches against the bank statement, formulas neutralized', async () => {
    const { ada, grace, refundId, stray, batch } = fixture;
    const res = await app.request(`/api/admin/deposits/${batch.settlement_batch}/export?timeZone=UTC`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="deposit-${batch.settlement_batch}.csv"`);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Deposit Date,Transfer Date,Batch,Payment Reference,Contributor,Kind,Gross,Fee,Net,Type,Transaction ID,In Our Records',
    );
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const b = batch.settlement_batch;
    const ref = (p: { payment: { id: string } }) => paymentReferenceOf(p.payment.id);
    // Recorded late by the detail's test: the ledger's payment of the stray charge.
    const [late] = await db.select().from(payments).where(eq(payments.providerTransactionId, stray.transactionId));
    if (!late) throw new Error('the stray charge was never recorded');
    const strayPayment = { payment: late };
    expect(lines.slice(1, -1).sort()).toEqual(
      [
        `${day},${day},${b},${ref(ada)},Ada Lovelace,Contribution,25.00,1.03,23.97,debit,${ada.transactionId},Yes`,
        `${day},${day},${b},${ref(ada)},Ada Lovelace,Contribution,-10.00,0.00,-10.00,refund,${refundId},Yes`,
        `${day},${day},${b},${ref(grace)},"'=HYPERLINK(""x"") Hopper",Contribution,40.00,1.46,38.54,debit,${grace.transactionId},Yes`,
        `${day},${day},${b},${ref(strayPayment)},Ann Payor,Contribution,7.00,0.50,6.50,debit,${stray.transactionId},Yes`,
      ].sort(),
    );
    expect(lines.at(-1)).toBe('');
  });

  it('answers a date range, and refuses a range that ends before it starts', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await app.request(`/api/admin/deposits/export?from=${today}&to=${today}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="deposits-${today}-to-${today}.csv"`);
    expect((await res.text()).trim().split('\r\n')).toHaveLength(5);
    const bad = await app.request('/api/admin/deposits/export?from=2026-03-02&to=2026-03-01', { headers: { cookie } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { message: string }[] }).issues[0]?.message).toBe(
      'The start date is after the end date',
    );
  });
});

describe('POST /api/admin/deposits/refresh', () => {
  it('queues the sync on the maintenance queue, once however often it is asked within a minute', async () => {
    const first = await app.request('/api/admin/deposits/refresh', { method: 'POST', headers: asAdmin(cookie) });
    expect(first.status).toBe(202);
    const { jobId } = DepositRefreshAccepted.parse(await first.json());
    expect(jobId).toMatch(/^sync-settlements-refresh-\d+$/);
    await app.request('/api/admin/deposits/refresh', { method: 'POST', headers: asAdmin(cookie) });
    const queue = infra.queues.queue(QUEUES.maintenance);
    expect(await queue.jobState(jobId)).toBe('waiting');
    expect((await queue.counts()).waiting).toBe(1);
  });
});

describe('a refund made outside the app', () => {
  it("shows in the next deposit under its charge's payment, not in our records, and flags the deposit", async () => {
    const { grace } = fixture;
    const { refundId: portalRefund } = await provider.reverse(grace.transactionId, 500);
    const next = await settle();
    // A new transaction reaches queries after the provider's delay: the next sync reads it then.
    const detailOf = async () => {
      await sync();
      const res = await app.request(`/api/admin/deposits/${next.settlement_batch}`, { headers: { cookie } });
      return DepositDetail.parse(await res.json()).data;
    };
    await expect.poll(async () => (await detailOf()).lines.length).toBe(1);
    const data = await detailOf();
    expect(data.lines).toEqual([
      expect.objectContaining({
        providerTransactionId: portalRefund,
        kind: 'refund',
        grossCents: -500,
        reference: paymentReferenceOf(grace.payment.id),
        ledgerCents: null,
      }),
    ]);
    expect(data.comparison).toMatchObject({ gross: true, unmatched: true, agrees: false });
  });
});

/** The ledger records a charge late: a payment and its row for a transaction already settled. */
async function paidDonationRecordedLate(transactionId: string, amountCents: number): Promise<string> {
  const person = { firstName: 'Stray', lastName: 'Charge', email: 'stray@example.org' };
  return (await recordPaidDonation(transactionId, amountCents, person)).payment.id;
}

/** A completed donation, its succeeded payment and the ledger row of its charge by the provider's transaction. */
async function recordPaidDonation(
  transactionId: string,
  amountCents: number,
  person: { firstName: string; lastName: string; email: string },
  extra: Partial<typeof donations.$inferInsert> = {},
) {
  const { insertDonation, insertPayment } = testRecords(db);
  const amount = (amountCents / 100).toFixed(2);
  const donation = await insertDonation({ ...person, amount, status: 'completed', ...extra });
  const id = randomUUID();
  const payment = await insertPayment({
    id,
    kind: 'donation',
    recordId: donation.id,
    amountCents,
    idempotencyKey: `pay_${id.replace(/-/g, '')}`,
    providerTransactionId: transactionId,
  });
  return { payment, rowId: await recordCharge(db, payment, amountCents, transactionId) };
}
