import type { Database } from '@pillars/platform/db';
import { beforeAll } from 'vitest';
import { asAdmin, createTestAdmin, signIn } from '@pillars/api/test/admin-session';

type RequestingApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/**
 * The admin API as a signed-in admin calls it: a new admin signs in before the tests, then each
 * call sends `/api/admin{path}` with the session cookie (a write also as the same-origin JSON the
 * admin pages send), with `body` as JSON when given.
 */
export function useAdminClient(app: RequestingApp, db: Database) {
  let cookie = '';
  beforeAll(async () => {
    cookie = await signIn(app, await createTestAdmin(db));
  });
  return (method: string, path: string, body?: unknown) =>
    app.request(`/api/admin${path}`, {
      method,
      headers: method === 'GET' ? { cookie } : asAdmin(cookie),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}
