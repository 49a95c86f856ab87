import { randomUUID } from 'node:crypto';
import { QUEUES, type QueueBackend, type QueueBackendKind, createQueueBackend } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { afterAll, inject } from 'vitest';

/**
 * A real queue backend of this test file's own: Redis under a unique key prefix, or BullMQ's
 * PostgreSQL backend in a unique schema of the file's database. Emptied and closed afterwards.
 */
export async function useQueueBackend(kind: QueueBackendKind, databaseUrl: string): Promise<QueueBackend> {
  const prefix = `test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const backend = await createQueueBackend({
    redisUrl: kind === 'redis' ? inject('redisUrl') : undefined,
    databaseUrl,
    prefix,
    logger: createLogger({ level: 'silent' }),
  });
  afterAll(async () => {
    await Promise.all(
      Object.values(QUEUES).map((name) =>
        backend
          .queue(name)
          .obliterate()
          .catch(() => undefined),
      ),
    );
    await backend.close();
  });
  return backend;
}
