import {
  AdminPaymentDetail,
  AuditLogPage,
  ContributorsPage,
  ContributorsSummaryResponse,
} from '@pillars/contracts/admin';
import { DISPUTE_OPENED_ACTION, donations, memberships } from '@pillars/platform/db';
import { recordProviderDispute } from '@pillars/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminRequests, signedInAdmin, useAdminTestApp } from '../../test/admin-app';
import { insertPaidCharge } from '../../test/ledger';

// What the admin pages read of a dispute, from the API on real PostgreSQL: the payment detail, the
// dashboard's Disputed status and the audit log. The dispute is recorded by the one recorder the
// worker's DISPUTE webhook and the reconciliation call.
const suite = await useAdminTestApp();
const { db } = suite;
const { cookie } = await signedInAdmin(suite);
const { get } = adminRequests(suite, cookie);

const paid = (kind: 'donation' | 'membership', recordId: string, cents: number) =>
  insertPaidCharge(db, kind, recordId, cents);

let disputedPaymentId = '';
let disputedDonationId = '';

beforeAll(async () => {
  const gift = (first: string, amount: string) => ({
    firstName: first,
    lastName: 'Giver',
    email: `${first.toLowerCase()}@example.org`,
    amount,
    paymentMethod: 'card',
    status: 'completed',
  });
  const [disputed, calm] = await db
    .insert(donations)
    .values([gift('Dora', '8888.88'), gift('Carl', '25.00')])
    .returning();
  const [member] = await db
    .insert(memberships)
    .values({ firstName: 'Mia', lastName: 'Member', email: 'mia@example.org', paymentMethod: 'card', status: 'active' })
    .returning();
  if (!disputed || !calm || !member) throw new Error('no records');
  disputedDonationId = disputed.id;
  const { payment, transactionId } = await paid('donation', disputed.id, 888888);
  disputedPaymentId = payment.id;
  await paid('donation', calm.id, 2500);
  await paid('membership', member.id, 2500);
  await recordProviderDispute(
    db,
    {
      disputeId: 'pt_disp_admin',
      transactionId,
      status: 'PENDING',
      amountCents: 888888,
      reason: 'FRAUD',
      reasonMessage: 'Not recognised',
      disputeDate: '2026-11-20T14:00:00.000Z',
      expirationDate: '2026-12-04T14:00:00.000Z',
      updatedDate: '2026-11-20T14:00:00.000Z',
    },
    { provider: 'paytheory', foundBy: 'webhook', contactEmail: 'office@example.org' },
  );
});

describe('disputes in the admin API', () => {
  it('shows the dispute in the payment detail, open, with its reason and evidence date', async () => {
    const res = await get(`/payments/${disputedPaymentId}`);
    expect(res.status).toBe(200);
    const detail = AdminPaymentDetail.parse(await res.json());
    expect(detail.disputes).toEqual([
      expect.objectContaining({
        providerDisputeId: 'pt_disp_admin',
        status: 'PENDING',
        open: true,
        amountCents: 888888,
        reason: 'FRAUD',
        reasonMessage: 'Not recognised',
        disputedAt: '2026-11-20T14:00:00.000Z',
        evidenceDueAt: '2026-12-04T14:00:00.000Z',
      }),
    ]);
  });

  it('finds the disputed record alone with status=disputed, counted and summed alike', async () => {
    const res = await get('/contributors/page?status=disputed');
    expect(res.status).toBe(200);
    const page = ContributorsPage.parse(await res.json());
    expect(page.contributors.map((row) => [row.id, row.firstName])).toEqual([[disputedDonationId, 'Dora']]);
    expect(page.total).toBe(1);
    const memberOnly = ContributorsPage.parse(
      await (await get('/contributors/page?status=disputed&type=Membership')).json(),
    );
    expect(memberOnly.contributors).toEqual([]);
    const summary = ContributorsSummaryResponse.parse(
      await (await get('/contributors/summary?status=disputed')).json(),
    );
    expect(summary.summary).toMatchObject({ totalContributors: 1, totalDonations: 1, totalAmount: 8888.88 });
    const all = ContributorsPage.parse(await (await get('/contributors/page')).json());
    expect(all.total).toBe(3);
  });

  it('refuses an unknown status with a clear message', async () => {
    const res = await get('/contributors/page?status=chargeback');
    expect(res.status).toBe(400);
    const body = JSON.stringify(await res.json());
    expect(body).toContain('status');
    expect(body).toContain('disputed');
  });

  it('lists the opening in the audit log, by the webhook, on the payment', async () => {
    const res = await get(`/audit-log?action=${DISPUTE_OPENED_ACTION}`);
    expect(res.status).toBe(200);
    const page = AuditLogPage.parse(await res.json());
    expect(page.data.map((e) => [e.action, e.actorLabel, e.entityType, e.entityId])).toEqual([
      [DISPUTE_OPENED_ACTION, 'webhook', 'payment', disputedPaymentId],
    ]);
  });
});
