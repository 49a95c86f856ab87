import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { donations, idempotencyKeys, outbox, payments } from '@pillars/platform/db';
import { jobIdOf } from '@pillars/platform/jobs';
import { AcceptConflict, accept } from './accept';

/**
 * The accept statement on real PostgreSQL: record, payment and outbox row in one statement,
 * exactly once per idempotency key (docs/decisions/007).
 */
const database = await useTestDatabase();
const { db } = database;

const donationValues = (email: string, amount = '25.00') => ({
  firstName: 'Abigail',
  lastName: 'Adams',
  email,
  phone: '555-010-1776',
  amount,
  paymentMethod: 'card',
  isRecurring: false,
});

/** A donation with its charge, answered as the API's 202 would be. */
function donationAcceptance(key: string | undefined, email: string, amount = '25.00') {
  return {
    idempotency: { scope: 'donations', key, request: { email, amount } },
    record: { table: donations, values: donationValues(email, amount) },
    payment: { kind: 'donation' as const, amountCents: Math.round(Number(amount) * 100), paymentMethodToken: 'pm_1' },
    answer: (ids: { recordId: string; paymentId: string }) => ({
      status: 202,
      body: { success: true, data: { id: ids.recordId }, paymentId: ids.paymentId, status: 'queued' },
    }),
  };
}

const donationsOf = (email: string) => db.select().from(donations).where(eq(donations.email, email));

describe('accept', () => {
  it('writes the record, its payment and its outbox row, and returns the row to publish', async () => {
    const email = `a+${randomUUID()}@example.org`;
    const key = randomUUID();
    const accepted = await accept(db, donationAcceptance(key, email));
    expect(accepted.replayed).toBe(false);
    const { paymentId, data } = accepted.answer.body;

    const [donation] = await donationsOf(email);
    expect(donation).toMatchObject({ id: data.id, amount: '25.00', status: 'pending' });
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ recordId: data.id, kind: 'donation', amountCents: 2500, state: 'queued' });
    expect(payment?.idempotencyKey).toBe(`pay_${paymentId.replace(/-/g, '')}`);
    const [row] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.jobId, jobIdOf('charge', paymentId)));
    expect(accepted.outbox).toEqual([
      { id: row?.id, queue: 'charges', jobName: 'charge', jobId: jobIdOf('charge', paymentId), payload: { paymentId } },
    ]);
    const [claim] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(claim).toMatchObject({ responseStatus: 202, responseBody: accepted.answer.body });
  });

  it('answers a replay with the first answer and inserts nothing', async () => {
    const email = `b+${randomUUID()}@example.org`;
    const key = randomUUID();
    const first = await accept(db, donationAcceptance(key, email));
    const [outboxBefore, paymentsBefore] = await Promise.all([db.$count(outbox), db.$count(payments)]);
    const again = await accept(db, donationAcceptance(key, email));
    expect(again).toEqual({ answer: first.answer, outbox: [], replayed: true });
    expect(await donationsOf(email)).toHaveLength(1);
    expect(await db.$count(outbox)).toBe(outboxBefore);
    expect(await db.$count(payments)).toBe(paymentsBefore);
  });

  it('refuses the same key with a different request, and stores nothing for it', async () => {
    const email = `c+${randomUUID()}@example.org`;
    const key = randomUUID();
    await accept(db, donationAcceptance(key, email));
    const refused = accept(db, donationAcceptance(key, email, '50.00'));
    await expect(refused).rejects.toBeInstanceOf(AcceptConflict);
    await expect(refused).rejects.toMatchObject({ reason: 'idempotency-key-reused' });
    expect((await donationsOf(email)).map((d) => d.amount)).toEqual(['25.00']);
  });

  it('serialises concurrent requests with one key: one record, one payment, one answer', async () => {
    const email = `d+${randomUUID()}@example.org`;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => accept(db, donationAcceptance(key, email))));
    expect(new Set(answers.map((a) => a.answer.body.paymentId)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(answers.flatMap((a) => a.outbox)).toHaveLength(1);
    const records = await donationsOf(email);
    expect(records).toHaveLength(1);
    const recordIds = records.map((r) => r.id);
    expect(await db.select().from(payments).where(inArray(payments.recordId, recordIds))).toHaveLength(1);
  });

  it('without a key, accepts each request', async () => {
    const email = `e+${randomUUID()}@example.org`;
    await accept(db, donationAcceptance(undefined, email));
    await accept(db, donationAcceptance(undefined, email));
    expect(await donationsOf(email)).toHaveLength(2);
  });

  it('refuses a reported charge id already used for another record, and rolls the whole statement back', async () => {
    const claimed = `txn_${randomUUID()}`;
    const reported = (email: string) => ({
      ...donationAcceptance(randomUUID(), email),
      payment: { kind: 'donation' as const, amountCents: 2500, claimedTransactionId: claimed },
    });
    await accept(db, reported(`f+${randomUUID()}@example.org`));
    const email = `g+${randomUUID()}@example.org`;
    await expect(accept(db, reported(email))).rejects.toMatchObject({ reason: 'charge-already-reported' });
    expect(await donationsOf(email)).toHaveLength(0);
  });

  it('in a transaction, writes the payment for an existing record on the transaction', async () => {
    const email = `h+${randomUUID()}@example.org`;
    const [record] = await db.insert(donations).values(donationValues(email)).returning({ id: donations.id });
    if (!record) throw new Error('insert returned no row');
    // Rolled back: the payment was written on the transaction's connection, not beside it.
    let seenInside = -1;
    const rolledBack = new Error('roll back');
    await expect(
      db.transaction(async (tx) => {
        await accept(tx, {
          record: { id: record.id },
          payment: { kind: 'donation', amountCents: 2500, paymentMethodToken: 'pm_2' },
          answer: () => ({ status: 202, body: null }),
        });
        seenInside = (await tx.select().from(payments).where(eq(payments.recordId, record.id))).length;
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(seenInside).toBe(1);
    expect(await db.select().from(payments).where(eq(payments.recordId, record.id))).toHaveLength(0);
  });
});
