import { randomUUID } from 'node:crypto';
import { RECONCILIATION_DIFFERENCE_KINDS } from '@pillars/contracts/admin';
import { outboundEmails, outbox, reconciliationRuns } from '@pillars/platform/db';
import { QUEUES } from '@pillars/platform/jobs';
import { clusterMetrics, createMetricsRegistry } from '@pillars/platform/metrics';
import { parseMetrics, samplesOf, valueOf } from '@pillars/testing/metrics-text';
import { useTestDatabase } from '@pillars/testing/test-database';
import { describe, expect, it } from 'vitest';
import { testApp, useAppInfra } from '../test/test-app';

// GET /metrics on the API's port (docs/decisions/029): the series an operator graphs, labelled by
// route pattern, and closed by a bearer token once one is configured.
const database = await useTestDatabase();
const infra = await useAppInfra(database);
const TOKEN = 'metrics-token-0123456789abcdef';
const closed = testApp(database, { ...infra, env: { METRICS_TOKEN: TOKEN } });
const open = testApp(database, infra);

const scrape = async (app: typeof open, headers: Record<string, string> = {}) => {
  const res = await app.request('/metrics', { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await res.text());
};

describe('GET /metrics', () => {
  it('answers 401 and nothing else without the configured token, or with a wrong one', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
    ]) {
      const res = await closed.request('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(await res.text()).toBe('Unauthorized\n');
    }
    const res = await closed.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('pillars_http_requests_total');
  });

  it('counts requests by route pattern and status, never by raw path', async () => {
    const slug = `no-such-event-${randomUUID().slice(0, 8)}`;
    expect((await open.request(`/api/events/${slug}`)).status).toBe(404);
    expect((await open.request(`/api/events/${slug}/calendar.ics`)).status).toBe(404);
    expect((await open.request(`/api/nothing/here/${slug}`)).status).toBe(404);
    expect((await open.request(`/api/webhooks/paytheory/${slug}-secret`, { method: 'POST', body: '{}' })).status).toBe(
      404,
    );
    expect((await open.request('/readyz')).status).toBe(200);
    expect((await open.request(`/no/such/page/${slug}`)).status).toBe(404);
    expect((await open.request('/api/admin/users')).status).toBe(401);

    const samples = await scrape(open);
    const requests = samplesOf(samples, 'pillars_http_requests_total');
    expect(valueOf(requests, 'pillars_http_requests_total', { route: '/api/events/:slug', status: '404' })).toBe(1);
    expect(
      valueOf(requests, 'pillars_http_requests_total', { route: '/api/events/:slug/calendar.ics', status: '404' }),
    ).toBe(1);
    // An unknown path is grouped under the catch-all that answered it.
    expect(valueOf(requests, 'pillars_http_requests_total', { route: '/api/*', status: '404' })).toBe(1);
    expect(valueOf(requests, 'pillars_http_requests_total', { route: '/readyz', method: 'GET', status: '200' })).toBe(
      1,
    );
    // No raw path (the slug, the webhook's secret) reaches a label.
    expect(samples.filter((s) => Object.values(s.labels).some((v) => v.includes(slug)))).toEqual([]);
    // A latency histogram per route.
    expect(
      valueOf(samples, 'pillars_http_request_duration_seconds_count', { route: '/api/events/:slug', method: 'GET' }),
    ).toBe(1);
    expect(
      samplesOf(samples, 'pillars_http_request_duration_seconds_bucket', { route: '/api/events/:slug', le: '+Inf' }),
    ).toHaveLength(1);
    // Apps built in one process keep their own registries: the closed app saw none of this.
    const other = parseMetrics(
      await (await closed.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text(),
    );
    expect(valueOf(other, 'pillars_http_requests_total', { route: '/api/events/:slug' })).toBe(0);
  });

  it('reads queue depth, the outbox and e-mails at scrape time', async () => {
    await infra.queues.queue(QUEUES.webhooks).add('process-webhook', { eventId: randomUUID() }, { delay: 60_000 });
    await database.db.insert(outbox).values({
      queue: QUEUES.email,
      jobName: 'send-email',
      jobId: `metrics-test-${randomUUID()}`,
      payload: {},
      createdAt: new Date(Date.now() - 90_000),
    });
    await database.db.insert(outboundEmails).values([
      { kind: 'password-reset', recipient: 'a@example.org', state: 'sent' },
      { kind: 'password-reset', recipient: 'b@example.org', state: 'sent' },
      { kind: 'receipt', recipient: 'c@example.org', state: 'queued' },
      { kind: 'receipt', recipient: 'd@example.org', state: 'queued', lastError: 'Error: connect ECONNREFUSED' },
    ]);

    const samples = await scrape(open);
    for (const queue of Object.values(QUEUES)) {
      expect(samplesOf(samples, 'pillars_queue_jobs', { queue }).map((s) => s.labels.state)).toEqual([
        'waiting',
        'active',
        'delayed',
        'failed',
      ]);
    }
    expect(valueOf(samples, 'pillars_queue_jobs', { queue: QUEUES.webhooks, state: 'delayed' })).toBe(1);
    expect(valueOf(samples, 'pillars_outbox_unpublished')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'pillars_outbox_oldest_unpublished_age_seconds')).toBeGreaterThanOrEqual(89);
    expect(valueOf(samples, 'pillars_emails_last_24h', { kind: 'password-reset', state: 'sent' })).toBe(2);
    expect(valueOf(samples, 'pillars_emails_last_24h', { kind: 'receipt', state: 'queued' })).toBe(2);
    expect(valueOf(samples, 'pillars_emails_retrying_last_24h', { kind: 'receipt' })).toBe(1);
    expect(valueOf(samples, 'pillars_emails_retrying_last_24h', { kind: 'password-reset' })).toBe(0);
    expect(valueOf(samples, 'pillars_emails_last_24h', { kind: 'receipt', state: 'failed' })).toBe(0);
    expect(valueOf(samples, 'pillars_scrape_source_up', { source: 'database' })).toBe(1);
    expect(valueOf(samples, 'pillars_scrape_source_up', { source: 'queues' })).toBe(1);
    expect(valueOf(samples, 'pillars_scrape_source_seconds')).toBeLessThan(2);
  });

  it("reads the newest finished reconciliation run's differences and the last success's end", async () => {
    const finishedAt = new Date('2026-11-27T06:00:00.000Z');
    await database.db.insert(reconciliationRuns).values([
      {
        state: 'succeeded',
        requestedBy: 'schedule',
        finishedAt,
        counts: { unmatched: 9 },
        createdAt: new Date('2026-11-27T05:59:00.000Z'),
      },
      {
        state: 'failed',
        requestedBy: 'schedule',
        counts: { adopted: 2 },
        createdAt: new Date('2026-11-27T07:00:00.000Z'),
      },
    ]);

    const samples = await scrape(open);
    // The newest finished run counts, failed or not; every kind is present, 0 when none.
    expect(valueOf(samples, 'pillars_reconciliation_differences', { kind: 'adopted' })).toBe(2);
    expect(valueOf(samples, 'pillars_reconciliation_differences', { kind: 'unmatched' })).toBe(0);
    expect(samplesOf(samples, 'pillars_reconciliation_differences').map((s) => s.labels.kind)).toEqual([
      ...RECONCILIATION_DIFFERENCE_KINDS,
    ]);
    expect(valueOf(samples, 'pillars_reconciliation_last_success_timestamp_seconds')).toBe(finishedAt.getTime() / 1000);
  });

  it('answers in time when a source is slow, showing it down', async () => {
    const registry = createMetricsRegistry('api');
    clusterMetrics(registry, { pool: database.pool, queues: infra.queues, timeoutMs: 300 });
    // Another session holds the outbox locked: the scrape's outbox read waits behind it.
    const locker = await database.pool.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE outbox IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      const samples = parseMetrics(await registry.metrics());
      expect(performance.now() - started).toBeLessThan(1500);
      expect(valueOf(samples, 'pillars_scrape_source_up', { source: 'database' })).toBe(0);
      expect(valueOf(samples, 'pillars_scrape_source_up', { source: 'queues' })).toBe(1);
      // Not a reassuring 0: unknown.
      expect(valueOf(samples, 'pillars_outbox_unpublished')).toBeNaN();
      expect(samplesOf(samples, 'pillars_emails_last_24h')).toEqual([]);
      expect(samplesOf(samples, 'pillars_queue_jobs').length).toBeGreaterThan(0);
      // The server ended the scrape's statement itself: no query is left waiting for the lock.
      await expect
        .poll(async () => {
          const { rows } = await database.pool.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return rows[0]?.waiting;
        })
        .toBe(0);
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
  });
});
