import { randomUUID } from 'node:crypto';
import { PaymentAccepted, rateLimitMessages } from '@pillars/contracts';
import { donations, outbox, payments } from '@pillars/platform/db';
import { GENEROUS_LIMITS, LIMITS } from '@pillars/platform/limits';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { usePaymentStack } from './payment-stack';

// Repeated declines block the payer (docs/decisions/026): the worker learns each decline from the
// sandbox provider and counts it in the limiter store the api reads before it writes anything.
const stack = await usePaymentStack('redis', {
  env: { TRUST_PROXY: 'true' },
  limits: { ...LIMITS, publicWriteAddress: GENEROUS_LIMITS.publicWriteAddress },
});
const { app, database, settled, tokenFor, limiters } = stack;

/** The sandbox declines this amount (GENERIC_DECLINE, infra/sandbox-provider/card-rules.ts). */
const DECLINED_AMOUNT = '1.02';

/** Each attempt from another address unless one is given, and always with another card. */
async function donate(email: string, amount: string, address = `198.51.100.${randomUUID().slice(0, 8)}`) {
  return app.request('/api/donations', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      'x-forwarded-for': address,
    },
    body: JSON.stringify({
      firstName: 'Card',
      lastName: 'Tester',
      email,
      phone: '555-010-1776',
      amount,
      paymentMethod: 'card',
      isRecurring: false,
      paymentMethodToken: await tokenFor(),
    }),
  });
}

describe('declines counted by the worker', () => {
  it(`refuses an e-mail's charges for a day after ${LIMITS.declinesEmail.points} declines, writing nothing`, async () => {
    const email = `tester-${randomUUID().slice(0, 8)}@example.org`;
    for (let i = 0; i < LIMITS.declinesEmail.points; i++) {
      const res = await donate(email, DECLINED_AMOUNT);
      expect(res.status).toBe(202);
      const { paymentId } = PaymentAccepted.parse(await res.json());
      expect((await settled(paymentId)).state).toBe('failed');
    }
    // The worker counts a decline just after it has recorded it, so the payment shows failed a
    // moment before the count lands.
    await vi.waitFor(async () => expect(await limiters?.refused('declinesEmail', email)).not.toBeNull(), {
      timeout: 10_000,
    });
    const rows = async () =>
      Promise.all([
        database.db.select({ n: count() }).from(donations).where(eq(donations.email, email)),
        database.db.select({ n: count() }).from(payments),
        database.db.select({ n: count() }).from(outbox),
      ]);
    const before = await rows();
    const refused = await donate(email, '25.00');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await refused.json()).toEqual({
      error: rateLimitMessages.tooManyPayments(24 * 3_600_000),
      code: 'RATE_LIMITED',
    });
    expect(await rows()).toEqual(before);

    // Another payer is not affected.
    expect((await donate(`other-${randomUUID().slice(0, 8)}@example.org`, '25.00')).status).toBe(202);
  });

  it(`refuses an address's charges for a day after ${LIMITS.declinesAddress.points} declines under different e-mails`, async () => {
    const address = `203.0.113.${randomUUID().slice(0, 8)}`;
    const someone = () => `rotating-${randomUUID().slice(0, 8)}@example.org`;
    for (let i = 0; i < LIMITS.declinesAddress.points; i++) {
      const res = await donate(someone(), DECLINED_AMOUNT, address);
      expect(res.status).toBe(202);
      const { paymentId } = PaymentAccepted.parse(await res.json());
      expect((await settled(paymentId)).state).toBe('failed');
    }
    // The job names its address by a pseudonym only: the payload never holds the address itself.
    const payloads = await database.db.select({ payload: outbox.payload }).from(outbox);
    expect(JSON.stringify(payloads)).not.toContain(address);
    await vi.waitFor(
      async () => expect(await limiters?.refused('declinesAddress', limiters.pseudonymOf(address))).not.toBeNull(),
      { timeout: 10_000 },
    );
    const refused = await donate(someone(), '25.00', address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);

    // Another address is not affected.
    expect((await donate(someone(), '25.00')).status).toBe(202);
  });
});
