import { randomUUID } from 'node:crypto';
import { memberships } from '@pillars/platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePaymentStack } from './payment-stack';

// Memberships: the waiver gates everything, the price is always the server's 2500 cents a month.
const { database, post, settled, chargesFor, tokenFor } = await usePaymentStack('redis');

const buyer = { first_name: 'Abigail', last_name: 'Adams', email: 'abigail@example.org', phone: '555-010-1776' };
const membership = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Abigail',
  lastName: 'Adams',
  email: `abigail+${randomUUID().slice(0, 8)}@example.org`,
  phone: '',
  message: 'To serve',
  waiverAccepted: true,
  ...overrides,
});

describe('POST /api/process-membership-payment', () => {
  it('stores the waiver acceptance and starts a $25 monthly plan', async () => {
    const m = membership();
    const res = await post('/api/process-membership-payment', {
      amount: 2500,
      buyer,
      membership: m,
      paymentMethod: 'card',
      payment_method_id: await tokenFor(),
      provider: 'paytheory',
      tokenized: true,
      recurring: true,
    });
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
    expect(row).toMatchObject({ waiverAccepted: true, waiverVersion: 'v1.0', email: m.email });
    expect(row?.waiverAcceptedAt).toBeInstanceOf(Date);
  });

  it.each([
    [
      'without the waiver',
      { membership: membership({ waiverAccepted: false }) },
      'You must read and accept the liability waiver to proceed',
    ],
    ['with another price', { amount: 100 }, 'Membership is $25.00 a month.'],
    ['without a first name', { membership: membership({ firstName: '' }) }, 'First name is required'],
  ])('refuses a membership %s and stores nothing', async (_, overrides, message) => {
    const before = await database.db.select().from(memberships);
    const res = await post('/api/process-membership-payment', {
      buyer,
      membership: membership(),
      paymentMethod: 'card',
      payment_method_id: 'pm_x',
      tokenized: true,
      ...overrides,
    });
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
