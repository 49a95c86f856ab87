import { QUEUES } from '@pillars/platform/jobs';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { createTestAdmin, signIn } from '../../test/admin-session';
import { testApp, useAppInfra } from '../../test/test-app';

const database = await useTestDatabase();
const infra = await useAppInfra(database);
const app = testApp(database, infra);

describe('queue monitor at /admin/queues', () => {
  it('sends a signed-out visitor to sign in, for the page and its API', async () => {
    for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
      const res = await app.request(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/login');
    }
  });

  it('shows every queue to a signed-in admin', async () => {
    const cookie = await signIn(app, await createTestAdmin(database.db));
    const page = await app.request('/admin/queues', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const api = await app.request('/admin/queues/api/queues', { headers: { cookie } });
    expect(api.status).toBe(200);
    const body = (await api.json()) as { queues: { name: string }[] };
    expect(body.queues.map((q) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
  });
});
