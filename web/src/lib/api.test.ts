import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest, getQueryFn } from './api';
import { createQueryClient } from './query-client';

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(response()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function runQuery(queryKey: readonly unknown[], on401: 'returnNull' | 'throw') {
  return new QueryClient().fetchQuery({ queryKey, queryFn: getQueryFn({ on401 }), retry: false });
}

describe('apiRequest', () => {
  it('sends cookies and a JSON body when one is given', async () => {
    const fetchMock = stubFetch(() => Response.json({ ok: true }));
    await apiRequest('POST', '/api/donations', { amount: '25.00' });
    expect(fetchMock).toHaveBeenCalledWith('/api/donations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"amount":"25.00"}',
      credentials: 'include',
    });
  });

  it('sends no body and no content type without a body', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/auth/logout');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({});
    expect(init?.credentials).toBe('include');
  });

  it('throws "{status}: {body}" on a non-2xx response', async () => {
    stubFetch(() => Response.json({ error: 'Slug taken', code: 'CONFLICT' }, { status: 409 }));
    await expect(apiRequest('POST', '/api/x', {})).rejects.toThrow('409: {"error":"Slug taken","code":"CONFLICT"}');
  });

  it('adds extra headers, such as an Idempotency-Key, next to the content type', async () => {
    const fetchMock = stubFetch(() => Response.json({}, { status: 202 }));
    await apiRequest('POST', '/api/donations', { amount: '25.00' }, { headers: { 'Idempotency-Key': 'k1234567' } });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k1234567',
    });
  });

  it('keeps the status and body on the error it throws', async () => {
    stubFetch(() => Response.json({ error: 'Slug taken', code: 'CONFLICT' }, { status: 409 }));
    const error: unknown = await apiRequest('POST', '/api/x', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 409, bodyText: '{"error":"Slug taken","code":"CONFLICT"}' });
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('GETs the key segments joined by "/" with cookies', async () => {
    const fetchMock = stubFetch(() => Response.json({ slug: 'hello' }));
    await expect(runQuery(['/api/news', 'hello'], 'throw')).resolves.toEqual({ slug: 'hello' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/news/hello');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('returns null on 401 when asked to, with the answer’s body let go so the request completes', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode('Unauthorized')),
      cancel: () => {
        cancelled = true;
      },
    });
    stubFetch(() => new Response(body, { status: 401 }));
    await expect(runQuery(['/api/auth/me'], 'returnNull')).resolves.toBeNull();
    expect(cancelled).toBe(true);
  });

  it('throws on 401 by default', async () => {
    stubFetch(() => new Response('Authentication required', { status: 401 }));
    await expect(runQuery(['/api/auth/me'], 'throw')).rejects.toThrow('401: Authentication required');
  });

  it('throws with the body text of a 404', async () => {
    stubFetch(() => new Response('{"error":"Not found","code":"NOT_FOUND"}', { status: 404 }));
    await expect(runQuery(['/api/news', 'missing'], 'throw')).rejects.toThrow(
      '404: {"error":"Not found","code":"NOT_FOUND"}',
    );
  });
});

describe('createQueryClient', () => {
  it("applies the spec's query defaults", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Infinity,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    });
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('uses the key-to-path query function by default', async () => {
    const fetchMock = stubFetch(() => Response.json([]));
    await createQueryClient().fetchQuery({ queryKey: ['/api/events'] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/events');
  });
});
