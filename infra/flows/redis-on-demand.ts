import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { onTestFinished } from 'vitest';
import { freePort, onPath } from '@pillars/testing/provision';

/**
 * A redis-server of the test's own on a free port, which the test starts and stops: for the
 * outage tests (Redis goes away, or comes up after the worker). Append-only, so a restart keeps
 * the queued jobs as a production Redis does. Stopped, and its folder removed, when the test ends.
 */
export async function redisOnDemand(name: string) {
  const redisServer = onPath('redis-server');
  if (!redisServer) throw new Error('redis-server is needed for this test (the harness installs it)');
  const dir = await mkdtemp(join(tmpdir(), `pillars-${name}-`));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  /** Starts the server and returns once it answers. */
  const start = async () => {
    server = spawn(
      redisServer,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      const up = await probe.connect().then(
        () => true,
        () => false,
      );
      probe.disconnect();
      if (up) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not start');
  };

  /** Stops the server, if it runs, and returns once it has exited. */
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = server;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  onTestFinished(stop);

  return { url, start, stop };
}
