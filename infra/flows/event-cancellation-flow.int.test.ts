import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { EventCancellation, EventCancelled } from '@pillars/contracts/admin';
import {
  auditLog,
  eventPlaces,
  eventRegistrations,
  events,
  outboundEmails,
  payments,
  refunds,
  transactions,
} from '@pillars/platform/db';
import type { QueueBackendKind } from '@pillars/platform/jobs';
import type { Job } from 'bullmq';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { usePaymentStack } from './payment-stack';
import { useAdminClient } from './admin-client';
import { useDevMailbox } from './dev-mailbox';

// An event cancelled by the admin (docs/decisions/050), end to end: a registration paid through the
// API and the worker, a free one, then the cancellation through the admin API; the refund job gives
// the fee back at the sandbox provider once however often the cancel is sent, the places are
// released, and each registrant's e-mail says what happens to their money. Both queue backends
// must behave the same: production uses Redis, `npm start` PostgreSQL (ADR 006).
describe.each<QueueBackendKind>(['redis', 'postgres'])('cancelling an event on the %s queue backend', async (kind) => {
  const { database, app, post, settled, tokenFor, sandbox } = await usePaymentStack(kind);
  const { db } = database;

  const { mailbox, sendEmail } = await useDevMailbox(db);

  const admin = useAdminClient(app, db);
  const cancellationOf = async (eventId: string) =>
    EventCancellation.parse(await (await admin('GET', `/events/${eventId}/cancellation`)).json());

  /** A published event of $35.00 with 5 places. */
  async function paidEvent() {
    const start = new Date(Date.now() + 14 * 86_400_000);
    const [event] = await db
      .insert(events)
      .values({
        slug: `supper-${randomUUID().slice(0, 8)}`,
        title: 'Harvest Supper',
        location: 'Liberty Hall',
        startDate: start,
        endDate: new Date(start.getTime() + 3_600_000),
        requiresPayment: true,
        price: 3500,
        capacity: 5,
        status: 'published',
      })
      .returning();
    if (!event) throw new Error('no event');
    await db.insert(eventPlaces).values({ eventId: event.id, tierId: '', capacity: 5, taken: 0 });
    return event;
  }

  async function register(event: { id: string; slug: string }, firstName: string) {
    const email = `${firstName.toLowerCase()}+${randomUUID().slice(0, 8)}@example.org`;
    const res = await post(`/api/events/${event.slug}/register`, {
      eventId: event.id,
      firstName,
      lastName: 'Hancock',
      email,
      phone: '555-010-1776',
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { registrationId: string } };
    return { id: data.registrationId, email };
  }

  /** Sends the event-cancelled e-mails queued for these registrations, as the worker would; returns them by recipient. */
  async function sendCancellations(registrationIds: string[]): Promise<Map<string, string>> {
    const queued = await db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.kind, 'event-cancelled'), inArray(outboundEmails.subjectId, registrationIds)));
    const before = new Set(await readdir(mailbox));
    for (const row of queued) await sendEmail({ data: { emailId: row.id } } as Job);
    const files = (await readdir(mailbox)).filter((file) => !before.has(file));
    const mails = await Promise.all(files.map((file) => readFile(join(mailbox, file), 'utf8')));
    // Quoted-printable soft line breaks joined, `=3D` read as `=`.
    const plain = mails.map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    return new Map(plain.map((m) => [/^To: (.+)$/m.exec(m)?.[1]?.trim() ?? '', m]));
  }

  it('refunds the paid registration once (sent twice), releases places and e-mails each registrant', async () => {
    const event = await paidEvent();
    const paid = await register(event, 'John');
    const pay = await post(`/api/event-registrations/${paid.id}/payment`, { paymentMethodToken: await tokenFor() });
    const { paymentId } = (await pay.json()) as { paymentId: string };
    const charge = await settled(paymentId);
    expect(charge).toMatchObject({ state: 'succeeded', amountCents: 3500 });
    await expect
      .poll(async () => (await db.select().from(transactions).where(eq(transactions.paymentId, paymentId))).length)
      .toBe(1);
    const free = await register(event, 'Abigail');
    const placesTaken = async () =>
      (await db.select().from(eventPlaces).where(eq(eventPlaces.eventId, event.id)))[0]?.taken;
    expect(await placesTaken()).toBe(2);

    // The confirmation states what will be refunded.
    expect(await cancellationOf(event.id)).toMatchObject({
      status: 'published',
      paidRegistrations: 1,
      refundTotalCents: 3500,
      freeRegistrations: 1,
      progress: { total: 0 },
    });

    // Submitted twice at once: the event's row lock lets one cancel; the other finds it cancelled.
    const figures = { paidRegistrations: 1, refundTotalCents: 3500 };
    const answers = await Promise.all([
      admin('POST', `/events/${event.id}/cancel`, figures),
      admin('POST', `/events/${event.id}/cancel`, figures),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 202]);
    for (const res of answers) EventCancelled.parse(await res.json());

    await expect
      .poll(async () => (await cancellationOf(event.id)).progress, { timeout: 30_000, interval: 200 })
      .toMatchObject({ done: 1, queued: 0, failed: 0, total: 1, refundedCents: 3500 });
    const rows = await db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(rows.map((r) => [r.state, r.amountCents, r.cancelledEventId])).toEqual([['succeeded', 3500, event.id]]);
    const refundRows = await db.select().from(transactions).where(eq(transactions.paymentId, paymentId));
    expect(refundRows.map((r) => [r.status, r.amount]).sort()).toEqual([
      ['completed', 3500],
      ['refunded', 3500],
    ]);
    // The sandbox's ledger shows one reversal of the charge: the fee given back once.
    const reversals = sandbox
      .ledger()
      .filter((e) => e.kind !== 'charge' && 'transactionId' in e && e.transactionId === charge.transactionId);
    expect(reversals).toHaveLength(1);

    // Places released; both registrations given up.
    expect(await placesTaken()).toBe(0);
    const statuses = await db
      .select({ id: eventRegistrations.id, status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id));
    expect(statuses.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);

    // Each registrant's e-mail says the event is cancelled; the payer's that $35.00 is on its way.
    const mails = await sendCancellations([paid.id, free.id]);
    expect(mails.size).toBe(2);
    const toPayer = mails.get(paid.email) ?? '';
    expect(toPayer).toContain('Subject: Cancelled: Harvest Supper');
    expect(toPayer).toContain('Your refund of $35.00 is on its way to the card you paid with');
    const toFree = mails.get(free.email) ?? '';
    expect(toFree).toContain('Subject: Cancelled: Harvest Supper');
    expect(toFree).toContain('has been cancelled and will not take place');
    expect(toFree).not.toContain('refund');

    // Audited: the cancellation once, the refund as an admin's refund is.
    const audit = await db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [event.id, paymentId]));
    expect(audit.map((a) => a.action).sort()).toEqual(['event.cancelled', 'payment.refund-requested']);

    // Sent again once all is done: nothing more is refunded or e-mailed.
    const again = await admin('POST', `/events/${event.id}/cancel`, figures);
    expect(again.status).toBe(200);
    expect(await db.select().from(refunds).where(eq(refunds.paymentId, paymentId))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(outboundEmails)
        .where(and(eq(outboundEmails.kind, 'event-cancelled'), inArray(outboundEmails.subjectId, [paid.id, free.id]))),
    ).toHaveLength(2);
  });

  it('gives back a charge that was on its way when the event was cancelled, once', async () => {
    const event = await paidEvent();
    const late = await register(event, 'Samuel');
    const token = await tokenFor();
    // The charge is made, then answered slowly: the admin cancels while it is on its way.
    sandbox.setFaults({ latencyMs: 1500 });
    onTestFinished(() => sandbox.setFaults({ latencyMs: 0 }));
    const pay = await post(`/api/event-registrations/${late.id}/payment`, { paymentMethodToken: token });
    const { paymentId } = (await pay.json()) as { paymentId: string };
    await expect
      .poll(async () => (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.state, {
        timeout: 30_000,
        interval: 50,
      })
      .toBe('processing');
    // Not yet charged, so not among the figures the admin confirms.
    expect(await cancellationOf(event.id)).toMatchObject({ paidRegistrations: 0, refundTotalCents: 0 });
    const res = await admin('POST', `/events/${event.id}/cancel`, { paidRegistrations: 0, refundTotalCents: 0 });
    expect(res.status).toBe(202);
    sandbox.setFaults({ latencyMs: 0 });

    const charge = await settled(paymentId);
    expect(charge).toMatchObject({ state: 'succeeded', amountCents: 3500 });
    // The charge goes back, marked with the cancellation, so the admin's progress shows it.
    await expect
      .poll(async () => (await cancellationOf(event.id)).progress, { timeout: 30_000, interval: 200 })
      .toMatchObject({ done: 1, queued: 0, failed: 0, total: 1, refundedCents: 3500 });
    const rows = await db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(rows.map((r) => [r.state, r.amountCents, r.cancelledEventId, r.requestedBy])).toEqual([
      ['succeeded', 3500, event.id, 'system'],
    ]);
    const reversals = sandbox
      .ledger()
      .filter((e) => e.kind !== 'charge' && 'transactionId' in e && e.transactionId === charge.transactionId);
    expect(reversals).toHaveLength(1);
    // The registration stays cancelled and holds no place.
    const [registration] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, late.id));
    expect(registration?.status).toBe('cancelled');
    expect((await db.select().from(eventPlaces).where(eq(eventPlaces.eventId, event.id)))[0]?.taken).toBe(0);
  });
});
