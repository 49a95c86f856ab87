import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApi } from './api-build';
import { provideTestPostgres } from './postgres';
import { provideTestRedis } from './redis';
import { dropDatabase, prepareTemplate } from './template-database';

/** Real PostgreSQL and Redis for `*.int.test.ts`, provisioned once per run and stopped after. */
export default async function setup(project: TestProject) {
  buildApi();
  const postgres = await provideTestPostgres();
  const redisDir = await mkdtemp(join(tmpdir(), 'pillars-test-redis-'));
  const redis = await provideTestRedis(redisDir);
  const template = await prepareTemplate(postgres.adminUrl);
  process.stderr.write(`[test harness] PostgreSQL: ${postgres.source}, Redis: ${redis.source}\n`);

  project.provide('postgresAdminUrl', postgres.adminUrl);
  project.provide('postgresTemplate', template);
  project.provide('redisUrl', redis.url);

  return async () => {
    await dropDatabase(postgres.adminUrl, template).catch(() => undefined);
    await Promise.all([postgres.stop(), redis.stop()]);
    await rm(redisDir, { recursive: true, force: true });
  };
}
