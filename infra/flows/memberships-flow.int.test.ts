import { memberships } from '@pillars/platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { membershipForm, membershipPayment, usePaymentStack } from './payment-stack';

// Memberships: the waiver gates everything, the price is always the server's 2500 cents a month.
const { database, post, settled, chargesFor, tokenFor } = await usePaymentStack('redis');

describe('POST /api/process-membership-payment', () => {
  it('stores the waiver acceptance and starts a $25 monthly plan', async () => {
    const payment = membershipPayment(await tokenFor());
    const res = await post('/api/process-membership-payment', payment);
    expect(res.status).toBe(202);
    const body = (await res.json()) as { paymentId: string; membershipId: string };
    const status = await settled(body.paymentId);
    expect(status).toMatchObject({ state: 'succeeded', kind: 'membership', amountCents: 2500 });
    expect(status.recurringId).toBeTruthy();
    expect(chargesFor(body.paymentId)).toHaveLength(1);
    await expect
      .poll(
        async () =>
          (await database.db.select().from(memberships).where(eq(memberships.id, body.membershipId)))[0]?.status,
      )
      .toBe('active');
    const [row] = await database.db.select().from(memberships).where(eq(memberships.id, body.membershipId));
    expect(row).toMatchObject({ waiverAccepted: true, waiverVersion: 'v1.0', email: payment.membership.email });
    expect(row?.waiverAcceptedAt).toBeInstanceOf(Date);
  });

  it.each([
    [
      'without the waiver',
      { membership: membershipForm({ waiverAccepted: false }) },
      'You must read and accept the liability waiver to proceed',
    ],
    ['with another price', { amount: 100 }, 'Membership is $25.00 a month.'],
    ['without a first name', { membership: membershipForm({ firstName: '' }) }, 'First name is required'],
  ])('refuses a membership %s and stores nothing', async (_, overrides, message) => {
    const before = await database.db.select().from(memberships);
    const res = await post('/api/process-membership-payment', { ...membershipPayment('pm_x'), ...overrides });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(message);
    expect(await database.db.select().from(memberships)).toHaveLength(before.length);
  });
});

describe('the raw-card fallback', () => {
  it('is refused while RAW_CARD_FALLBACK_ENABLED is off', async () => {
    const res = await post('/api/create-payment-method', {
      card: { card_number: '4111111111111111', security_code: '123', exp_date: { month: '12', year: '2035' } },
    });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('4111');
  });
});
