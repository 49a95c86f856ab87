import { randomUUID } from 'node:crypto';
import { ManageOverview } from '@pillars/contracts';
import { donations, payments } from '@pillars/platform/db';
import { insertTransactionRow, receiptNumberOf, transactionRow } from '@pillars/money';
import { describe, expect, it } from 'vitest';
import { testApp, useAppInfra } from '@pillars/api/test/test-app';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useDevMailbox } from './dev-mailbox';

// "Manage your giving" from the e-mail to the page's data: the API queues a manage-link e-mail (or
// the worker a receipt), the worker's send-email writes it to a dev mailbox, and the link in it
// opens a manage session whose overview lists the address's gift. The API's contract (the link's
// path and token, docs/decisions/020) meets the e-mail's (docs/decisions/021).
const database = await useTestDatabase();
const infra = await useAppInfra(database);
const app = testApp(database, infra);

const { sendQueued } = await useDevMailbox(database.db);

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
    body: JSON.stringify(body),
  });

/** An .eml with its quoted-printable soft line breaks joined and `=3D` read as `=`. */
const joined = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The manage link's token in an .eml. */
function tokenIn(eml: string): string {
  const token = /https:\/\/pillars\.example\.org\/manage\?token=([A-Za-z0-9_-]+)/.exec(joined(eml))?.[1];
  if (!token) throw new Error('no manage link in the e-mail');
  return token;
}

/** Spends the token; returns the overview its session reads. */
async function overviewWith(token: string): Promise<ManageOverview> {
  const session = await post('/api/manage/session', { token });
  expect(session.status).toBe(200);
  const cookie = session.headers.get('set-cookie')?.split(';')[0] ?? '';
  const res = await app.request('/api/manage', { headers: { cookie } });
  expect(res.status).toBe(200);
  return ManageOverview.parse(await res.json());
}

async function donor() {
  const email = `donor-${randomUUID().slice(0, 8)}@example.org`;
  const [row] = await database.db
    .insert(donations)
    .values({ email, firstName: 'Ann', lastName: 'Donor', amount: '40.00', paymentMethod: 'card', status: 'completed' })
    .returning();
  if (!row) throw new Error('no donation');
  return row;
}

describe('manage links by e-mail', () => {
  it('the link a known address asks for opens its overview; an unknown address gets no e-mail', async () => {
    const gift = await donor();
    const client = { 'x-forwarded-for': '198.51.100.7' };
    expect((await post('/api/manage/link', { email: gift.email.toUpperCase() }, client)).status).toBe(202);
    expect((await post('/api/manage/link', { email: 'nobody@example.org' }, client)).status).toBe(202);

    const mails = await sendQueued();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(new RegExp(`^To: ${gift.email}$`, 'm'));
    const overview = await overviewWith(tokenIn(mails[0] ?? ''));
    expect(overview.email).toBe(gift.email);
    expect(overview.contributions.map((c) => c.id)).toEqual([gift.id]);
  });

  it('the "Manage your giving" link of a receipt opens the overview that lists that receipt', async () => {
    const gift = await donor();
    const id = randomUUID();
    const [payment] = await database.db
      .insert(payments)
      .values({
        id,
        kind: 'donation',
        recordId: gift.id,
        amountCents: 4000,
        state: 'succeeded',
        providerTransactionId: `pt_txn_${randomUUID()}`,
        idempotencyKey: `pay_${id.replace(/-/g, '')}`,
      })
      .returning();
    if (!payment) throw new Error('no payment');
    const row = transactionRow({
      payment,
      payor: { firstName: 'Ann', lastName: 'Donor', email: gift.email },
      amountCents: 4000,
      providerTransactionId: payment.providerTransactionId ?? '',
      succeeded: true,
      provider: { providerName: 'paytheory', liveMode: false },
      cardLastFour: '1111',
    });
    const recorded = await insertTransactionRow(database.db, row);
    if (!recorded) throw new Error('row not recorded');

    const [mail = ''] = await sendQueued();
    const overview = await overviewWith(tokenIn(mail));
    const [receipt] = overview.receipts;
    expect(receipt?.id).toBe(recorded.rowId);
    // The number on the e-mail is the one the page shows.
    expect(joined(mail)).toContain(receipt?.receiptNumber ?? 'no receipt');
    expect(receipt?.receiptNumber).toBe(
      receiptNumberOf({ id: recorded.rowId, createdAt: new Date(receipt?.date ?? '') }),
    );
  });
});
