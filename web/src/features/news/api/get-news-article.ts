import type { NewsArticle } from '@pillars/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazilyParsedQuery } from '@/lib/query-client';

/** GET /api/news/{slug}; the query key is the path segments. */
export const newsArticleQueryKey = (slug: string) => ['/api/news', slug] as const;

export const getNewsArticle = lazilyParsedQuery<NewsArticle>(() =>
  import('./news-schemas').then((module) => module.NewsArticle),
);

/** The article with this slug; `enabled: false` skips the request (e.g. a malformed slug). */
export function useNewsArticle(slug: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: newsArticleQueryKey(slug), queryFn: getNewsArticle, enabled });
}

/** A failed call's message starts with its status, so "404: " means no such article. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('404: ');
}
