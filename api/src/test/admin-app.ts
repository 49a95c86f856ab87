import { useTestDatabase } from '@pillars/testing/test-database';
import { asAdmin, createTestAdmin, signIn } from './admin-session';
import { type TestAppOptions, testApp, useAppInfra } from './test-app';

/**
 * The set-up of the admin's suites: the real app over a test database of the file's own (and its
 * queues and sandbox provider, or those given to share), and admins signed in on it.
 */
export async function useAdminTestApp(
  options: Partial<Omit<TestAppOptions, 'queues' | 'provider'>> = {},
  shared?: Awaited<ReturnType<typeof useAppInfra>>,
) {
  const database = await useTestDatabase();
  const infra = shared ?? (await useAppInfra(database));
  const app = testApp(database, { ...infra, ...options });
  return { database, db: database.db, infra, app };
}

type AdminTestApp = Pick<Awaited<ReturnType<typeof useAdminTestApp>>, 'app' | 'db'>;

/** A new admin account, signed in: the account and the Cookie header its requests send. */
export async function signedInAdmin({ app, db }: AdminTestApp) {
  const admin = await createTestAdmin(db);
  return { admin, cookie: await signIn(app, admin) };
}

/**
 * Requests to the admin API under `base` with the session cookie: `get`, and `send` (a same-origin
 * state-changing call with a JSON body, or the headers given).
 */
export function adminRequests({ app }: Pick<AdminTestApp, 'app'>, cookie: string, base = '/api/admin') {
  return {
    get: (path: string) => app.request(`${base}${path}`, { headers: { cookie } }),
    send: (method: string, path: string, body?: unknown, headers = asAdmin(cookie)) =>
      app.request(`${base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}
