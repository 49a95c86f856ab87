/**
 * The benchmark's child processes: started with `node --import tsx <script>` as `npm start`
 * starts the app's services, watched (an unexpected exit aborts the run), stopped by PID, and
 * sampled for CPU time from /proc.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigSchema } from '@pillars/platform/config';
import { ServiceMessage } from '@pillars/platform/service';
import { type ZodType } from 'zod';
import { BenchFailure, errorOf, sleep } from './common';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Lines of a child's output kept to explain its death. */
const TAIL_LINES = 30;

/**
 * The children get this process's environment without anything the app's config or the sandbox
 * reads (a developer's DATABASE_URL must not leak into a bench or chaos run), plus what each is given here.
 */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key in ConfigSchema.shape || key.startsWith('SANDBOX_')) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

export interface Child {
  name: string;
  pid: number;
  process: ChildProcess;
  /** The last lines the child wrote (stdout and stderr). */
  tail(): string[];
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
  /** Sends a command on the IPC channel and waits for one reply parsed by `schema`. */
  request<T>(message: unknown, schema: ZodType<T>, signal: AbortSignal): Promise<T>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface SpawnOptions {
  name: string;
  script: string;
  env: Record<string, string>;
  /** Forward the child's output to our stderr, prefixed with its name (warnings, errors). */
  echo: boolean;
  ipc: boolean;
  /** Modules to preload after tsx (`--import`), e.g. the bench's event-loop probe. */
  preload?: string[];
}

export function spawnNode(options: SpawnOptions): Child {
  const preload = (options.preload ?? []).flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, options.script], {
    cwd: REPO_ROOT,
    env: options.env,
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new BenchFailure(`could not start ${options.name} (${options.script})`);
  const pid = child.pid;
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > TAIL_LINES) lines.shift();
      if (options.echo) process.stderr.write(`[${options.name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

  return {
    name: options.name,
    pid,
    process: child,
    tail: () => [...lines],
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    request<T>(message: unknown, schema: ZodType<T>, signal: AbortSignal): Promise<T> {
      signal.throwIfAborted();
      return new Promise<T>((resolve, reject) => {
        const cleanup = () => {
          child.off('message', onMessage);
          child.off('exit', onExit);
          signal.removeEventListener('abort', onAbort);
        };
        const onMessage = (raw: unknown) => {
          // A service announces the port it took to whoever started it (the launcher's protocol);
          // that is no answer to this request.
          if (ServiceMessage.safeParse(raw).success) return;
          cleanup();
          const parsed = schema.safeParse(raw);
          if (parsed.success) resolve(parsed.data);
          else reject(new BenchFailure(`${options.name} answered something unexpected: ${parsed.error.message}`));
        };
        const onExit = () => {
          cleanup();
          reject(new BenchFailure(`${options.name} exited while working:\n  ${lines.join('\n  ')}`));
        };
        const onAbort = () => {
          cleanup();
          reject(signal.reason as Error);
        };
        child.on('message', onMessage);
        child.once('exit', onExit);
        signal.addEventListener('abort', onAbort, { once: true });
        child.send(message as object, (error) => {
          if (error) {
            cleanup();
            reject(errorOf(error));
          }
        });
      });
    },
  };
}

/** Polls `url` until it answers 2xx; fails early if `child` exits. */
export async function waitUntilReady(url: string, child: Child, timeoutMs: number, signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new BenchFailure(`${child.name} exited during start-up:\n  ${child.tail().join('\n  ')}`);
    }
    const ok = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(2000)]) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) {
      throw new BenchFailure(`${child.name}: ${url} was not ready within ${timeoutMs / 1000} s`);
    }
    await sleep(100, signal);
  }
}

// ─── CPU time from /proc ───────────────────────────────────────────────────────────────────────

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

interface ProcStat {
  ppid: number;
  /** utime + stime, and cutime + cstime (reaped children), in ms. */
  selfMs: number;
  childrenMs: number;
}

function readStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3] ?? 0);
  const msPerTick = 1000 / clockTicks();
  return {
    ppid: field(4),
    selfMs: (field(14) + field(15)) * msPerTick,
    childrenMs: (field(16) + field(17)) * msPerTick,
  };
}

/** CPU ms used so far by one process (all its threads), or undefined when it is gone or not on Linux. */
export function cpuMsOf(pid: number): number | undefined {
  return readStat(pid)?.selfMs;
}

/**
 * CPU ms of a process tree one level deep: a PostgreSQL postmaster, its live backends and the
 * backends it has reaped. Undefined when /proc is not readable.
 */
export function cpuMsOfTree(rootPid: number): number | undefined {
  const root = readStat(rootPid);
  if (!root) return undefined;
  let total = root.selfMs + root.childrenMs;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.ppid === rootPid) total += stat.selfMs;
  }
  return total;
}

/** The sandbox provider's credentials, given to it and to the app alike. */
export interface SandboxCredentials {
  merchantUid: string;
  secretKey: string;
  publicApiKey: string;
}

/**
 * What the app's services read to charge through the sandbox provider listening on `port` (its
 * card fields on `fieldsPort`), as `npm start` sets them for the sandbox, with their files in
 * `scratch`: no demo content, and the rate limits relaxed because one client sends every payment
 * (docs/decisions/026), their pseudonyms keyed afresh (production refuses the demo key).
 */
export function sandboxAppEnv(
  sandbox: { port: number; fieldsPort: number; credentials: SandboxCredentials },
  scratch: string,
): Record<string, string> {
  return {
    PAYTHEORY_GRAPHQL_URL: `http://127.0.0.1:${sandbox.port}/graphql`,
    PAYTHEORY_MERCHANT_UID: sandbox.credentials.merchantUid,
    PAYTHEORY_SECRET_KEY: sandbox.credentials.secretKey,
    PAYTHEORY_API_KEY: sandbox.credentials.publicApiKey,
    PAYTHEORY_SDK_URL: `http://localhost:${sandbox.port}/sdk.js`,
    PAYTHEORY_FIELDS_ORIGIN: `http://localhost:${sandbox.fieldsPort}`,
    PAYTHEORY_LIVE_MODE: 'false',
    DATA_DIR: scratch,
    MAILBOX_DIR: join(scratch, 'mailbox'),
    SEED_DEMO_CONTENT: 'false',
    RATE_LIMITS_RELAXED: 'true',
    RATE_LIMIT_HASH_KEY: randomBytes(32).toString('hex'),
  };
}
