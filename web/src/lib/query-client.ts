import { type QueryFunction, QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

export const defaultQueryFn = getQueryFn({ on401: 'throw' });

/**
 * The default query, its answer parsed with a schema loaded beside the request instead of with
 * the page: a page hydrating from the server's data makes no request, so it never loads the
 * schema, nor zod with it (docs/decisions/038).
 */
export function lazilyParsedQuery<T>(loadSchema: () => Promise<{ parse: (data: unknown) => T }>): QueryFunction<T> {
  return async (context) => {
    const [schema, data] = await Promise.all([loadSchema(), defaultQueryFn(context)]);
    return schema.parse(data);
  };
}

/** Product rule: data never goes stale on its own, nothing refetches or retries by itself. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
