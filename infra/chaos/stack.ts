/** The chaos run's stack: every part a process of its own, so any of them can be killed and replaced. */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, runMigrations } from '@pillars/platform/db';
import pg from 'pg';
import { REDIS_ARGS, redisServerBinary, waitForPing } from '@pillars/testing/redis';
import { withDatabase } from '@pillars/testing/postgres';
import { type Child, childEnv, sandboxAppEnv, spawnNode, waitUntilReady } from '../bench/children';
import { BenchFailure, type Teardown } from '../bench/common';
import { providePostgres } from '../bench/infrastructure';
import type { ChaosOptions } from './options';

export const say = (message: string) => process.stderr.write(`[chaos] ${message}\n`);
export const SANDBOX = { merchantUid: 'chaos-merchant', secretKey: 'chaos-secret', publicApiKey: 'chaos-public-key' };
const START_UP_MS = 90_000;
/** The sandbox shows a new charge after this; the worker waits longer before any lookup (docs/decisions/010). */
const VISIBILITY_DELAY_MS = 300;
const VISIBILITY_WINDOW_MS = 2000;

export interface Stack {
  sandboxUrl: string;
  apiUrls: string[];
  workers: Child[];
  startWorker(): Child;
  /** SIGKILLs or stops a worker we started; its exit is expected. */
  stopWorker(worker: Child, how: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  stopRedis(): Promise<void>;
  startRedis(): Promise<void>;
  databaseUrl: string;
}

/** PostgreSQL, Redis, the sandbox, the API processes and the first workers, each torn down by `teardown`. */
export async function startStack(
  options: ChaosOptions,
  teardown: Teardown,
  signal: AbortSignal,
  abort: (error: Error) => void,
): Promise<Stack> {
  const { ports } = options;
  const scratch = await mkdtemp(join(tmpdir(), 'pillars-chaos-'));
  teardown.add('scratch directory', () => rm(scratch, { recursive: true, force: true }));

  say(`starting PostgreSQL on ${ports.postgres}`);
  const postgres = await providePostgres(teardown, signal, ports.postgres);
  const databaseName = `chaos_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = withDatabase(postgres.adminUrl, databaseName);
  const migrator = createDatabase(databaseUrl, { max: 1 });
  try {
    await runMigrations(migrator.pool);
  } finally {
    await migrator.close();
  }

  // Redis as a process of our own, so it can be stopped and started on the same port and data
  // directory: with its append-only file, the queues come back as they were.
  const redisBinary = redisServerBinary();
  const redisUrl = `redis://127.0.0.1:${ports.redis}`;
  let redis: ChildProcess | undefined;
  const stopRedis = async () => {
    const server = redis;
    redis = undefined;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGTERM');
    await gone;
  };
  const startRedis = async () => {
    redis = spawn(
      redisBinary,
      ['--port', String(ports.redis), '--bind', '127.0.0.1', '--dir', scratch, ...REDIS_ARGS],
      { stdio: 'ignore' },
    );
    await waitForPing(redisUrl, 20_000);
  };
  say(`starting Redis on ${ports.redis}`);
  await startRedis();
  teardown.add('Redis', stopRedis);

  // Once the run is aborted (the teardown begins with that), exits are no longer news.
  const expectedExits = new Set<number>();
  const start = (name: string, script: string, env: Record<string, string>) => {
    const child = spawnNode({ name, script, env: childEnv(env), echo: options.verbose, ipc: true });
    void child.exited.then(({ code, signal: bySignal }) => {
      if (signal.aborted || expectedExits.has(child.pid)) return;
      abort(
        new BenchFailure(
          `${name} (pid ${child.pid}) exited unexpectedly (${bySignal ?? `code ${code}`}):\n  ${child.tail().join('\n  ')}`,
        ),
      );
    });
    teardown.add(`${name} (pid ${child.pid})`, () => child.stop());
    return child;
  };

  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const webhookSecret = randomBytes(32).toString('hex');
  say(
    `starting the sandbox on ${ports.sandbox} (pending ${options.pendingMs} ms, settle every ${options.settleEveryMs} ms)`,
  );
  const sandbox = start('sandbox', 'infra/sandbox-provider/main.ts', {
    SANDBOX_PORT: String(ports.sandbox),
    SANDBOX_FIELDS_PORT: String(ports.fields),
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_VISIBILITY_DELAY_MS: String(VISIBILITY_DELAY_MS),
    SANDBOX_PENDING_MS: String(options.pendingMs),
    SANDBOX_SETTLE_EVERY_MS: String(options.settleEveryMs),
    // Deliveries as Pay Theory makes them, to the first API (never killed).
    SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${ports.api[0]}/api/webhooks/paytheory/${webhookSecret}`,
    PAYTHEORY_MERCHANT_UID: SANDBOX.merchantUid,
    PAYTHEORY_SECRET_KEY: SANDBOX.secretKey,
    PAYTHEORY_API_KEY: SANDBOX.publicApiKey,
    LOG_LEVEL: 'warn',
  });
  await waitUntilReady(`${sandboxUrl}/health`, sandbox, START_UP_MS, signal);

  // What api/src/server.ts and worker/src/main.ts read, as `npm start` sets it for the sandbox,
  // with short job locks so a killed worker's jobs are taken up again within seconds.
  const app = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: 'chaos',
    WORKER_LOCK_MS: '2000',
    PAYMENT_PROVIDER_TIMEOUT_MS: '5000',
    PAYMENT_PROVIDER_VISIBILITY_MS: String(VISIBILITY_WINDOW_MS),
    PAYTHEORY_WEBHOOK_URL_SECRET: webhookSecret,
    ...sandboxAppEnv({ port: ports.sandbox, fieldsPort: ports.fields, credentials: SANDBOX }, scratch),
  };
  let workerCount = 0;
  const workers: Child[] = [];
  const startWorker = () => {
    const port = ports.workerMetrics[workerCount % ports.workerMetrics.length] as number;
    workerCount += 1;
    const worker = start(`worker ${workerCount}`, 'worker/src/main.ts', { ...app, WORKER_METRICS_PORT: String(port) });
    workers.push(worker);
    return worker;
  };
  const stopWorker = async (worker: Child, how: 'SIGKILL' | 'SIGTERM') => {
    expectedExits.add(worker.pid);
    workers.splice(workers.indexOf(worker), 1);
    if (how === 'SIGKILL') worker.process.kill('SIGKILL');
    await worker.stop();
  };
  say(`starting ${options.apis} API and ${options.workers} worker processes`);
  for (let i = 0; i < options.workers; i++) startWorker();
  const apiUrls: string[] = [];
  for (const [i, port] of options.ports.api.entries()) {
    const api = start(`api ${i + 1}`, 'api/src/server.ts', { ...app, HOST: '127.0.0.1', PORT: String(port) });
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(`${url}/readyz`, api, START_UP_MS, signal);
    apiUrls.push(url);
  }
  return { sandboxUrl, apiUrls, workers, startWorker, stopWorker, stopRedis, startRedis, databaseUrl };
}
