import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ContributorsPage, ContributorsSummaryResponse } from '@pillars/contracts/admin';
import {
  MIGRATIONS_FOLDER,
  membershipApplications,
  memberships,
  outboundEmails,
  outbox,
  payments,
} from '@pillars/platform/db';
import type { Job } from 'bullmq';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '@pillars/api/test/admin-session';
import { testApp, useAppInfra } from '@pillars/api/test/test-app';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useDevMailbox } from './dev-mailbox';
import { contactOf } from './people';

// The home page's membership-interest form (docs/decisions/051-membership-interest.md): the API
// stores an application, never a membership, and queues an acknowledgement to the applicant and a
// notice to the contact address; the dashboard lists it under its own type and counts no member.
const CONTACT_EMAIL = 'office@pillars.example.org';
const database = await useTestDatabase();
const { db } = database;
const infra = await useAppInfra(database);
const app = testApp(database, { ...infra, env: { CONTACT_EMAIL } });

const { mailbox, sendEmail } = await useDevMailbox(db, { CONTACT_EMAIL });

let cookie: string;
beforeAll(async () => {
  cookie = await signIn(app, await createTestAdmin(db));
});

const apply = (body: unknown, key: string = randomUUID()) =>
  app.request('/api/memberships', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'idempotency-key': key },
    body: JSON.stringify(body),
  });

const application = () => ({
  ...contactOf('John', 'Hancock'),
  message: 'I would like to help organise events.',
  paymentMethod: 'card',
});

async function summary() {
  const res = await app.request('/api/admin/contributors/summary', { headers: { cookie } });
  expect(res.status).toBe(200);
  return ContributorsSummaryResponse.parse(await res.json()).summary;
}

async function page(query: Record<string, string>) {
  const res = await app.request(`/api/admin/contributors/page?${new URLSearchParams(query).toString()}`, {
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  return ContributorsPage.parse(await res.json());
}

/** Sends every queued e-mail of these ids as the worker's send-email job does; returns the .eml files written. */
async function sendQueued(ids: string[]): Promise<string[]> {
  const before = new Set(await readdir(mailbox));
  for (const emailId of ids) await sendEmail({ data: { emailId } } as Job);
  const files = (await readdir(mailbox)).filter((file) => !before.has(file));
  return Promise.all(files.map((file) => readFile(join(mailbox, file), 'utf8')));
}

/** An .eml with its quoted-printable soft line breaks joined and `=3D` read as `=`. */
const joined = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

const emailsAbout = (subjectId: string) =>
  db.select().from(outboundEmails).where(eq(outboundEmails.subjectId, subjectId));

describe('POST /api/memberships (the home page’s membership-interest form)', () => {
  it('stores an application, not a membership, leaves the Memberships total as it was, and tells both sides once', async () => {
    const before = await summary();
    const body = application();
    const key = randomUUID();
    const res = await apply(body, key);
    expect(res.status).toBe(201);
    const { success, data } = (await res.json()) as { success: boolean; data: { id: string } };
    expect(success).toBe(true);

    expect(await db.select().from(memberships).where(eq(memberships.id, data.id))).toEqual([]);
    const [stored] = await db.select().from(membershipApplications).where(eq(membershipApplications.id, data.id));
    expect(stored).toMatchObject({
      firstName: 'John',
      lastName: 'Hancock',
      email: body.email,
      phone: '555-010-1776',
      message: 'I would like to help organise events.',
      paymentMethod: 'card',
      status: 'new',
    });
    expect(await db.select().from(payments).where(eq(payments.recordId, data.id))).toEqual([]);
    expect(await summary()).toEqual(before);

    // Its own type in the dashboard's list: $0, nothing paid, not recurring.
    const listed = await page({ type: 'Membership Interest', q: body.email });
    expect(listed.total).toBe(1);
    expect(listed.contributors).toEqual([
      expect.objectContaining({
        id: data.id,
        type: 'Membership Interest',
        amount: 0,
        status: 'new',
        paymentMethod: 'none',
        isRecurring: false,
        payTheoryPaymentId: null,
        details: 'I would like to help organise events.',
      }),
    ]);
    expect((await page({ type: 'Membership', q: body.email })).total).toBe(0);

    // Two e-mails, each with its send-email job in the outbox, published by the request.
    const emails = await emailsAbout(data.id);
    expect(emails.map((e) => [e.kind, e.recipient, e.state]).sort()).toEqual([
      ['membership-interest-notice', CONTACT_EMAIL, 'queued'],
      ['membership-interest-received', body.email, 'queued'],
    ]);
    const jobs = await db
      .select({ jobName: outbox.jobName, payload: outbox.payload })
      .from(outbox)
      .where(
        inArray(
          sql`${outbox.payload}->>'emailId'`,
          emails.map((e) => e.id),
        ),
      );
    expect(jobs.map((j) => j.jobName)).toEqual(['send-email', 'send-email']);

    // The same request again (a retried submit): the same answer, nothing stored or queued twice.
    const again = await apply(body, key);
    expect(again.status).toBe(201);
    expect(((await again.json()) as { data: { id: string } }).data.id).toBe(data.id);
    expect(await emailsAbout(data.id)).toHaveLength(2);
    expect((await page({ type: 'Membership Interest', q: body.email })).total).toBe(1);

    const sent = (await sendQueued(emails.map((e) => e.id))).map(joined);
    expect(sent).toHaveLength(2);
    const ack = sent.find((eml) => eml.includes(`To: ${body.email}`));
    const notice = sent.find((eml) => eml.includes(`To: ${CONTACT_EMAIL}`));
    expect(ack).toContain('Subject: We received your interest in Pillars membership');
    expect(ack).toContain("We'll review your application and contact you soon.");
    expect(notice).toContain('Subject: Pillars: membership application from John Hancock');
    expect(notice).toContain(body.email);
    expect(notice).toContain('555-010-1776');
    expect(notice).toContain('I would like to help organise events.');
    expect((await emailsAbout(data.id)).map((e) => e.state)).toEqual(['sent', 'sent']);
  });

  it.each([
    ['without a first name', { firstName: '' }, 'First name is required', ['firstName']],
    ['with an invalid e-mail', { email: 'not-an-email' }, 'Please enter a valid email address', ['email']],
  ])(
    'refuses an application %s with the field’s error, storing and sending nothing',
    async (_, change, error, path) => {
      const counts = async () => ({
        applications: (await db.select({ n: count() }).from(membershipApplications))[0]?.n,
        emails: (await db.select({ n: count() }).from(outboundEmails))[0]?.n,
        memberships: (await db.select({ n: count() }).from(memberships))[0]?.n,
      });
      const before = await counts();
      const res = await apply({ ...application(), ...change });
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: string; issues?: { path: string[] }[] };
      expect(answer.error).toBe(error);
      expect(answer.issues?.[0]?.path).toEqual(path);
      expect(await counts()).toEqual(before);
    },
  );
});

describe('membership interest in the dashboard', () => {
  it('pages, sorts, searches, sums and exports with the other kinds, $0 and never a membership', async () => {
    const marker = `interest-${randomUUID().slice(0, 8)}`;
    for (const firstName of ['Abigail', 'Benjamin', 'Charles']) {
      expect((await apply({ ...application(), firstName, message: `${marker} ${firstName}` })).status).toBe(201);
    }
    // Every sort, one row a page, in both directions: each application once, in order, across pages.
    for (const sort of ['name', 'amount', 'date'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const next: ContributorsPage = await page({
            q: marker,
            sort,
            direction,
            limit: '1',
            ...(cursor ? { cursor } : {}),
          });
          expect(next.total).toBe(3);
          seen.push(...next.contributors.map((row) => row.firstName ?? ''));
          cursor = next.nextCursor;
        } while (cursor);
        expect(seen.sort()).toEqual(['Abigail', 'Benjamin', 'Charles']);
        if (sort === 'name') {
          const ordered = direction === 'asc' ? ['Abigail', 'Benjamin', 'Charles'] : ['Charles', 'Benjamin', 'Abigail'];
          const res = await page({ q: marker, sort, direction, limit: '3' });
          expect(res.contributors.map((row) => row.firstName)).toEqual(ordered);
        }
      }
    }
    // A transaction id or an amount other than $0 never names an application.
    expect((await page({ q: marker, transactionId: 'pt_' })).total).toBe(0);
    expect((await page({ q: marker, amount: '25' })).total).toBe(0);
    expect((await page({ q: marker, amount: '0' })).total).toBe(3);

    // The cards under its filter: no contributor, no membership, no money.
    const res = await app.request(
      `/api/admin/contributors/summary?${new URLSearchParams({ type: 'Membership Interest', q: marker }).toString()}`,
      { headers: { cookie } },
    );
    expect(res.status).toBe(200);
    expect(ContributorsSummaryResponse.parse(await res.json()).summary).toEqual({
      totalContributors: 0,
      totalDonations: 0,
      totalMemberships: 0,
      totalEventRegistrations: 0,
      totalAmount: 0,
    });

    const csv = await app.request(
      `/api/admin/contributors/export?${new URLSearchParams({ type: 'Membership Interest', q: marker, sort: 'name' }).toString()}`,
      { headers: { cookie } },
    );
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Abigail,Hancock,john\\+\\w+@example\\.org,555-010-1776,Membership Interest,0\\.00,none,No,New,,${marker} Abigail,`,
      ),
    );
  });
});

describe('the migration moving applications stored as memberships', () => {
  it('moves an unpaid, waiver-less membership with its id, and leaves paid memberships and waivered ones', async () => {
    const person = (name: string) => ({ firstName: name, lastName: 'Old', email: `${name.toLowerCase()}@example.org` });
    const [interest, confirmed, paid, waivered] = await db
      .insert(memberships)
      .values([
        { ...person('Interest'), message: 'Keen', paymentMethod: 'card', status: 'pending' },
        { ...person('Confirmed'), paymentMethod: 'card', status: 'confirmed' },
        { ...person('Paid'), paymentMethod: 'card', status: 'active', waiverAccepted: true },
        // A real membership whose payment row is yet to come is never written (one statement), but
        // one with its waiver is a member's however it got here: it stays.
        { ...person('Waivered'), paymentMethod: 'card', status: 'pending', waiverAccepted: true },
      ])
      .returning();
    if (!interest || !confirmed || !paid || !waivered) throw new Error('insert returned too few rows');
    await db.insert(payments).values({
      id: randomUUID(),
      kind: 'membership',
      recordId: paid.id,
      amountCents: 2500,
      state: 'succeeded',
      idempotencyKey: `pay_${randomUUID().replace(/-/g, '')}`,
    });
    const before = await summary();

    // The migration's moving statement, as written (its last statement), run again on these rows.
    // Found by its name's end: its number is the order it merged in.
    const file = (await readdir(MIGRATIONS_FOLDER)).find((name) => name.endsWith('_membership_interest_moved.sql'));
    const migration = await readFile(join(MIGRATIONS_FOLDER, file ?? 'missing'), 'utf8');
    const moving = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(moving).toContain('DELETE FROM "memberships"');
    await db.execute(sql.raw(moving));

    const left = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(inArray(memberships.id, [interest.id, confirmed.id, paid.id, waivered.id]));
    expect(left.map((r) => r.id).sort()).toEqual([paid.id, waivered.id].sort());
    const moved = await db
      .select({
        id: membershipApplications.id,
        status: membershipApplications.status,
        message: membershipApplications.message,
      })
      .from(membershipApplications)
      .where(inArray(membershipApplications.id, [interest.id, confirmed.id]));
    expect(moved.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { id: interest.id, status: 'new', message: 'Keen' },
      { id: confirmed.id, status: 'reviewed', message: null },
    ]);
    // Two fewer memberships listed, two more applications under their filter; the Memberships card
    // counted neither (it counts active members), so it reads as before.
    expect((await page({ type: 'Membership', q: 'old' })).total).toBe(2);
    expect((await summary()).totalMemberships).toBe(before.totalMemberships);
    expect((await page({ type: 'Membership Interest', q: 'old' })).total).toBe(2);
  });
});
