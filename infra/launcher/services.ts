import { type ChildProcess, spawn } from 'node:child_process';
import type { Logger } from '@pillars/platform/logger';
import { ServiceMessage } from '@pillars/platform/service';
import { REPO_ROOT } from '@pillars/embedded/paths';
import { OutputTail } from './output-tail';

/** The launcher's services as processes: how one is started, stopped, and asked whether it answers. */

/** A running service: its process, its last lines, and the port it reported (docs/decisions/030). */
export interface Service {
  child: ChildProcess;
  tail: OutputTail;
  /** Resolves with the port the service reports once its server listens (ServiceMessage). */
  listening: Promise<number>;
}

/**
 * Each service runs in a process group of its own (`detached`), so the terminal's Ctrl-C reaches
 * the launcher only and the launcher stops them in order: services first, the database last
 * (docs/decisions/030-process-lifecycle.md). Its output passes through the launcher to the
 * terminal, which keeps its last lines for the report of a failed start; the IPC channel carries
 * its readiness and is how it notices a launcher that died without stopping it.
 */
export function spawnService(args: string[], env: Record<string, string>, cwd = REPO_ROOT): Service {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  // The launcher waits for its services' exits, not for the channels it holds open to them.
  child.channel?.unref();
  const tail = new OutputTail();
  for (const [name, from, to] of [
    ['stdout', child.stdout, process.stdout],
    ['stderr', child.stderr, process.stderr],
  ] as const) {
    from?.on('data', (chunk: Buffer) => {
      to.write(chunk);
      tail.push(name, chunk.toString());
    });
  }
  const listening = new Promise<number>((resolve) => {
    child.on('message', (message) => {
      const parsed = ServiceMessage.safeParse(message);
      if (parsed.success) resolve(parsed.data.listening);
    });
  });
  return { child, tail, listening };
}

/** SIGTERM (each service finishes the work it holds), SIGKILL after `graceMs`. */
export async function stopChild(logger: Logger, name: string, { child }: Service, graceMs: number): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    // 'close': exited, and its last output passed on.
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      logger.warn({ service: name }, `did not stop within ${graceMs / 1000} s, killing it`);
      child.kill('SIGKILL');
    }, graceMs);
    await exited;
    clearTimeout(timer);
  }
  logger.info({ service: name }, 'service stopped');
}

/** Polls `url` until it answers 2xx; false when the deadline passed first (or `stopping()` turned true). */
export async function answers(url: string, deadline: number, stopping: () => boolean): Promise<boolean> {
  while (Date.now() < deadline && !stopping()) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
