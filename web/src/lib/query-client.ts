import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

export const defaultQueryFn = getQueryFn({ on401: 'throw' });

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
