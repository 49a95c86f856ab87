import { type Database, newsArticles, redirectedSlug } from '@pillars/platform/db';
import { and, desc, eq, lte } from 'drizzle-orm';

const listColumns = {
  id: newsArticles.id,
  slug: newsArticles.slug,
  title: newsArticles.title,
  excerpt: newsArticles.excerpt,
  imageUrl: newsArticles.imageUrl,
  publishedAt: newsArticles.publishedAt,
};

/**
 * The one rule for a public article, for the API, the page's link preview and the sitemap alike:
 * published, and its date has come (a future date schedules it). Drafts and scheduled articles
 * answer as if they did not exist (docs/decisions/024).
 */
export const isPublicArticle = (now: Date) =>
  and(eq(newsArticles.status, 'published'), lte(newsArticles.publishedAt, now));

/** The public articles, newest first, without their content. */
export async function listPublicArticles(db: Database, now: Date) {
  const rows = await db
    .select(listColumns)
    .from(newsArticles)
    .where(isPublicArticle(now))
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id));
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() }));
}

/**
 * A public article by its slug; else the current slug when this one is a published article's
 * former address (docs/decisions/024); else nothing.
 */
export async function publicArticle(db: Database, slug: string, now: Date) {
  const [row] = await db
    .select({ ...listColumns, content: newsArticles.content, imageAlt: newsArticles.imageAlt })
    .from(newsArticles)
    .where(and(eq(newsArticles.slug, slug), isPublicArticle(now)))
    .limit(1);
  if (row) return { kind: 'found', article: { ...row, publishedAt: row.publishedAt.toISOString() } } as const;
  const current = await redirectedSlug(db, 'news', slug);
  return current ? ({ kind: 'moved', slug: current } as const) : null;
}
