/** Small tools shared by the payments benchmark's processes (orchestrator, load client, floor). */
import { performance } from 'node:perf_hooks';

/** Progress goes to stderr, results to stdout, so `> results.txt` keeps just the figures. */
export const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

export class BenchFailure extends Error {
  override name = 'BenchFailure';
}

export class UsageError extends Error {}

/** An integer option from `min` to `max` (`fallback` when not given); else a UsageError naming it. */
export function intOption(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

/** The options every benchmark takes: where to write the JSON results, its overall timeout, and help. */
export const RUN_OPTIONS = {
  json: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** The command line's options, or the exit code once the usage is written (0 for --help, 2 for bad options). */
export function commandLine<T extends object>(parse: (argv: string[]) => T | 'help', usage: string): T | number {
  let options: T | 'help';
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${errorOf(error).message}\n\n${usage}`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(usage);
    return 0;
  }
  return options;
}

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

/**
 * One bench run's abort: its overall deadline and SIGINT/SIGTERM abort `signal`, so the teardown
 * still runs; a second signal exits at once. `doing` names what was under way when the deadline
 * came (" while …", or nothing). `tearDown` ends the run: it stops the deadline, aborts what is
 * left, releases the resources (an exit if they take longer than `totalMs`, when given) and
 * writes what failed to release.
 */
export function abortableRun(timeoutMs: number, doing: () => string = () => '') {
  const run = new AbortController();
  const abort = (error: Error) => {
    if (!run.signal.aborted) run.abort(error);
  };
  const deadline = setTimeout(
    () => abort(new BenchFailure(`overall timeout of ${timeoutMs / 1000} s reached${doing()}; aborting`)),
    timeoutMs,
  );
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
  return {
    signal: run.signal,
    abort,
    /** True once a signal interrupted the run. */
    interrupted: () => interrupted,
    /** Why the run failed: the abort's reason once aborted, else the error itself. */
    reasonOf: (error: unknown) => (run.signal.aborted ? (run.signal.reason as Error) : error),
    async tearDown(teardown: Teardown, stepMs: number, totalMs?: number) {
      clearTimeout(deadline);
      abort(new BenchFailure('tearing down'));
      progress('tearing down');
      if (totalMs !== undefined) {
        setTimeout(() => {
          process.stderr.write(`teardown did not finish within ${totalMs / 1000} s; exiting\n`);
          process.exit(1);
        }, totalMs).unref();
      }
      const problems = await teardown.runAll(stepMs);
      for (const problem of problems) process.stderr.write(`teardown problem: ${problem}\n`);
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    },
  };
}
