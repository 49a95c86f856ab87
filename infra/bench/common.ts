/** Small tools shared by the payments benchmark's processes (orchestrator, load client, floor). */
import { performance } from 'node:perf_hooks';

/** Progress goes to stderr, results to stdout, so `> results.txt` keeps just the figures. */
export const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

export class BenchFailure extends Error {
  override name = 'BenchFailure';
}

export class UsageError extends Error {}

export const errorOf = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

export const sleep = (ms: number, signal: AbortSignal) =>
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
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
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
        reject(errorOf(error));
      },
    );
  });
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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
export async function runPool(
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
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export const perSecond = (count: number, ms: number) => (ms > 0 ? (count * 1000) / ms : Number.NaN);

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The bench only talks to this machine: a URL from the environment must point at loopback. */
export function assertLoopback(url: string, what: string): void {
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) {
    throw new UsageError(`${what} points at ${host}; the benchmark sends traffic to 127.0.0.1 only`);
  }
}

/** Resources to release, newest first; each release runs once even if called early. */
export class Teardown {
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
        problems.push(`${step.name}: ${errorOf(error).message}`);
      }
      const took = performance.now() - started;
      if (took > 1000) progress(`teardown: ${step.name} took ${(took / 1000).toFixed(1)} s`);
    }
    return problems;
  }
}
