import { randomUUID } from 'node:crypto';
import { EventCancellation, EventCancelled, eventCancelMessages } from '@pillars/contracts/admin';
import { auditLog, outbox, refunds } from '@pillars/platform/db';
import { JOBS, jobIdOf } from '@pillars/platform/jobs';
import { RefundLedger } from '@pillars/money';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminRequests, signedInAdmin, useAdminTestApp } from '../../../test/admin-app';
import { asAdmin } from '../../../test/admin-session';
import { recordCharge } from '../../../test/ledger';
import { testRecords } from '../../../test/records';

/**
 * A cancelled event's refunds on real PostgreSQL and a real queue (docs/decisions/050): what the
 * cancellation asks for, its progress, and a failed refund asked again once. The refund job runs
 * in infra/flows/event-cancellation-flow.int.test.ts; here its outcomes are written as it writes them.
 */
const suite = await useAdminTestApp();
const { app, db } = suite;
const { cookie } = await signedInAdmin(suite);
const { send } = adminRequests(suite, cookie, '/api/admin/events');

/** A published event with two registrations paid ($25.00 and $40.00) and one free. */
async function eventWithRegistrations() {
  const { insertEvent, insertRegistration, insertPayment } = testRecords(db);
  const event = await insertEvent({
    slug: `gala-${randomUUID().slice(0, 8)}`,
    title: 'Liberty Gala',
    location: 'Independence Hall',
    requiresPayment: true,
    price: 2500,
    status: 'published',
  });
  const registration = async (firstName: string, amountCents: number) => {
    const row = await insertRegistration(event.id, {
      firstName,
      lastName: 'Lee',
      email: `${firstName.toLowerCase()}+${randomUUID().slice(0, 8)}@example.org`,
      phone: '555-010-1776',
      paymentAmount: amountCents,
      status: amountCents > 0 ? 'paid' : 'confirmed',
    });
    if (amountCents === 0) return { registration: row, chargeRowId: null, paymentId: null };
    const transactionId = `pt_${randomUUID()}`;
    const payment = await insertPayment({
      kind: 'registration',
      recordId: row.id,
      amountCents,
      providerTransactionId: transactionId,
    });
    return {
      registration: row,
      paymentId: payment.id,
      chargeRowId: await recordCharge(db, payment, amountCents, transactionId),
    };
  };
  return {
    event,
    ann: await registration('Ann', 2500),
    bob: await registration('Bob', 4000),
    cy: await registration('Cy', 0),
  };
}

const cancellationOf = async (eventId: string) =>
  EventCancellation.parse(await (await send('GET', `/${eventId}/cancellation`)).json());

describe('cancelling an event with paid registrations', () => {
  it('states the figures, queues one refund per paid charge with its audit entry, and shows the progress', async () => {
    const { event, ann, bob } = await eventWithRegistrations();
    expect(await cancellationOf(event.id)).toMatchObject({
      paidRegistrations: 2,
      refundTotalCents: 6500,
      freeRegistrations: 1,
    });
    // Sent twice at once: one cancels, the other answers what was done.
    const figures = { paidRegistrations: 2, refundTotalCents: 6500 };
    const answers = await Promise.all([
      send('POST', `/${event.id}/cancel`, figures),
      send('POST', `/${event.id}/cancel`, figures),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 202]);
    const data = EventCancelled.parse(await answers[0]?.json()).data;
    expect(data.progress).toMatchObject({ queued: 2, done: 0, failed: 0, total: 2 });
    expect(data.progress.refunds.map((r) => [r.name, r.amountCents, r.state])).toEqual([
      ['Ann Lee', 2500, 'queued'],
      ['Bob Lee', 4000, 'queued'],
    ]);
    const asked = await db.select().from(refunds).where(eq(refunds.cancelledEventId, event.id));
    expect(asked.map((r) => [r.chargeRowId, r.amountCents, r.reason]).sort()).toEqual(
      [
        [ann.chargeRowId, 2500, 'Event cancelled: Liberty Gala'],
        [bob.chargeRowId, 4000, 'Event cancelled: Liberty Gala'],
      ].sort(),
    );
    for (const refund of asked) {
      const job = await db
        .select()
        .from(outbox)
        .where(eq(outbox.jobId, jobIdOf(JOBS.refund, refund.id)));
      expect(job).toHaveLength(1);
    }
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund-requested'), eq(auditLog.entityId, ann.paymentId ?? '')));
    expect(audit.map((a) => a.after)).toEqual([
      {
        refundId: asked.find((r) => r.chargeRowId === ann.chargeRowId)?.id,
        chargeRowId: ann.chargeRowId,
        amountCents: 2500,
        reason: 'Event cancelled: Liberty Gala',
        eventId: event.id,
      },
    ]);

    // The worker's outcomes: Ann's refund made, Bob's refused by the processor.
    const ledger = new RefundLedger(db);
    const annRefund = asked.find((r) => r.chargeRowId === ann.chargeRowId)?.id ?? '';
    const bobRefund = asked.find((r) => r.chargeRowId === bob.chargeRowId)?.id ?? '';
    await ledger.begin(annRefund, new Date());
    await ledger.succeed(annRefund, {
      refundId: `pt_rev_${randomUUID()}`,
      isVoid: false,
      replacementTransactionId: null,
    });
    await ledger.begin(bobRefund, new Date());
    await ledger.fail(bobRefund, 'The payment processor refused the refund (CARD_CLOSED).');
    const after = await cancellationOf(event.id);
    expect(after.progress).toMatchObject({ queued: 0, done: 1, failed: 1, total: 2, refundedCents: 2500 });
    expect(after.progress.refunds.find((r) => r.chargeRowId === bob.chargeRowId)).toMatchObject({
      state: 'failed',
      failureMessage: 'The payment processor refused the refund (CARD_CLOSED).',
    });

    // Retried twice at once: one new refund is queued for what is left; the other is refused.
    const retries = await Promise.all([
      send('POST', `/${event.id}/refunds/${bob.chargeRowId}/retry`),
      send('POST', `/${event.id}/refunds/${bob.chargeRowId}/retry`),
    ]);
    expect(retries.map((res) => res.status).sort()).toEqual([202, 409]);
    const refused = retries.find((res) => res.status === 409);
    expect(((await refused?.json()) as { error: string }).error).toMatch(
      new RegExp(`${eventCancelMessages.refundNotFailed}|${eventCancelMessages.retryRefused}`),
    );
    const bobs = await db
      .select()
      .from(refunds)
      .where(eq(refunds.chargeRowId, bob.chargeRowId ?? ''));
    expect(bobs.map((r) => [r.state, r.amountCents]).sort()).toEqual([
      ['failed', 4000],
      ['queued', 4000],
    ]);
    expect((await cancellationOf(event.id)).progress).toMatchObject({ queued: 1, done: 1, failed: 0, total: 2 });

    // A refund not failed cannot be retried; a charge the cancellation did not ask for is unknown.
    const notFailed = await send('POST', `/${event.id}/refunds/${ann.chargeRowId}/retry`);
    expect(notFailed.status).toBe(409);
    expect(((await notFailed.json()) as { error: string }).error).toBe(eventCancelMessages.refundNotFailed);
    const unknown = await send('POST', `/${event.id}/refunds/${randomUUID()}/retry`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe(eventCancelMessages.refundNotFound);
  });

  it('refuses to cancel while a refund of a paid charge is in flight, changing nothing', async () => {
    const { event, ann } = await eventWithRegistrations();
    const partial = await app.request('/api/admin/refunds', {
      method: 'POST',
      headers: asAdmin(cookie),
      body: JSON.stringify({ chargeRowId: ann.chargeRowId, amountCents: 500 }),
    });
    expect(partial.status).toBe(202);
    // What is left of Ann's charge counts: $20.00 and Bob's $40.00.
    expect(await cancellationOf(event.id)).toMatchObject({ paidRegistrations: 2, refundTotalCents: 6000 });
    const res = await send('POST', `/${event.id}/cancel`, { paidRegistrations: 2, refundTotalCents: 6000 });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(eventCancelMessages.refundInFlight);
    expect(await cancellationOf(event.id)).toMatchObject({ status: 'published', progress: { total: 0 } });
    expect(await db.select().from(refunds).where(eq(refunds.cancelledEventId, event.id))).toHaveLength(0);
  });
});
