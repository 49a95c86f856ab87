import type { NewsListItem } from '@pillars/shared/contracts';
import { type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from '@/lib/query-client';

/** GET /api/news, newest first; the query key is the path. */
export const newsQueryKey = ['/api/news'] as const;

export async function getNews(context: QueryFunctionContext): Promise<NewsListItem[]> {
  // The schema, and zod with it, loads beside the answer instead of with the page (docs/decisions/038).
  const [{ NewsList }, data] = await Promise.all([import('./news-schemas'), defaultQueryFn(context)]);
  return NewsList.parse(data);
}

export function useNews() {
  return useQuery({ queryKey: newsQueryKey, queryFn: getNews });
}
