import { NewsList, type NewsListItem } from '@pillars/shared/contracts';
import { type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from '@/lib/query-client';

/** GET /api/news, newest first; the query key is the path. */
export const newsQueryKey = ['/api/news'] as const;

export async function getNews(context: QueryFunctionContext): Promise<NewsListItem[]> {
  return NewsList.parse(await defaultQueryFn(context));
}

export function useNews() {
  return useQuery({ queryKey: newsQueryKey, queryFn: getNews });
}
