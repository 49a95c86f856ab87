import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { dockerEngineAnswers, freePort, installedCommand } from './provision';

export interface TestRedis {
  url: string;
  source: 'env' | 'testcontainers' | 'redis-server';
  stop(): Promise<void>;
}

/** The settings BullMQ's production guide asks for, which the app checks at start. */
export const REDIS_ARGS = ['--maxmemory-policy', 'noeviction', '--appendonly', 'yes', '--save', ''];

export async function waitForPing(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined); // refused until the server is up; connect() reports it
    try {
      await client.connect();
      await client.ping();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      client.disconnect();
    }
  }
}

export function redisServerBinary(): string {
  return installedCommand(
    'redis-server',
    'redis-server',
    undefined,
    'Redis',
    'Set TEST_REDIS_URL, start a Docker engine, or install redis-server (e.g. `apt-get install redis-server`, `brew install redis`).',
  );
}

/** TEST_REDIS_URL if set, else a container when Docker answers, else redis-server from PATH. */
export async function provideTestRedis(dataDir: string): Promise<TestRedis> {
  const fromEnv = process.env.TEST_REDIS_URL;
  if (fromEnv) return { url: fromEnv, source: 'env', stop: () => Promise.resolve() };

  if (await dockerEngineAnswers()) {
    const { RedisContainer } = await import('@testcontainers/redis');
    const container = await new RedisContainer('redis:7-alpine').withCommand(['redis-server', ...REDIS_ARGS]).start();
    return {
      url: container.getConnectionUrl(),
      source: 'testcontainers',
      stop: async () => void (await container.stop()),
    };
  }

  const binary = redisServerBinary();
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dataDir, ...REDIS_ARGS],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  await waitForPing(url, 10_000);
  return {
    url,
    source: 'redis-server',
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
