import { randomUUID } from 'node:crypto';
import { createQueueBackend } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { afterAll } from 'vitest';
import { testApp } from '@pillars/api/test/test-app';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { startWorkerProcess } from './worker-process';

/**
 * What a worker-process test runs against: its own database, the sandbox provider, queues under a
 * prefix of their own (on Redis at `redisUrl`; unset, on BullMQ's PostgreSQL backend), the API on
 * them, and `startWorker`, which starts the real worker process on the same.
 */
export async function useWorkerProcessStack(
  name: string,
  redisUrl: string | undefined,
  sandboxOptions: Parameters<typeof useSandbox>[0] = {},
) {
  const database = await useTestDatabase();
  const stack = await useSandbox(sandboxOptions);
  const prefix = `${name}${randomUUID().slice(0, 8)}`;
  const queues = await createQueueBackend({
    redisUrl,
    databaseUrl: database.url,
    prefix,
    logger: createLogger({ level: 'silent' }),
  });
  afterAll(() => queues.close());
  const app = testApp(database, { queues, provider: stack.provider });
  const startWorker = (env: Record<string, string>) =>
    startWorkerProcess({
      databaseUrl: database.url,
      redisUrl,
      queuePrefix: prefix,
      graphqlUrl: stack.sandbox.graphqlUrl,
      visibilityWindowMs: stack.visibilityWindowMs,
      env,
    });
  return { ...stack, database, app, startWorker };
}
