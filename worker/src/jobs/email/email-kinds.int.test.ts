import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@pillars/platform/config';
import {
  type OutboundEmailKind,
  type PaymentKind,
  donations,
  eventRegistrations,
  events,
  hashManageToken,
  manageLinks,
  membershipApplications,
  memberships,
  outboundEmails,
  type payments,
  refunds,
  transactions,
} from '@pillars/platform/db';
import { JOBS, QUEUES, queueEmails } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { type MailMessage, createMailer } from '@pillars/platform/mail';
import { insertTransactionRow, receiptNumberOf, recordProviderDispute, transactionRow } from '@pillars/money';
import { paymentReferenceOf } from '@pillars/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useQueueWorker } from '../../test/queue-worker';
import { emailProcessor } from './email.processor';
import { insertPayment } from '../../test/payment-rows';
import { statementRecorder } from '../../test/statements';

const PUBLIC_URL = 'https://pillars.example.org';
const clock = new Date('2026-11-24T15:00:00.000Z');
const config = loadConfig({
  PUBLIC_URL,
  ORG_NAME: 'Patriot Pillars',
  ORG_LEGAL_NAME: 'Patriot Pillars Foundation, Inc.',
  ORG_EIN: '12-3456789',
  CONTACT_EMAIL: 'hello@patriotpillars.org',
  CONTACT_PHONE: '(555) 010-1776',
  CONTACT_ADDRESS: '1 Liberty Way, Philadelphia, PA 19106',
  DUNNING_GRACE_DAYS: '14',
  MANAGE_LINK_TTL_HOURS: '72',
});
const provider = { providerName: 'paytheory', liveMode: false };

/**
 * Every kind of e-mail through the real send-email job: real PostgreSQL, a real queue and the
 * dev mailbox (nodemailer writing .eml files), with each message also kept as handed to the mailer
 * so its HTML, plain text and attachments can be read. Rows are queued as production queues them.
 */
describe('send-email, by kind', async () => {
  const database = await useTestDatabase();
  const { db } = database;
  const backend = await useQueueBackend('redis', database.url);
  const logger = createLogger({ level: 'silent' });
  const mailbox = await mkdtemp(join(tmpdir(), 'pillars-mailbox-'));
  afterAll(() => rm(mailbox, { recursive: true, force: true }));
  const devMailbox = createMailer(
    { SMTP_URL: undefined, MAIL_FROM: 'Pillars <no-reply@example.org>', MAILBOX_DIR: mailbox },
    logger,
  );
  const sent: MailMessage[] = [];
  const mailer = {
    destination: devMailbox.destination,
    async send(message: MailMessage) {
      await devMailbox.send(message);
      sent.push(message);
    },
  };
  const { run } = useQueueWorker(
    backend,
    QUEUES.email,
    emailProcessor({ db, mailer, logger, config, now: () => clock }),
  );

  const unique = () => randomUUID().slice(0, 8);
  const emailOf = async (id: string) => (await db.select().from(outboundEmails).where(eq(outboundEmails.id, id)))[0];

  // Every SQL statement the send-email job sends while `send` runs (the queue is Redis's, so the
  // job's statements are the only ones).
  const statements = statementRecorder(80);

  /** Runs the e-mail's job; resolves with the one message it handed over (or undefined) and its statements. */
  async function send(emailId: string) {
    const before = sent.length;
    statements.start();
    const outcome = await run(JOBS.sendEmail, { emailId });
    const ran = statements.stop();
    expect(outcome.ok).toBe(true);
    return { result: outcome.result, message: sent.slice(before)[0], statements: ran };
  }

  async function queue(kind: OutboundEmailKind, subjectId: string | null, recipient: string): Promise<string> {
    if (subjectId === null) {
      const [row] = await db.insert(outboundEmails).values({ kind, recipient }).returning();
      return row?.id ?? '';
    }
    const [row] = await queueEmails(db, [{ kind, subjectId, recipient }]);
    const emailId = (row?.payload as { emailId?: string } | undefined)?.emailId;
    if (!emailId) throw new Error('no e-mail queued');
    return emailId;
  }

  const payment = (kind: PaymentKind, recordId: string, extra: Partial<typeof payments.$inferInsert> = {}) =>
    insertPayment(db, {
      kind,
      recordId,
      amountCents: 2500,
      state: 'succeeded',
      providerTransactionId: `pt_txn_${unique()}`,
      ...extra,
    });

  /** A transactions row written as the worker writes it, with the e-mail it queued. */
  async function charge(
    pay: typeof payments.$inferSelect,
    payor: { firstName: string; lastName: string; email: string },
    {
      succeeded = true,
      amountCents = pay.amountCents,
      at = new Date('2026-11-24T03:30:00.000Z'),
      lastFour = null as string | null,
    } = {},
  ) {
    const row = transactionRow({
      payment: pay,
      payor,
      amountCents,
      providerTransactionId: `pt_txn_${unique()}`,
      succeeded,
      provider,
      cardLastFour: lastFour,
    });
    const recorded = await insertTransactionRow(db, { ...row, createdAt: at });
    const emailId = (recorded?.outboxRows[0]?.payload as { emailId?: string } | undefined)?.emailId;
    if (!recorded || !emailId) throw new Error('no transactions row or e-mail');
    return { rowId: recorded.rowId, emailId, createdAt: at };
  }

  /** Each of `texts` stands in both the e-mail's plain text and its HTML. */
  function expectInTextAndHtml(message: MailMessage | undefined, texts: string[]) {
    for (const part of [message?.text ?? '', message?.html ?? '']) {
      for (const text of texts) expect(part).toContain(text);
    }
  }

  /** A refund of `cents` of a charge the provider has done, as the refund job records it. */
  async function succeededRefund(
    paymentId: string,
    chargeRowId: string,
    cents: number,
    extra: Partial<typeof refunds.$inferInsert> = {},
  ) {
    const [refund] = await db
      .insert(refunds)
      .values({
        paymentId,
        chargeRowId,
        providerTransactionId: 'pt_txn_charge',
        amountCents: cents,
        state: 'succeeded',
        requestedBy: 'admin',
        ...extra,
      })
      .returning();
    return refund;
  }

  async function donor(recurring = false) {
    const person = { firstName: 'Abigail', lastName: 'Adams', email: `abigail+${unique()}@example.org` };
    const [row] = await db
      .insert(donations)
      .values({ ...person, amount: '25.00', paymentMethod: 'card', isRecurring: recurring, status: 'completed' })
      .returning();
    if (!row) throw new Error('insert returned no donation');
    return { ...person, id: row.id };
  }

  async function member() {
    const person = { firstName: 'Paul', lastName: 'Revere', email: `paul+${unique()}@example.org` };
    const [row] = await db
      .insert(memberships)
      .values({ ...person, phone: '555-0100', paymentMethod: 'card', status: 'active' })
      .returning();
    if (!row) throw new Error('insert returned no membership');
    return { ...person, id: row.id };
  }

  /** The address in a manage link sent in this message, whose token's hash is stored for the recipient. */
  async function manageLinkIn(message: MailMessage | undefined, recipient: string) {
    const token = /https:\/\/pillars\.example\.org\/manage\?token=([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const [link] = await db
      .select()
      .from(manageLinks)
      .where(eq(manageLinks.tokenHash, hashManageToken(token ?? '')));
    expect(link).toMatchObject({
      email: recipient,
      usedAt: null,
      expiresAt: new Date(clock.getTime() + 72 * 3_600_000),
    });
  }

  it('a contribution receipt states the legal name, EIN, amount, date, card, number and the goods statement', async () => {
    const person = await donor();
    const pay = await payment('donation', person.id, { amountCents: 5000 });
    const { rowId, emailId, createdAt } = await charge(pay, person, { lastFour: '4242' });
    const { result, message, statements: run } = await send(emailId);
    expect(result).toBe('sent');
    // The e-mail row (1); the charge row, its payment, event and dispute read with the manage link
    // stored, in one statement (1); the sent mark (1).
    expect(run, run.join('\n')).toHaveLength(3);
    const number = receiptNumberOf({ id: rowId, createdAt });
    expect(number).toMatch(/^2026-[0-9A-F]{10}$/);
    expect(message?.to).toBe(person.email);
    expect(message?.subject).toBe(`Receipt ${number} for your contribution to Patriot Pillars`);
    expectInTextAndHtml(message, [
      'Patriot Pillars Foundation, Inc.',
      '12-3456789',
      '$50.00',
      'November 23, 2026',
      'Card ending in 4242',
      number,
      'No goods or services were provided in exchange for this contribution.',
      // The footer: how to reach the organisation.
      '1 Liberty Way, Philadelphia, PA 19106',
      'hello@patriotpillars.org',
      '(555) 010-1776',
    ]);
    expect(message?.text).not.toContain('monthly');
    await manageLinkIn(message, person.email);
    expect(await emailOf(emailId)).toMatchObject({
      state: 'sent',
      sentAt: clock,
      subjectLine: message?.subject,
      lastError: null,
    });
  });

  it('a monthly gift’s receipt says it is an instalment and when the next one is', async () => {
    const person = await donor(true);
    const pay = await payment('recurring_donation', person.id, {
      providerRecurringId: `pt_rec_${unique()}`,
      nextPaymentDate: '2026-12-23',
    });
    const { emailId } = await charge(pay, person);
    const { message } = await send(emailId);
    expect(message?.text).toContain('This payment is one instalment of your monthly gift.');
    expect(message?.text).toContain('The next instalment is scheduled for December 23, 2026.');
    expect(message?.text).toContain('No goods or services were provided in exchange for this contribution.');
  });

  it('membership dues and an event fee are stated as such, without the contribution statement', async () => {
    const person = await member();
    const plan = await payment('membership', person.id, { providerRecurringId: `pt_rec_${unique()}` });
    const dues = await send((await charge(plan, person)).emailId);
    // A row whose card digits the provider did not show names the card without them.
    expect(dues.message?.text).toMatch(/Paid with:\s+Card\n/);
    expect(dues.message?.subject).toMatch(/^Receipt \S+ for your Patriot Pillars membership dues$/);
    expect(dues.message?.text).toContain('This payment is membership dues for Patriot Pillars; it is not a donation.');
    expect(dues.message?.text).toContain('This payment is one instalment of your monthly membership.');
    expect(dues.message?.text).not.toContain('No goods or services');
    expect(dues.message?.text).toContain('12-3456789');

    const { registration } = await registrationFor('Autumn Gala');
    const fee = await payment('registration', registration.id, { amountCents: 4500 });
    const paid = await send((await charge(fee, registration)).emailId);
    expect(paid.message?.subject).toMatch(/^Receipt \S+ for your registration fee for Autumn Gala$/);
    expect(paid.message?.text).toContain('This payment is a registration fee for Autumn Gala; it is not a donation.');
    expect(paid.message?.text).toContain('$45.00');
    expect(paid.message?.text).not.toContain('No goods or services');
    expect(paid.message?.text).not.toContain('instalment');
  });

  async function registrationFor(title: string) {
    const slug = `gala-${unique()}`;
    const [event] = await db
      .insert(events)
      .values({
        title,
        slug,
        // Saturday October 31, 2026, 6:00 PM EDT, to Sunday November 1, 1:30 AM EST (clocks went back).
        startDate: new Date('2026-10-31T22:00:00.000Z'),
        endDate: new Date('2026-11-01T06:30:00.000Z'),
        location: 'Liberty Hall, 1 Main St',
        requiresPayment: true,
        pricingTiers: JSON.stringify([
          { id: 'vip', name: 'VIP', price: 4500, description: 'Front rows', benefits: ['Dinner'] },
        ]),
      })
      .returning();
    const person = { firstName: 'John', lastName: 'Hancock', email: `john+${unique()}@example.org` };
    const [registration] = await db
      .insert(eventRegistrations)
      .values({ ...person, phone: '555-0101', eventId: event?.id ?? '', paymentAmount: 4500, selectedTier: 'vip' })
      .returning();
    if (!event || !registration) throw new Error('insert returned nothing');
    return { event, registration: { ...person, id: registration.id } };
  }

  it('a registration confirmation names the event, its time in New York, place, tier and fee, with an .ics', async () => {
    const { event, registration } = await registrationFor('Autumn Gala');
    await payment('registration', registration.id, { amountCents: 4500 });
    const emailId = await queue('registration-confirmation', registration.id, registration.email);
    const { message } = await send(emailId);
    expect(message?.subject).toBe('You are registered: Autumn Gala');
    const text = message?.text ?? '';
    expect(text).toMatch(/Date:\s+Saturday, October 31, 2026\n/);
    expect(text).toContain('6:00 PM – Sunday, November 1, 1:30 AM ET');
    expect(text).toContain('Liberty Hall, 1 Main St');
    expect(text).toContain('VIP');
    expect(text).toContain('$45.00');
    expect(text).toContain(`${PUBLIC_URL}/events/${event.slug}`);

    expect(message?.attachments).toHaveLength(1);
    const ics = message?.attachments?.[0];
    expect(ics?.filename).toBe(`${event.slug}.ics`);
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const unfolded = (ics?.content ?? '').replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`UID:registration-${registration.id}@pillars.example.org`);
    expect(unfolded).toContain('DTSTART:20261031T220000Z');
    expect(unfolded).toContain('DTEND:20261101T063000Z');
    expect(unfolded).toContain('SUMMARY:Autumn Gala');
    expect(unfolded).toContain('LOCATION:Liberty Hall\\, 1 Main St');
    expect(unfolded).toContain(`URL:${PUBLIC_URL}/events/${event.slug}`);

    // The .eml in the mailbox carries it as a calendar part.
    const files = await readdir(mailbox);
    const eml = await Promise.all(files.map((file) => readFile(join(mailbox, file), 'utf8')));
    expect(
      eml.some((m) => m.includes('Subject: You are registered: Autumn Gala') && /Content-Type: text\/calendar/.test(m)),
    ).toBe(true);
  });

  it('a free registration is confirmed with no fee', async () => {
    const { registration } = await registrationFor('Open House');
    const { message } = await send(await queue('registration-confirmation', registration.id, registration.email));
    expect(message?.text).toMatch(/Amount paid:\s+Free/);
  });

  it('an event cancelled names the event and when it would have been, and mentions a fee paid', async () => {
    const { event, registration } = await registrationFor('Harvest Supper');
    await db.update(events).set({ status: 'cancelled' }).where(eq(events.id, event.id));
    await payment('registration', registration.id, { amountCents: 4500 });
    const { message } = await send(await queue('event-cancelled', registration.id, registration.email));
    expect(message?.to).toBe(registration.email);
    expect(message?.subject).toBe('Cancelled: Harvest Supper');
    const text = message?.text ?? '';
    expect(text).toContain('Dear John, we are sorry to tell you that Harvest Supper');
    expect(text).toMatch(/Date:\s+Saturday, October 31, 2026\n/);
    expect(text).toContain('Liberty Hall, 1 Main St');
    expect(text).toMatch(/Amount paid:\s+\$45\.00/);
    expect(text).toContain('We will be in touch about the fee you paid.');
    expect(message?.attachments ?? []).toHaveLength(0);
  });

  it('an event cancelled is not sent once the event is live again', async () => {
    const { registration } = await registrationFor('Spring Picnic');
    const emailId = await queue('event-cancelled', registration.id, registration.email);
    expect((await send(emailId)).result).toBe('skipped');
    expect(await emailOf(emailId)).toMatchObject({ state: 'skipped', sentAt: null });
  });

  it('a membership welcome says it is active, its dues and next instalment, with a manage link', async () => {
    const person = await member();
    await payment('membership', person.id, {
      providerRecurringId: `pt_rec_${unique()}`,
      nextPaymentDate: '2026-12-24',
    });
    const { message } = await send(await queue('membership-welcome', person.id, person.email));
    expect(message?.subject).toBe('Welcome to Patriot Pillars');
    expect(message?.text).toContain('Welcome, Paul');
    expect(message?.text).toContain('$25.00 a month');
    expect(message?.text).toContain('December 24, 2026');
    await manageLinkIn(message, person.email);
  });

  it('a failed instalment says what happens next, the grace period and how to update the card', async () => {
    const person = await member();
    const plan = await payment('membership', person.id, { providerRecurringId: `pt_rec_${unique()}` });
    const { emailId } = await charge(plan, person, { succeeded: false });
    const { message } = await send(emailId);
    expect(message?.subject).toBe('We could not charge your card for your membership');
    expect(message?.text).toContain('We will try again.');
    expect(message?.text).toContain('hello@patriotpillars.org');
    expect(message?.text).toContain('If no instalment succeeds within 14 days, your membership becomes inactive.');
    await manageLinkIn(message, person.email);

    const giver = await donor(true);
    const gift = await payment('recurring_donation', giver.id, { providerRecurringId: `pt_rec_${unique()}` });
    const failed = await send((await charge(gift, giver, { succeeded: false })).emailId);
    expect(failed.message?.text).toContain('If no instalment succeeds within 14 days, your monthly gift is cancelled.');
  });

  it('a refund receipt gives the amount, the original charge, what remains and the refund date', async () => {
    const person = await donor();
    const pay = await payment('donation', person.id, { amountCents: 10000 });
    const { rowId, createdAt } = await charge(pay, person, { amountCents: 10000 });
    const refundIds: string[] = [];
    for (const [cents, day] of [
      [3000, '2026-11-25T16:00:00.000Z'],
      [2000, '2026-11-26T16:00:00.000Z'],
    ] as const) {
      const [refundRow] = await db
        .insert(transactions)
        .values({
          paymentId: pay.id,
          refundOf: rowId,
          amount: cents,
          status: 'refunded',
          paymentMethod: 'card',
          paymentProvider: 'paytheory',
          buyerName: 'Abigail Adams',
          buyerEmail: person.email,
          createdAt: new Date(day),
        })
        .returning();
      const refund = await succeededRefund(pay.id, rowId, cents, {
        refundRowId: refundRow?.id ?? null,
        // The first was a void (the charge not yet settled), the second a refund.
        isVoid: cents === 3000,
        createdAt: new Date(day),
      });
      refundIds.push(refund?.id ?? '');
    }
    const { message } = await send(await queue('refund-receipt', refundIds[1] ?? '', person.email));
    expect(message?.subject).toBe('Patriot Pillars refunded $20.00 to you');
    const text = message?.text ?? '';
    expect(text).toMatch(/Amount refunded:\s+\$20\.00/);
    expect(text).toMatch(/Refund date:\s+November 26, 2026/);
    expect(text).toMatch(/Original payment:\s+\$100\.00 on November 23, 2026/);
    expect(text).toContain(receiptNumberOf({ id: rowId, createdAt }));
    // $100 less both refunds so far.
    expect(text).toMatch(/Refunded in all:\s+\$50\.00/);
    expect(text).toMatch(/Remaining payment:\s+\$50\.00/);
    expect(text).toMatch(/Payment status:\s+Partly refunded/);
    expect(text).toContain('Patriot Pillars Foundation, Inc.');
    expect(text).toContain('The money goes back to the card you paid with');
    const voided = await send(await queue('refund-receipt', refundIds[0] ?? '', person.email));
    expect(voided.message?.text).toContain(
      'Your payment had not yet been collected from your card, so this amount is simply never taken',
    );
    expect(voided.message?.text).not.toContain('The money goes back to the card you paid with');
    // The first alone: $30 of $100, what was left then.
    expect(voided.message?.text).toMatch(/Remaining payment:\s+\$70\.00/);
    expect(voided.message?.text).not.toContain('Refunded in all');
  });

  it('a refund receipt counts the refund it is about, at the times the database writes', async () => {
    const person = await donor();
    const pay = await payment('donation', person.id, { amountCents: 1234 });
    const { rowId } = await charge(pay, person, { amountCents: 1234 });
    // Written as the refund job writes them: created_at by the database, to the microsecond.
    const refundOf = async (cents: number) => {
      const refund = await succeededRefund(pay.id, rowId, cents);
      return send(await queue('refund-receipt', refund?.id ?? '', person.email));
    };
    const part = (await refundOf(500)).message?.text ?? '';
    expect(part).toMatch(/Amount refunded:\s+\$5\.00/);
    expect(part).toMatch(/Remaining payment:\s+\$7\.34/);
    expect(part).toMatch(/Payment status:\s+Partly refunded/);
    const rest = (await refundOf(734)).message?.text ?? '';
    expect(rest).toMatch(/Refunded in all:\s+\$12\.34/);
    expect(rest).toMatch(/Remaining payment:\s+\$0\.00/);
    expect(rest).toMatch(/Payment status:\s+Refunded/);
  });

  it('a plan that ended says so, with the reason unless the donor asked', async () => {
    const person = await member();
    const lapsed = await payment('membership', person.id, {
      providerRecurringId: `pt_rec_${unique()}`,
      cancelRequestedAt: new Date('2026-11-20T12:00:00.000Z'),
      cancelRequestedBy: 'system',
      cancelledAt: new Date('2026-11-20T12:05:00.000Z'),
    });
    const { message } = await send(await queue('plan-cancelled', lapsed.id, person.email));
    expect(message?.subject).toBe('Your Patriot Pillars membership has ended');
    expect(message?.text).toMatch(/Ended on:\s+November 20, 2026/);
    expect(message?.text).toMatch(/Reason:\s+No monthly instalment succeeded within 14 days\./);

    const giver = await donor(true);
    const asked = await payment('recurring_donation', giver.id, {
      providerRecurringId: `pt_rec_${unique()}`,
      cancelRequestedAt: clock,
      cancelRequestedBy: 'donor',
      cancelReason: 'Asked through the manage page',
      cancelledAt: clock,
    });
    const own = await send(await queue('plan-cancelled', asked.id, giver.email));
    expect(own.message?.subject).toBe('Your Patriot Pillars monthly gift has ended');
    expect(own.message?.text).not.toContain('Reason');
  });

  it('a manage link goes to an address with something to manage, and nowhere else', async () => {
    const person = await donor();
    const { result, message } = await send(await queue('manage-link', null, person.email));
    expect(result).toBe('sent');
    expect(message?.to).toBe(person.email);
    expect(message?.text).toContain('within 72 hours');
    await manageLinkIn(message, person.email);

    const before = sent.length;
    const unknown = await queue('manage-link', null, `nobody+${unique()}@example.org`);
    expect((await send(unknown)).result).toBe('skipped');
    expect(sent).toHaveLength(before);
    expect(await emailOf(unknown)).toMatchObject({ state: 'skipped', sentAt: null, subjectLine: null });
  });

  /** A dispute of a recorded charge, recorded as the worker records one a DISPUTE webhook announced. */
  async function disputeOf(rowId: string, status = 'PENDING') {
    const [row] = await db.select().from(transactions).where(eq(transactions.id, rowId));
    const transactionId = row?.providerTransactionId ?? '';
    return recordProviderDispute(
      db,
      {
        disputeId: `pt_disp_${unique()}`,
        transactionId,
        status,
        amountCents: row?.amount ?? 0,
        reason: 'FRAUD',
        reasonMessage: 'Cardholder does not recognise the charge',
        disputeDate: '2026-11-20T14:00:00.000Z',
        expirationDate: '2026-12-04T14:00:00.000Z',
        updatedDate: '2026-11-20T14:00:00.000Z',
      },
      { provider: 'paytheory', foundBy: 'webhook', contactEmail: config.CONTACT_EMAIL },
    );
  }

  it('a dispute tells the contact address which payment, how much, why and by when, without the payer’s address', async () => {
    const person = await donor();
    const pay = await payment('donation', person.id, { amountCents: 888888 });
    const { rowId } = await charge(pay, person, { lastFour: '4242' });
    const recorded = await disputeOf(rowId);
    expect(recorded.outcome).toBe('opened');
    const emailId = (recorded.outboxRows[0]?.payload as { emailId?: string } | undefined)?.emailId ?? '';
    const { result, message } = await send(emailId);
    expect(result).toBe('sent');
    const reference = paymentReferenceOf(pay.id);
    expect(message?.to).toBe('hello@patriotpillars.org');
    expect(message?.subject).toBe(`Patriot Pillars: a card payment was disputed (${reference})`);
    for (const part of [message?.text ?? '', message?.html ?? '']) {
      expect(part).toContain(`The cardholder of payment ${reference} has disputed it with their card issuer.`);
      expect(part).toContain('A gift');
      expect(part).toContain('Abigail Adams');
      expect(part).toContain('$8,888.88');
      expect(part).toContain('PENDING');
      expect(part).toContain('FRAUD');
      expect(part).toContain('November 20, 2026');
      expect(part).toContain('December 4, 2026');
      expect(part).toContain('https://pillars.example.org/admin');
      expect(part).not.toContain(person.email);
      expect(part).not.toContain('4242');
    }
    // In the dev mailbox as well, addressed to the organisation.
    const files = await readdir(mailbox);
    const eml = await Promise.all(files.map((file) => readFile(join(mailbox, file), 'utf8')));
    expect(eml.filter((text) => text.includes(`was disputed (${reference})`))).toHaveLength(1);
  });

  it('a membership application is acknowledged to the applicant and told to the contact address with their details', async () => {
    const email = `martha+${unique()}@example.org`;
    const [application] = await db
      .insert(membershipApplications)
      .values({
        firstName: 'Martha',
        lastName: 'Washington',
        email,
        phone: '555-010-1732',
        message: 'I would like to help with events.',
        paymentMethod: 'card',
        createdAt: new Date('2026-11-23T18:00:00.000Z'),
      })
      .returning();
    const rows = await queueEmails(db, [
      { kind: 'membership-interest-received', subjectId: application?.id ?? '', recipient: email },
      { kind: 'membership-interest-notice', subjectId: application?.id ?? '', recipient: config.CONTACT_EMAIL },
    ]);
    const [ackId, noticeId] = rows.map((row) => (row.payload as { emailId: string }).emailId);

    const ack = await send(ackId ?? '');
    expect(ack.result).toBe('sent');
    expect(ack.message?.to).toBe(email);
    expect(ack.message?.subject).toBe('We received your interest in Patriot Pillars membership');
    expectInTextAndHtml(ack.message, [
      'Thank you, Martha',
      'review your application and contact you soon.',
      'This is not a membership yet, and nothing has been charged.',
      'https://pillars.example.org/membership',
      'November 23, 2026',
    ]);
    expect(ack.message?.text).toContain("We'll review your application and contact you soon.");

    const notice = await send(noticeId ?? '');
    expect(notice.result).toBe('sent');
    expect(notice.message?.to).toBe('hello@patriotpillars.org');
    expect(notice.message?.subject).toBe('Patriot Pillars: membership application from Martha Washington');
    expectInTextAndHtml(notice.message, [
      'Martha Washington sent the membership form on the home page',
      email,
      '555-010-1732',
      'I would like to help with events.',
      'https://pillars.example.org/admin',
      'Membership Interest',
    ]);
    expect(await emailOf(noticeId ?? '')).toMatchObject({ state: 'sent', subjectLine: notice.message?.subject });
    // Queued again (a retried request or job) for the same application: nothing more is queued.
    expect(
      await queueEmails(db, [
        { kind: 'membership-interest-notice', subjectId: application?.id ?? '', recipient: email },
      ]),
    ).toEqual([]);
  });

  it('a disputed charge’s receipt is not sent again: a retried receipt job is skipped', async () => {
    const person = await donor();
    const pay = await payment('donation', person.id);
    const { rowId, emailId } = await charge(pay, person);
    await disputeOf(rowId);
    const { result, message } = await send(emailId);
    expect(result).toBe('skipped');
    expect(message).toBeUndefined();
    expect(await emailOf(emailId)).toMatchObject({ state: 'skipped', sentAt: null });
    // Nothing sent, so no manage link stored for it either.
    expect(await db.select().from(manageLinks).where(eq(manageLinks.email, person.email))).toEqual([]);
  });

  it('sends once when the job runs twice, and skips an e-mail whose subject is gone', async () => {
    const person = await donor();
    const pay = await payment('donation', person.id);
    const { emailId } = await charge(pay, person);
    expect((await send(emailId)).result).toBe('sent');
    const count = sent.length;
    const again = await send(emailId);
    expect(again.result).toBe('sent');
    expect(sent).toHaveLength(count);

    for (const kind of [
      'receipt',
      'refund-receipt',
      'registration-confirmation',
      'membership-welcome',
      'charge-failed',
      'plan-cancelled',
      'event-cancelled',
      'dispute-opened',
      'membership-interest-received',
      'membership-interest-notice',
    ] as const) {
      const missing = await queue(kind, randomUUID(), person.email);
      expect((await send(missing)).result).toBe('skipped');
      expect(await emailOf(missing)).toMatchObject({ state: 'skipped', sentAt: null });
    }
    expect(sent).toHaveLength(count);
  });
});
