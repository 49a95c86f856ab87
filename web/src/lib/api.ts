import type { QueryFunction } from '@tanstack/react-query';

/**
 * A non-2xx answer. The message is the product's ("{status}: {body text}", or the status
 * text when the body is empty); `status` and `bodyText` let callers tell a declined request
 * (4xx, with the API's `{ error, code, issues? }` body) from a transient one (5xx) without
 * parsing the message.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.bodyText = bodyText;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text();
  throw new ApiRequestError(response.status, bodyText, response.statusText);
}

export type ApiRequestOptions = {
  /** Extra headers, e.g. the Idempotency-Key of a payment request. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** A call that sends cookies, and a JSON body only when one is given (product rule). */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  const init: RequestInit = {
    method,
    headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  };
  if (options.signal) init.signal = options.signal;
  const response = await fetch(url, init);
  await throwIfNotOk(response);
  return response;
}

/**
 * Every answer's body is read or cancelled: one left unread keeps its request open in the browser,
 * so the page never reaches network idle and the connection is not reused.
 */
export async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** A call whose answer the caller does not need beyond its success (a DELETE, a sign-out). */
export async function apiSend(method: string, url: string, body?: unknown, options?: ApiRequestOptions): Promise<void> {
  await discardBody(await apiRequest(method, url, body, options));
}

/**
 * Where the queries' GETs go: the browser's fetch, or, in a server render, the API called
 * in-process with the same paths and answers (docs/decisions/036).
 */
let queryFetch: typeof fetch = (input, init) => fetch(input, init);

/** The server renderer routes the queries' requests to the API app; the browser never calls this. */
export function setQueryFetch(fetcher: typeof fetch): void {
  queryFetch = fetcher;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A GET whose path is the query key segments joined by "/", e.g. ['/api/news', slug]. */
export function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<unknown> {
  return async ({ queryKey, signal }) => {
    const response = await queryFetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) {
      await discardBody(response);
      return null;
    }
    await throwIfNotOk(response);
    const data: unknown = await response.json();
    return data;
  };
}
