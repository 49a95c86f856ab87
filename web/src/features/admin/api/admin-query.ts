import type { QueryClient, QueryFunctionContext } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api';
import { defaultQueryFn } from '@/lib/query-client';

/** An answer of the right status but the wrong shape: the page says the data could not be loaded. */
export class InvalidResponseError extends Error {
  constructor(path: string, options?: ErrorOptions) {
    super(`Unexpected response from ${path}`, options);
    this.name = 'InvalidResponseError';
  }
}

/** The app's GET (the query key is the path), its answer checked against the contract. */
export function parsedQueryFn<T>(schema: z.ZodType<T>) {
  return async (context: QueryFunctionContext): Promise<T> => {
    const parsed = schema.safeParse(await defaultQueryFn(context));
    if (!parsed.success) throw new InvalidResponseError(context.queryKey.join('/'), { cause: parsed.error });
    return parsed.data;
  };
}

/** A GET of a URL with its query string, sent with cookies, its answer checked against the contract. */
export async function getParsed<T>(schema: z.ZodType<T>, url: string, signal?: AbortSignal): Promise<T> {
  const response = await apiRequest('GET', url, undefined, signal ? { signal } : {});
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw new InvalidResponseError(url.split('?')[0] ?? url, { cause: parsed.error });
  return parsed.data;
}

/** Every admin query is keyed by its /api/admin path. */
export function isAdminQueryKey(queryKey: readonly unknown[]): boolean {
  return String(queryKey[0]).startsWith('/api/admin');
}

/** After a change, every admin list refetches: a confirmation shows on the dashboard and the sub-pages. */
export function invalidateAdminQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isAdminQueryKey(query.queryKey) });
}
