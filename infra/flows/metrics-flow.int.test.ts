import { randomUUID } from 'node:crypto';
import { PaymentAccepted } from '@pillars/contracts';
import type { QueueBackendKind } from '@pillars/platform/jobs';
import { createQueueBackend } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { createMetricsRegistry, metricNames } from '@pillars/platform/metrics';
import { parseMetrics, valueOf } from '@pillars/testing/metrics-text';
import { freePort } from '@pillars/testing/provision';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { startMonitorServer, workerHealth } from '@pillars/worker/monitor';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dashboardMetrics, readDashboard } from '../observability/dashboard';
import { usePaymentStack } from './payment-stack';
import { exited, startWorkerProcess } from './worker-process';

// Metrics with the whole stack (docs/decisions/029): donations through the sandbox provider move
// the worker's payment-outcome counter and the API's request counters; the worker process answers
// /healthz and /metrics on its own port.

const donation = (paymentMethodToken: string, amount: string) => ({
  firstName: 'Martha',
  lastName: 'Washington',
  email: `martha+${randomUUID().slice(0, 8)}@example.org`,
  phone: '555-010-1776',
  amount,
  paymentMethod: 'card',
  isRecurring: false,
  provider: 'paytheory',
  paymentMethodToken,
});

describe.each<QueueBackendKind>(['redis', 'postgres'])('metrics on the %s queue backend', async (kind) => {
  const apiMetrics = createMetricsRegistry('api');
  const workerMetrics = createMetricsRegistry('worker');
  const { app, sandbox, tokenFor, post, settled, chargesFor } = await usePaymentStack(kind, {
    apiMetrics,
    workerMetrics,
  });

  it('counts payment outcomes by kind and reason, and requests by route', { timeout: 60_000 }, async () => {
    const paid = PaymentAccepted.parse(
      await (await post('/api/donations', donation(await tokenFor(), '25.00'))).json(),
    );
    // 1.93 is the sandbox's INSUFFICIENT_FUNDS amount (infra/sandbox-provider/card-rules.ts).
    const declined = PaymentAccepted.parse(
      await (await post('/api/donations', donation(await tokenFor(), '1.93'))).json(),
    );
    expect((await settled(paid.paymentId)).state).toBe('succeeded');
    expect((await settled(declined.paymentId)).state).toBe('failed');

    // The long-poll answers on the ledger's notice, a moment before the worker counts the outcome.
    const outcome = async (labels: Record<string, string>) =>
      valueOf(parseMetrics(await workerMetrics.metrics()), 'pillars_payment_outcomes_total', {
        kind: 'donation',
        ...labels,
      });
    await expect.poll(() => outcome({ outcome: 'succeeded', reason: 'NONE' })).toBe(1);
    await expect.poll(() => outcome({ outcome: 'declined', reason: 'INSUFFICIENT_FUNDS' })).toBe(1);

    const api = parseMetrics(await (await app.request('/metrics')).text());
    expect(
      valueOf(api, 'pillars_http_requests_total', { method: 'POST', route: '/api/donations', status: '202' }),
    ).toBe(2);
    expect(
      valueOf(api, 'pillars_http_requests_total', { method: 'GET', route: '/api/payments/:id', status: '200' }),
    ).toBeGreaterThanOrEqual(2);
    // The follow-ups asked for a receipt (no e-mail worker runs here, so it waits queued).
    await expect
      .poll(async () =>
        valueOf(parseMetrics(await (await app.request('/metrics')).text()), 'pillars_emails_last_24h', {
          kind: 'receipt',
        }),
      )
      .toBe(1);
    // The declined charge's job fails for good (a decline is final), a moment after the ledger settles it.
    await expect
      .poll(async () =>
        valueOf(parseMetrics(await (await app.request('/metrics')).text()), 'pillars_queue_jobs', {
          queue: 'charges',
          state: 'failed',
        }),
      )
      .toBe(1);
  });

  it('counts an unclear attempt, then the success its lookup finds', { timeout: 60_000 }, async () => {
    // The charge is made, then the provider answers 503: the outcome is unclear until a lookup.
    sandbox.setFaults({ failNextAfterCharge: 1 });
    const accepted = PaymentAccepted.parse(
      await (await post('/api/donations', donation(await tokenFor(), '30.00'))).json(),
    );
    expect((await settled(accepted.paymentId)).state).toBe('succeeded');
    expect(chargesFor(accepted.paymentId)).toHaveLength(1);
    const count = async (labels: Record<string, string>) =>
      valueOf(parseMetrics(await workerMetrics.metrics()), 'pillars_payment_outcomes_total', {
        kind: 'donation',
        ...labels,
      });
    await expect.poll(() => count({ outcome: 'succeeded' })).toBe(2);
    expect(await count({ outcome: 'unclear', reason: 'PROVIDER_TRANSIENT' })).toBe(1);
  });

  it('registers every series the provisioned dashboard queries', async () => {
    const registered = new Set([...metricNames(apiMetrics), ...metricNames(workerMetrics)]);
    const named = dashboardMetrics(readDashboard());
    expect(named.length).toBeGreaterThanOrEqual(8);
    expect(named.filter((name) => !registered.has(name))).toEqual([]);
    // And each has samples once there has been traffic (the payment test above).
    const samples = [
      ...parseMetrics(await (await app.request('/metrics')).text()),
      ...parseMetrics(await workerMetrics.metrics()),
    ];
    for (const name of named)
      expect(
        samples.some((s) => s.name.startsWith(name)),
        name,
      ).toBe(true);
  });
});

describe('the worker process', async () => {
  const database = await useTestDatabase();
  const { sandbox, visibilityWindowMs } = await useSandbox();
  const token = 'worker-metrics-token-0123456789';

  it('answers /healthz and, with the token, /metrics on its own port', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const child = startWorkerProcess({
      databaseUrl: database.url,
      redisUrl: inject('redisUrl'),
      queuePrefix: `mon${randomUUID().slice(0, 8)}`,
      graphqlUrl: sandbox.graphqlUrl,
      visibilityWindowMs,
      env: { WORKER_METRICS_PORT: String(port), METRICS_TOKEN: token, HOST: '127.0.0.1' },
    });
    afterAll(() => void child.kill('SIGKILL'));
    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status, { timeout: 30_000, interval: 200 })
      .toBe(200);
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({
      status: 'ok',
      checks: { loops: 'running', database: 'up', queues: 'up', queueBackend: 'redis' },
    });

    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const samples = parseMetrics(await res.text());
    expect(valueOf(samples, 'pillars_payment_outcomes_total', { kind: 'donation', outcome: 'succeeded' })).toBe(0);
    expect(valueOf(samples, 'pillars_scrape_source_up', { source: 'database' })).toBe(1);
    expect(valueOf(samples, 'pillars_queue_jobs', { queue: 'charges', state: 'waiting', service: 'worker' })).toBe(0);
    expect(valueOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);

    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  });

  it('answers 503 when its loops are not running', async () => {
    const queues = await createQueueBackend({
      redisUrl: inject('redisUrl'),
      databaseUrl: database.url,
      prefix: `mon${randomUUID().slice(0, 8)}`,
      logger: createLogger({ level: 'silent' }),
    });
    afterAll(() => queues.close());
    let running = true;
    const monitor = await startMonitorServer({
      registry: createMetricsRegistry('worker'),
      token: undefined,
      host: '127.0.0.1',
      port: 0,
      health: () => workerHealth({ running: () => running, pool: database.pool, queues }),
      logger: createLogger({ level: 'silent' }),
    });
    afterAll(() => monitor.close());
    const base = `http://127.0.0.1:${monitor.port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    running = false;
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'unhealthy', checks: { loops: 'stopped', database: 'up' } });
    // Open without a token; nothing but the two paths.
    expect((await fetch(`${base}/metrics`)).status).toBe(200);
    expect((await fetch(`${base}/`)).status).toBe(404);
  });
});
