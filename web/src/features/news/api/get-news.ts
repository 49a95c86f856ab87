import type { NewsListItem } from '@pillars/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazilyParsedQuery } from '@/lib/query-client';

/** GET /api/news, newest first; the query key is the path. */
export const newsQueryKey = ['/api/news'] as const;

export const getNews = lazilyParsedQuery<NewsListItem[]>(() =>
  import('./news-schemas').then((module) => module.NewsList),
);

export function useNews() {
  return useQuery({ queryKey: newsQueryKey, queryFn: getNews });
}
