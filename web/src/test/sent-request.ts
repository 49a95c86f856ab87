import type { stubFetch } from '@/test/stub-fetch';

/** For tests: the method and JSON body of the first fetch call to `path` (fetch gets (url, init)). */
export function sentRequest(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  const call: unknown[] | undefined = fetchMock.mock.calls.find((each) => each[0] === path);
  const init = call?.[1] as RequestInit | undefined;
  const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  return { method: init?.method, body, credentials: init?.credentials };
}
