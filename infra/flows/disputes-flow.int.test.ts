import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@pillars/platform/config';
import { PaymentAccepted, PaymentStatus, paymentReferenceOf } from '@pillars/contracts';
import { AdminPaymentDetail, AuditLogPage, ContributorsPage } from '@pillars/contracts/admin';
import {
  DISPUTE_CHANGED_ACTION,
  DISPUTE_OPENED_ACTION,
  auditLog,
  disputes,
  outboundEmails,
  webhookEvents,
} from '@pillars/platform/db';
import { createLogger } from '@pillars/platform/logger';
import { createMailer } from '@pillars/platform/mail';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '@pillars/api/test/admin-session';
import { startFlowWorkers } from './flow-workers';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useWebhookApi } from './webhook-api';
import { oneTimeDonation } from './payment-stack';

// Disputes end to end (docs/decisions/047-disputes.md), over real HTTP both ways: a gift of
// $8,888.88 (888888 cents, the amount that opens a dispute in Pay Theory's test mode) is charged by
// the worker; the sandbox opens a PENDING dispute and POSTs an unsigned DISPUTE notification to the
// API's webhook URL; the API stores it and queues process-webhook; the worker re-fetches the
// charge's disputes and records the dispute against the payment, audits it and e-mails the
// organisation's contact address (the dev mailbox). The admin pages' API answers are read as an
// admin reads them. Real PostgreSQL, Redis, sandbox and send-email job.
const URL_SECRET = randomUUID().replace(/-/g, '');
const CONTACT_EMAIL = 'office@pillars.example.org';

const database = await useTestDatabase();
const queues = await useQueueBackend('redis', database.url);

const { apiUrl, app, sandbox, provider, tokenFor } = await useWebhookApi(database, queues, URL_SECRET);

const mailbox = await mkdtemp(join(tmpdir(), 'pillars-disputes-mailbox-'));
afterAll(() => rm(mailbox, { recursive: true, force: true }));
const logger = createLogger({ level: 'silent' });
const site = loadConfig({ PUBLIC_URL: 'https://pillars.example.org', CONTACT_EMAIL });
const workers = await startFlowWorkers(database, queues, {
  provider,
  logger,
  recurringPoll: { everyMs: 7 * 24 * 3_600_000 },
  email: {
    mailer: createMailer(
      { SMTP_URL: undefined, MAIL_FROM: 'Pillars <no-reply@example.org>', MAILBOX_DIR: mailbox },
      logger,
    ),
    site,
  },
  contactEmail: CONTACT_EMAIL,
});
afterAll(() => workers.stop());

const cookie = await signIn(app, await createTestAdmin(database.db));
async function admin<T>(path: string, schema: { parse: (value: unknown) => T }): Promise<T> {
  const res = await fetch(`${apiUrl}/api/admin${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return schema.parse(await res.json());
}

async function settled(paymentId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${apiUrl}/api/payments/${paymentId}?waitMs=5000`);
    const status = PaymentStatus.parse(await res.json());
    if (status.state === 'succeeded' || status.state === 'failed') return status;
    if (Date.now() > deadline) throw new Error(`payment ${paymentId} still ${status.state}`);
  }
}

/** The sandbox's DISPUTE notifications about this charge, in the order sent. */
const disputeNotices = (transactionId: string) =>
  sandbox.webhooks().events.filter((e) => e.event === 'DISPUTE' && e.transactionId === transactionId);

const ledgerFacts = async (paymentId: string, transactionId: string) => {
  const rows = await database.db.select().from(disputes).where(eq(disputes.paymentId, paymentId));
  const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, paymentId));
  const emails = await database.db.select().from(outboundEmails).where(eq(outboundEmails.kind, 'dispute-opened'));
  const events = await database.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.transactionId, transactionId)));
  return {
    disputes: rows.map((r) => [r.providerDisputeId, r.status]),
    audit: audit.map((a) => a.action).sort(),
    emails: emails.map((e) => [e.recipient, e.state]),
    events: events.length,
  };
};

describe('a disputed gift', async () => {
  const res = await fetch(`${apiUrl}/api/donations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(oneTimeDonation({ amount: '8888.88', paymentMethodToken: await tokenFor() })),
  });
  const accepted = PaymentAccepted.parse(await res.json());
  const paymentId = accepted.paymentId;
  const donationId = accepted.data.id;
  let transactionId = '';

  it('is recorded from the DISPUTE webhook: on the payment, in the Disputed filter, in the audit log', async () => {
    expect((await settled(paymentId)).state).toBe('succeeded');
    const detail = await admin(`/payments/${paymentId}`, AdminPaymentDetail);
    transactionId = detail.providerTransactionId ?? '';
    expect(transactionId).toBeTruthy();
    await expect.poll(() => disputeNotices(transactionId).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const notice = await sandbox.webhookSettled(disputeNotices(transactionId)[0]?.id ?? '');
    expect(notice).toMatchObject({ result: 'SUCCESS', statusCode: 200, event: 'DISPUTE' });

    await expect
      .poll(async () => (await admin(`/payments/${paymentId}`, AdminPaymentDetail)).disputes, { timeout: 30_000 })
      .toEqual([
        expect.objectContaining({
          providerTransactionId: transactionId,
          status: 'PENDING',
          open: true,
          amountCents: 888888,
        }),
      ]);

    const page = await admin('/contributors/page?status=disputed', ContributorsPage);
    expect(page.contributors.map((row) => row.id)).toEqual([donationId]);

    const audit = await admin(`/audit-log?action=${DISPUTE_OPENED_ACTION}`, AuditLogPage);
    expect(audit.data.map((e) => [e.entityType, e.entityId, e.actorLabel])).toEqual([
      ['payment', paymentId, 'webhook'],
    ]);
  });

  it('e-mails the contact address once, through the outbox into the dev mailbox', async () => {
    await expect
      .poll(async () => (await ledgerFacts(paymentId, transactionId)).emails, { timeout: 30_000 })
      .toEqual([[CONTACT_EMAIL, 'sent']]);
    const files = await readdir(mailbox);
    const eml = await Promise.all(files.map((file) => readFile(join(mailbox, file), 'utf8')));
    // Headers may be folded and the body quoted-printable: the reference and the address are read as they stand.
    const notices = eml.filter((text) => text.includes(paymentReferenceOf(paymentId)) && text.includes('disputed'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(new RegExp(`^To: ${CONTACT_EMAIL.replaceAll('.', '\\.')}$`, 'm'));
  });

  it('changes nothing when the notification is delivered again', async () => {
    const before = await ledgerFacts(paymentId, transactionId);
    const first = disputeNotices(transactionId)[0]?.id ?? '';
    const again = await sandbox.redeliverWebhook(first);
    expect(again).toMatchObject({ result: 'SUCCESS', statusCode: 200 });
    // The API answered it as a duplicate: no new event row, so no job; nothing else moved either.
    expect(await ledgerFacts(paymentId, transactionId)).toEqual(before);
    expect(before.disputes).toHaveLength(1);
    expect(before.audit).toEqual([DISPUTE_OPENED_ACTION]);
  });

  it('follows the dispute to WON when the provider moves it, audited, without a second e-mail', async () => {
    const moved = await fetch(`${sandbox.url}/__sandbox/disputes/${transactionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'WON' }),
    });
    expect(moved.status).toBe(200);
    await expect
      .poll(async () => (await admin(`/payments/${paymentId}`, AdminPaymentDetail)).disputes, { timeout: 30_000 })
      .toEqual([expect.objectContaining({ status: 'WON', open: false })]);
    const facts = await ledgerFacts(paymentId, transactionId);
    expect(facts.audit).toEqual([DISPUTE_CHANGED_ACTION, DISPUTE_OPENED_ACTION].sort());
    expect(facts.emails).toEqual([[CONTACT_EMAIL, 'sent']]);
    // Decided disputes are still found by the Disputed filter.
    const page = await admin('/contributors/page?status=disputed', ContributorsPage);
    expect(page.contributors.map((row) => row.id)).toEqual([donationId]);
  });
});
