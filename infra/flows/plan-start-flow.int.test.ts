import { PaymentAccepted } from '@pillars/contracts';
import { AdminPaymentDetail, PlanCancelAccepted } from '@pillars/contracts/admin';
import { payments } from '@pillars/platform/db';
import { JOBS, QUEUES, type QueueBackendKind, firstInstalmentJobId } from '@pillars/platform/jobs';
import { createMetricsRegistry } from '@pillars/platform/metrics';
import { parseMetrics, valueOf } from '@pillars/testing/metrics-text';
import { asAdmin, createTestAdmin, signIn } from '@pillars/api/test/admin-session';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipPayment, monthlyDonation, usePaymentStack } from './payment-stack';

// Starting a monthly plan, as Pay Theory documents it: the plan is answered first and its first
// instalment charged (and shown by queries) later. That is an expected state, not a failure: the
// attempt records the plan and ends well, look-up jobs find the instalment, and the payment
// settles with one attempt, one plan, one charge, no failed job and no unclear outcome.
describe.each<QueueBackendKind>(['redis', 'postgres'])(
  'starting a monthly plan on the %s queue backend',
  async (kind) => {
    const workerMetrics = createMetricsRegistry('worker');
    // Later than the first look-up (1 s after the attempt), so the awaited state is always gone through.
    const stack = await usePaymentStack(kind, { workerMetrics, firstInstalmentDelayMs: 1500 });
    const { database, app, queues, sandbox, tokenFor, post, settled } = stack;
    let cookie = '';
    beforeAll(async () => {
      cookie = await signIn(app, await createTestAdmin(database.db));
    });

    const detail = async (paymentId: string) => {
      const res = await app.request(`/api/admin/payments/${paymentId}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      return AdminPaymentDetail.parse(await res.json());
    };
    const plansFor = (paymentId: string) =>
      sandbox
        .ledger()
        .filter((e) => e.kind === 'recurring' && e.idempotencyKey === `pay_${paymentId.replace(/-/g, '')}`);

    it(
      'records the first instalment of a monthly gift and a membership with one attempt, no failed job, no unclear outcome',
      { timeout: 90_000 },
      async () => {
        const gift = PaymentAccepted.parse(
          await (await post('/api/donations', monthlyDonation(await tokenFor()))).json(),
        );
        const membership = PaymentAccepted.parse(
          await (await post('/api/process-membership-payment', membershipPayment(await tokenFor()))).json(),
        );
        for (const { paymentId } of [gift, membership]) {
          const status = await settled(paymentId);
          expect(status.state).toBe('succeeded');
          expect(status.recurringId).toMatch(/^pt_rec/);
          expect(status.nextPaymentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(plansFor(paymentId)).toHaveLength(1);
          const [row] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
          expect(row?.attempts).toBe(1);
          const shown = await detail(paymentId);
          expect(shown.attempts).toBe(1);
          expect(shown.state).toBe('succeeded');
          expect(shown.job).toMatchObject({ name: JOBS.startRecurring, state: 'completed' });
          // The plan was answered before its first instalment showed: the first look-up found nothing yet.
          expect(await queues.queue(QUEUES.charges).jobState(firstInstalmentJobId(paymentId, 0))).toBe('completed');
        }

        await expect
          .poll(async () => {
            const samples = parseMetrics(await workerMetrics.metrics());
            return ['recurring_donation', 'membership'].map((k) =>
              valueOf(samples, 'pillars_payment_outcomes_total', { kind: k, outcome: 'succeeded' }),
            );
          })
          .toEqual([1, 1]);
        const samples = parseMetrics(await workerMetrics.metrics());
        expect(valueOf(samples, 'pillars_payment_outcomes_total', { outcome: 'unclear' })).toBe(0);
        expect((await queues.queue(QUEUES.charges).counts()).failed).toBe(0);
        const api = parseMetrics(await (await app.request('/metrics')).text());
        expect(valueOf(api, 'pillars_queue_jobs', { queue: 'charges', state: 'failed' })).toBe(0);
      },
    );

    it('shows no next payment date once the plan is cancelled', { timeout: 60_000 }, async () => {
      const gift = PaymentAccepted.parse(
        await (await post('/api/donations', monthlyDonation(await tokenFor()))).json(),
      );
      const status = await settled(gift.paymentId);
      expect((await detail(gift.paymentId)).nextPaymentDate).toBe(status.nextPaymentDate);
      const res = await app.request(`/api/admin/payments/${gift.paymentId}/cancel-plan`, {
        method: 'POST',
        headers: asAdmin(cookie),
        body: JSON.stringify({ reason: 'The donor asked by phone.' }),
      });
      expect(res.status).toBe(202);
      PlanCancelAccepted.parse(await res.json());
      await expect.poll(async () => (await detail(gift.paymentId)).plan?.cancelledAt ?? null).not.toBeNull();
      expect((await detail(gift.paymentId)).nextPaymentDate).toBeNull();
    });
  },
);
