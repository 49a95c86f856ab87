import { vi } from 'vitest';

type Reply = () => Response | Promise<Response>;

/**
 * Replaces the browser's fetch with fixed replies by path. A reply is a factory because a
 * Response body can be read only once. Unknown paths answer 404 like the API does.
 */
export function stubFetch(routes: Record<string, Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const reply = routes[url];
    return reply ? reply() : Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A reply that never arrives, to observe loading states. */
export const pending: Reply = () => new Promise<Response>(() => {});

export const json =
  (body: unknown, status = 200): Reply =>
  () =>
    Response.json(body, { status });
