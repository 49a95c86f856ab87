import { createHash, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { OUTBOUND_EMAIL_KINDS, OUTBOUND_EMAIL_STATES } from '../db/schema/users';
import { RECONCILIATION_DIFFERENCE_KINDS } from '../db/schema/reconciliation';
import { QUEUES, type QueueBackend } from '../jobs';
import { withTimeout } from '../time/with-timeout';

export type { Registry };

/**
 * Prometheus metrics of the api and the worker (docs/decisions/029). Each process (and each app a
 * test builds) has a registry of its own, never prom-client's global one, so several apps in one
 * process do not collide. Two sorts of series:
 * - counters a process observes where things happen (HTTP requests, charge attempts): per process,
 *   summed across replicas by Prometheus;
 * - gauges read at scrape time from the database and the queue backend (queue depth, outbox, e-mails):
 *   the same truth from every replica, so dashboards take their `max`.
 */

/** Text format answered by /metrics. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** The longest a scrape waits for the database and the queue backend; a slower source reads as down. */
export const SCRAPE_SOURCE_TIMEOUT_MS = 2000;

/** Job states reported per queue: what waits, runs, waits for a retry, and what gave up. */
export const QUEUE_DEPTH_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * The outbox backlog is counted up to this many rows: beyond it the figure says "a great many", and
 * a scrape during a long queue outage stays as cheap as any other.
 */
export const OUTBOX_COUNT_CAP = 100_000;

/** The window of e-mails counted by kind and state (by the created_at index). */
export const EMAILS_WINDOW_HOURS = 24;

/**
 * A registry for the api or the worker. `processMetrics` adds Node's own (CPU, memory, event loop
 * lag, GC): what server.ts and main.ts ask for, once per process; apps built in tests leave them out,
 * since each set samples the event loop on a timer of its own.
 */
export function createMetricsRegistry(service: 'api' | 'worker', options: { processMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * Requests by route pattern (never the raw path: every id in a path would be a new series) and status.
 * `route` comes from the router: a pattern declared in code, or the catch-all that answered.
 */
export function httpMetrics(registry: Registry) {
  const requests = new Counter({
    name: 'pillars_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'pillars_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    observe(labels: { method: string; route: string; status: number }, seconds: number) {
      requests.inc({ method: labels.method, route: labels.route, status: String(labels.status) });
      duration.observe({ method: labels.method, route: labels.route }, seconds);
    },
  };
}

interface ClusterSnapshot {
  queues: { queue: string; counts: Record<string, number> }[] | null;
  outbox: { backlog: number; oldestAgeSeconds: number } | null;
  /** Per kind and state; `retrying`: still queued after a failed handover (the mail server refused or was down). */
  emails: { kind: string; state: string; count: number; retrying: number }[] | null;
  /** The newest finished reconciliation run's differences by kind, and the last successful run's end. */
  reconciliation: { counts: Record<string, number>; lastSuccessSeconds: number | null } | null;
  seconds: number;
}

/**
 * The outbox and e-mail figures, in one transaction whose statements the server itself stops after
 * `timeoutMs` (statement_timeout covers lock waits too): a scrape that gave up waiting must not leave
 * a query holding one of the pool's connections behind a lock, scrape after scrape.
 */
async function readDatabase(
  pool: pg.Pool,
  timeoutMs: number,
): Promise<{
  outbox: NonNullable<ClusterSnapshot['outbox']>;
  emails: NonNullable<ClusterSnapshot['emails']>;
  reconciliation: NonNullable<ClusterSnapshot['reconciliation']>;
}> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SELECT set_config('statement_timeout', $1, true)`, [String(timeoutMs)]);
    // Both by the partial index on unpublished rows (outbox_unpublished_idx), the count capped.
    const outbox = await client.query<{ backlog: number; oldest: number | null }>(
      `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM outbox WHERE published_at IS NULL LIMIT $1) AS capped) AS backlog,
              (SELECT extract(epoch FROM now() - created_at)::float8 FROM outbox WHERE published_at IS NULL
                ORDER BY id LIMIT 1) AS oldest`,
      [OUTBOX_COUNT_CAP],
    );
    // By outbound_emails_created_at_idx: the window's rows only, however long the table grows.
    const emails = await client.query<{ kind: string; state: string; count: number; retrying: number }>(
      `SELECT kind, state, count(*)::int AS count,
              count(*) FILTER (WHERE state = 'queued' AND last_error IS NOT NULL)::int AS retrying
         FROM outbound_emails
        WHERE created_at > now() - make_interval(hours => $1) GROUP BY kind, state`,
      [EMAILS_WINDOW_HOURS],
    );
    // By reconciliation_runs_created_at_idx: the newest finished run, and the newest successful one.
    const runs = await client.query<{ counts: Record<string, number> | null; last_success: number | null }>(
      `SELECT (SELECT counts FROM reconciliation_runs WHERE state IN ('succeeded', 'failed')
                ORDER BY created_at DESC LIMIT 1) AS counts,
              (SELECT extract(epoch FROM finished_at)::float8 FROM reconciliation_runs WHERE state = 'succeeded'
                ORDER BY created_at DESC LIMIT 1) AS last_success`,
    );
    await client.query('COMMIT');
    const row = outbox.rows[0];
    return {
      outbox: { backlog: row?.backlog ?? 0, oldestAgeSeconds: Math.max(0, row?.oldest ?? 0) },
      emails: emails.rows,
      reconciliation: { counts: runs.rows[0]?.counts ?? {}, lastSuccessSeconds: runs.rows[0]?.last_success ?? null },
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function readQueues(queues: QueueBackend): Promise<ClusterSnapshot['queues']> {
  return Promise.all(
    Object.values(QUEUES).map(async (queue) => ({ queue, counts: await queues.queue(queue).counts() })),
  );
}

/**
 * Gauges read at scrape time: queue depth per queue and state, the outbox backlog and its oldest row's
 * age, e-mails of the last day by kind and state, and whether each source answered in time. One read
 * of each source per scrape (shared by the gauges), each bounded by SCRAPE_SOURCE_TIMEOUT_MS: a slow
 * backend's labelled series disappear, its unlabelled ones read NaN (never a reassuring 0), and
 * `pillars_scrape_source_up` reads 0: never a hung scrape.
 */
export function clusterMetrics(
  registry: Registry,
  sources: { pool: pg.Pool; queues: QueueBackend; timeoutMs?: number },
) {
  const timeoutMs = sources.timeoutMs ?? SCRAPE_SOURCE_TIMEOUT_MS;
  let pending: Promise<ClusterSnapshot> | null = null;
  /** The gauges' collect functions run together: the first starts the read, the others share it. */
  const snapshot = () => {
    pending ??= (async () => {
      const started = performance.now();
      const [queues, database] = await Promise.all([
        withTimeout(readQueues(sources.queues), timeoutMs, null),
        withTimeout(readDatabase(sources.pool, timeoutMs), timeoutMs, null),
      ]);
      const seconds = (performance.now() - started) / 1000;
      return {
        queues,
        outbox: database?.outbox ?? null,
        emails: database?.emails ?? null,
        reconciliation: database?.reconciliation ?? null,
        seconds,
      };
    })().finally(() => setImmediate(() => (pending = null)));
    return pending;
  };

  /** A gauge read from the scrape's shared snapshot: cleared, then set by `read`. */
  const snapshotGauge = <L extends string = never>(
    gauge: { name: string; help: string; labelNames?: readonly L[] },
    read: (set: Gauge<L>, figures: ClusterSnapshot) => void,
  ) =>
    new Gauge<L>({
      ...gauge,
      registers: [registry],
      async collect() {
        this.reset();
        read(this, await snapshot());
      },
    });

  snapshotGauge(
    {
      name: 'pillars_queue_jobs',
      help: 'Jobs per queue and state (waiting, active, delayed, failed), read from the queue backend at scrape time.',
      labelNames: ['queue', 'state'],
    },
    (gauge, { queues }) => {
      for (const { queue, counts } of queues ?? []) {
        for (const state of QUEUE_DEPTH_STATES) {
          // BullMQ keeps prioritized jobs apart from waiting ones; both are waiting to run.
          const value = state === 'waiting' ? (counts.waiting ?? 0) + (counts.prioritized ?? 0) : (counts[state] ?? 0);
          gauge.set({ queue, state }, value);
        }
      }
    },
  );
  // The outbox's figures; NaN when it could not be read.
  snapshotGauge(
    {
      name: 'pillars_outbox_unpublished',
      help: `Outbox rows not yet published to the queues (counted up to ${OUTBOX_COUNT_CAP}).`,
    },
    (gauge, { outbox }) => gauge.set(outbox ? outbox.backlog : NaN),
  );
  snapshotGauge(
    {
      name: 'pillars_outbox_oldest_unpublished_age_seconds',
      help: 'Age of the oldest unpublished outbox row; 0 when there is none.',
    },
    (gauge, { outbox }) => gauge.set(outbox ? outbox.oldestAgeSeconds : NaN),
  );
  snapshotGauge(
    {
      name: 'pillars_emails_last_24h',
      help: `E-mails asked for in the last ${EMAILS_WINDOW_HOURS} hours, by kind and state (queued, sent, skipped, failed).`,
      labelNames: ['kind', 'state'],
    },
    (gauge, { emails }) => {
      if (!emails) return;
      // Every kind and state present, 0 when none: a rate of failures reads 0, not "no data".
      for (const kind of OUTBOUND_EMAIL_KINDS) {
        for (const state of OUTBOUND_EMAIL_STATES) gauge.set({ kind, state }, 0);
      }
      for (const { kind, state, count } of emails) gauge.set({ kind, state }, count);
    },
  );
  snapshotGauge(
    {
      name: 'pillars_emails_retrying_last_24h',
      help:
        `E-mails asked for in the last ${EMAILS_WINDOW_HOURS} hours still queued after a failed handover to the ` +
        'mail server (retried with backoff; a job that used up its attempts stays failed on the email queue).',
      labelNames: ['kind'],
    },
    (gauge, { emails }) => {
      if (!emails) return;
      for (const kind of OUTBOUND_EMAIL_KINDS) gauge.set({ kind }, 0);
      for (const { kind, retrying } of emails) if (retrying > 0) gauge.set({ kind }, retrying);
    },
  );
  snapshotGauge(
    {
      name: 'pillars_reconciliation_differences',
      help: 'Differences the newest finished reconciliation run found with Pay Theory, by kind (docs/decisions/049-reconciliation.md).',
      labelNames: ['kind'],
    },
    (gauge, { reconciliation }) => {
      if (!reconciliation) return;
      for (const kind of RECONCILIATION_DIFFERENCE_KINDS) gauge.set({ kind }, reconciliation.counts[kind] ?? 0);
    },
  );
  snapshotGauge(
    {
      name: 'pillars_reconciliation_last_success_timestamp_seconds',
      help: 'When the last successful reconciliation run finished (Unix time); NaN before the first.',
    },
    (gauge, { reconciliation }) => gauge.set(reconciliation?.lastSuccessSeconds ?? NaN),
  );
  snapshotGauge(
    {
      name: 'pillars_scrape_source_up',
      help: `1 when the source (database, queues) answered this scrape within ${timeoutMs} ms, else 0.`,
      labelNames: ['source'],
    },
    (gauge, { queues, outbox, emails }) => {
      gauge.set({ source: 'queues' }, queues ? 1 : 0);
      gauge.set({ source: 'database' }, outbox && emails ? 1 : 0);
    },
  );
  snapshotGauge(
    {
      name: 'pillars_scrape_source_seconds',
      help: 'How long this scrape took to read the database and the queue backend.',
    },
    (gauge, { seconds }) => gauge.set(seconds),
  );
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The /metrics answer, for a request carrying `authorization`: with a token configured, only
 * `Bearer <token>` gets the metrics (compared in constant time); anything else a bare 401 that says
 * nothing more. Without a token, metrics are open (the embedded default; docs/decisions/029).
 */
export async function metricsResponse(
  registry: Registry,
  token: string | undefined,
  authorization: string | undefined,
): Promise<{ status: 200 | 401; contentType: string; body: string }> {
  if (token) {
    // The scheme is case-insensitive (RFC 9110); the token is not.
    const given = /^bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(token))) {
      return { status: 401, contentType: 'text/plain; charset=utf-8', body: 'Unauthorized\n' };
    }
  }
  return { status: 200, contentType: METRICS_CONTENT_TYPE, body: await registry.metrics() };
}

/** Every metric name a registry holds: what a dashboard's queries may name (infra/observability). */
export function metricNames(registry: Registry): string[] {
  return registry.getMetricsAsArray().map((metric) => metric.name);
}
