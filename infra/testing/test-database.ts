import { randomUUID } from 'node:crypto';
import { type DatabaseHandle, createDatabase } from '@pillars/platform/db';
import { afterAll, inject } from 'vitest';
import { cloneTemplate, dropDatabase } from './template-database';

/**
 * A freshly migrated database of this test file's own, dropped when the file is done.
 * Call at the top level of an `*.int.test.ts` file.
 */
export async function useTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  const url = await cloneTemplate(adminUrl, inject('postgresTemplate'), name);
  const handle = createDatabase(url, { max: 4 });
  afterAll(async () => {
    await handle.close();
    await dropDatabase(adminUrl, name);
  });
  return { ...handle, url };
}
