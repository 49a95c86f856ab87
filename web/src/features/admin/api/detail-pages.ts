import { DETAIL_PAGE_DEFAULT_LIMIT, RecipientCount, RecipientList } from '@pillars/contracts/admin';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { parsedQueryFn } from './admin-query';

/**
 * The detail lists' paged calls (docs/decisions/034): newest first, DETAIL_PAGE_DEFAULT_LIMIT rows a
 * page, each next page asked with the previous answer's cursor.
 */

/** A page's path: the list's own parameters, the page size and, after the first page, the cursor. */
export function detailPagePath(path: string, params: Readonly<Record<string, string>>, cursor: string | null): string {
  const search = new URLSearchParams(params);
  search.set('limit', String(DETAIL_PAGE_DEFAULT_LIMIT));
  if (cursor) search.set('cursor', cursor);
  return `${path}?${search.toString()}`;
}

/** The pages of one list, loaded one after the other ("Show more"). Keyed by /api/admin paths, so a change refetches them. */
export function useDetailPages<P extends { nextCursor: string | null }>(
  path: string,
  schema: z.ZodType<P>,
  params: Readonly<Record<string, string>> = {},
) {
  const getPage = parsedQueryFn(schema);
  return useInfiniteQuery({
    queryKey: [path, params],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal, client, meta }) =>
      getPage({ queryKey: [detailPagePath(path, params, pageParam)], signal, client, meta }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

const getRecipients = parsedQueryFn(RecipientList);

/** The distinct addresses of a whole list (its /recipients path), asked only when a message is written. */
export function useRecipients(path: string, enabled = true) {
  return useQuery({ queryKey: [path], queryFn: getRecipients, enabled });
}

const getRecipientCount = parsedQueryFn(RecipientCount);

/** How many addresses a list's /recipients answers (its /recipients/count), for 'Email All (count)'; asked beside the first page. */
export function useRecipientCount(countPath: string) {
  return useQuery({ queryKey: [countPath], queryFn: getRecipientCount });
}
