import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { useTestDatabase } from './test-database';

// Proves the harness gives each file a real, migrated, private PostgreSQL database and a real
// Redis configured the way BullMQ requires.
const database = await useTestDatabase();
const redis = new Redis(inject('redisUrl'), { maxRetriesPerRequest: 1 });
afterAll(() => redis.disconnect());

describe('test harness', () => {
  it('provides a migrated PostgreSQL database of this file alone', async () => {
    const { rows } = await database.pool.query<{ db: string; tables: string }>(
      `SELECT current_database() AS db,
              (SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public') AS tables`,
    );
    expect(rows[0]?.db).toMatch(/^test_[0-9a-f]{32}$/);
    expect(Number(rows[0]?.tables)).toBeGreaterThanOrEqual(11);
  });

  it('provides a Redis that never evicts queue data', async () => {
    expect(await redis.ping()).toBe('PONG');
    expect(await redis.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
  });
});
