/** The chaos run's settings, from the environment (`npm run chaos` takes no arguments). */
import { z } from 'zod';

const count = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const ChaosEnv = z.object({
  /** Donations posted; every `CHAOS_MONTHLY_EVERY`th is a monthly plan, the rest one-time gifts. */
  CHAOS_PAYMENTS: count(40, 1),
  CHAOS_MONTHLY_EVERY: count(8, 0),
  /** Donations posted at once. */
  CHAOS_CONCURRENCY: count(4, 1),
  /** API and worker processes running side by side during the chaos. */
  CHAOS_APIS: count(2, 1),
  CHAOS_WORKERS: count(2, 1),
  /** Workers SIGKILLed (each replaced by a new one), one every CHAOS_KILL_EVERY_MS. */
  CHAOS_KILLS: count(4),
  CHAOS_KILL_EVERY_MS: count(3000, 200),
  /** How long Redis stays stopped (0: not stopped), and after how much of the chaos it is stopped. */
  CHAOS_REDIS_DOWN_MS: count(5000),
  CHAOS_REDIS_DOWN_AFTER_MS: count(4000),
  /** Each provider fault phase lasts this long; the phases repeat while the chaos lasts. */
  CHAOS_FAULT_PHASE_MS: count(3000, 200),
  /** The sandbox's life-cycle: charges PENDING this long, settlement batches on this timer. */
  CHAOS_PENDING_MS: count(500),
  CHAOS_SETTLE_EVERY_MS: count(2000, 100),
  /** After the chaos: how long payments may take to settle, and charges to reach a batch. */
  CHAOS_SETTLE_TIMEOUT_MS: count(180_000, 1000),
  /** Ports used: from this one up (sandbox, fields, Redis, PostgreSQL, APIs, worker metrics). */
  CHAOS_PORT_BASE: count(7700, 1024),
  /** Forward every process's warnings and errors to this terminal. */
  CHAOS_VERBOSE: z.enum(['0', '1', 'true', 'false']).default('0'),
});

export interface ChaosOptions {
  payments: number;
  monthlyEvery: number;
  concurrency: number;
  apis: number;
  workers: number;
  kills: number;
  killEveryMs: number;
  redisDownMs: number;
  redisDownAfterMs: number;
  faultPhaseMs: number;
  pendingMs: number;
  settleEveryMs: number;
  settleTimeoutMs: number;
  ports: { sandbox: number; fields: number; redis: number; postgres: number; api: number[]; workerMetrics: number[] };
  verbose: boolean;
}

/** Worker metrics ports cycle through this many (a killed worker's port is free again). */
const WORKER_PORTS = 40;

export function parseOptions(env: NodeJS.ProcessEnv): ChaosOptions {
  const parsed = ChaosEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n') || 'invalid settings',
    );
  }
  const e = parsed.data;
  const base = e.CHAOS_PORT_BASE;
  if (e.CHAOS_APIS > 10) throw new Error('CHAOS_APIS: at most 10');
  return {
    payments: e.CHAOS_PAYMENTS,
    monthlyEvery: e.CHAOS_MONTHLY_EVERY,
    concurrency: e.CHAOS_CONCURRENCY,
    apis: e.CHAOS_APIS,
    workers: e.CHAOS_WORKERS,
    kills: e.CHAOS_KILLS,
    killEveryMs: e.CHAOS_KILL_EVERY_MS,
    redisDownMs: e.CHAOS_REDIS_DOWN_MS,
    redisDownAfterMs: e.CHAOS_REDIS_DOWN_AFTER_MS,
    faultPhaseMs: e.CHAOS_FAULT_PHASE_MS,
    pendingMs: e.CHAOS_PENDING_MS,
    settleEveryMs: e.CHAOS_SETTLE_EVERY_MS,
    settleTimeoutMs: e.CHAOS_SETTLE_TIMEOUT_MS,
    ports: {
      sandbox: base,
      fields: base + 1,
      redis: base + 2,
      postgres: base + 3,
      api: Array.from({ length: e.CHAOS_APIS }, (_, i) => base + 10 + i),
      workerMetrics: Array.from({ length: WORKER_PORTS }, (_, i) => base + 20 + i),
    },
    verbose: e.CHAOS_VERBOSE === '1' || e.CHAOS_VERBOSE === 'true',
  };
}
