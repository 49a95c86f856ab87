import { randomUUID } from 'node:crypto';
import { PaymentAccepted } from '@pillars/contracts';
import { payments } from '@pillars/platform/db';
import { inArray } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { usePaymentStack } from './payment-stack';

// Exactly once against a provider without idempotency (docs/decisions/010): the strict sandbox
// charges every request it gets and shows new charges to lookups seconds later, while requests
// time out, fail with 503 after the charge, or lose their answer. The ledger must still hold one
// charge per payment.

const donation = (paymentMethodToken: string, isRecurring = false) => ({
  firstName: 'Mercy',
  lastName: 'Warren',
  email: `mercy+${randomUUID().slice(0, 8)}@example.org`,
  phone: '555-010-1776',
  amount: '25.00',
  paymentMethod: 'card',
  isRecurring,
  paymentMethodToken,
});

describe.each(['redis', 'postgres'] as const)('exactly once under provider faults (%s queues)', async (kind) => {
  const stack = await usePaymentStack(kind);
  const { sandbox, database, post, tokenFor } = stack;

  it(
    'charges every payment once with lookups seconds behind, through timeouts, 503s after the charge and lost answers',
    { timeout: 180_000 },
    async () => {
      const tokens = await Promise.all(Array.from({ length: 8 }, () => tokenFor()));
      sandbox.setFaults({
        visibilityDelayMs: 4000,
        timeoutNext: 2,
        failNextAfterCharge: 2,
        dropNextCharges: 2,
        failNext: 1,
      });
      const accepted = await Promise.all(
        tokens.map(async (token, i) =>
          PaymentAccepted.parse(await (await post('/api/donations', donation(token, i % 4 === 3))).json()),
        ),
      );
      const ids = accepted.map((a) => a.paymentId);
      await expect
        .poll(
          async () =>
            (await database.db.select().from(payments).where(inArray(payments.id, ids))).every(
              (p) => p.state === 'succeeded' || p.state === 'failed',
            ),
          { timeout: 150_000, interval: 500 },
        )
        .toBe(true);

      const rows = await database.db.select().from(payments).where(inArray(payments.id, ids));
      expect(rows.filter((p) => p.state !== 'succeeded')).toEqual([]);
      for (const row of rows) {
        // One charge per payment (a plan's first instalment is its one charge), one plan per plan.
        expect(stack.chargesFor(row.id)).toHaveLength(1);
        const plans = sandbox.ledger().filter((e) => e.kind === 'recurring' && e.idempotencyKey === row.idempotencyKey);
        expect(plans).toHaveLength(row.kind === 'recurring_donation' ? 1 : 0);
      }
      // Nothing had to be reversed: no duplicate was ever made.
      expect(sandbox.ledger().filter((e) => e.kind === 'refund')).toEqual([]);
    },
  );

  // AWS AppSync, which Pay Theory's API runs on, answers a resolver failure as HTTP 200 with an
  // error type; after the charge was made, that answer says nothing about it (docs/decisions/011).
  it.each(['Lambda:Unhandled', 'ExecutionTimeout'])(
    'settles a donation whose charge was answered with the AppSync error %s from the one charge, looked up',
    { timeout: 90_000 },
    async (errorType) => {
      onTestFinished(() => sandbox.setFaults({ errorType: null, failNextAfterCharge: 0 }));
      sandbox.setFaults({ errorType, failNextAfterCharge: 1 });
      const accepted = PaymentAccepted.parse(await (await post('/api/donations', donation(await tokenFor()))).json());
      const status = await stack.settled(accepted.paymentId);
      expect(status.state).toBe('succeeded');
      expect(stack.chargesFor(accepted.paymentId)).toHaveLength(1);
      // The fault fired: the one charge was made by a request answered with the error type.
      const faults = await fetch(`${sandbox.url}/__sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(await faults.json()).toMatchObject({ errorType, failNextAfterCharge: 0 });
    },
  );
});
