import { type ChildProcess, spawn } from 'node:child_process';
import { REPO_ROOT } from '@pillars/embedded/paths';
import { SANDBOX_CREDENTIALS } from '@pillars/sandbox-provider/test-sandbox';

export interface WorkerProcessOptions {
  databaseUrl: string;
  /** Unset: queues on BullMQ's PostgreSQL backend in the database. */
  redisUrl: string | undefined;
  queuePrefix: string;
  graphqlUrl: string;
  visibilityWindowMs: number;
  /** Extra environment, e.g. LOG_LEVEL. */
  env?: Record<string, string>;
}

/**
 * The real worker process (worker/src/main.ts), configured like production except for short
 * locks and the test sandbox's visibility window: what a crash test kills.
 */
export function startWorkerProcess(options: WorkerProcessOptions): ChildProcess {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl,
    QUEUE_PREFIX: options.queuePrefix,
    WORKER_LOCK_MS: '2000',
    WORKER_CONCURRENCY: '8',
    PAYTHEORY_GRAPHQL_URL: options.graphqlUrl,
    PAYTHEORY_MERCHANT_UID: SANDBOX_CREDENTIALS.merchantUid,
    PAYTHEORY_SECRET_KEY: SANDBOX_CREDENTIALS.secretKey,
    PAYMENT_PROVIDER_TIMEOUT_MS: '5000',
    PAYMENT_PROVIDER_VISIBILITY_MS: String(options.visibilityWindowMs),
    // Any free port for /healthz and /metrics: tests run several workers at once.
    WORKER_METRICS_PORT: '0',
    ...options.env,
  };
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  else delete env.REDIS_URL;
  return spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], { cwd: REPO_ROOT, stdio: 'ignore', env });
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

export async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const done = exited(child);
  child.kill(signal);
  await done;
}
