import type { Database } from '@pillars/platform/db';
import { users } from '@pillars/platform/db';
import { hashPassword } from '../features/auth/passwords';

type RequestingApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

export type TestAdmin = { id: string; username: string; password: string; email: string };

/** Inserts an admin account with a real argon2id hash. */
export async function createTestAdmin(
  db: Database,
  overrides: Partial<Omit<TestAdmin, 'id'>> = {},
): Promise<TestAdmin> {
  const username = overrides.username ?? `admin-${crypto.randomUUID().slice(0, 8)}`;
  const password = overrides.password ?? 'correct horse battery staple';
  const email = overrides.email ?? `${username}@example.org`;
  const [row] = await db
    .insert(users)
    .values({ username, email, passwordHash: await hashPassword(password), firstName: 'Test', lastName: 'Admin' })
    .returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return { id: row.id, username, password, email };
}

/** Signs in through POST /api/auth/login and returns the Cookie header to send afterwards. */
export async function signIn(app: RequestingApp, admin: Pick<TestAdmin, 'username' | 'password'>): Promise<string> {
  const res = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.username, password: admin.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

/** Same-origin headers for a state-changing call with the session cookie. */
export function asAdmin(cookie: string, extra: Record<string, string> = {}): Record<string, string> {
  return { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...extra };
}
