import { NewsArticle, NewsList, Slug } from '@pillars/contracts';
import { newsArticles, redirectedSlug } from '@pillars/platform/db';
import { and, desc, eq, lte } from 'drizzle-orm';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { apiError, featureRouter, json, openapiRoute } from '../../lib/openapi';

const listColumns = {
  id: newsArticles.id,
  slug: newsArticles.slug,
  title: newsArticles.title,
  excerpt: newsArticles.excerpt,
  imageUrl: newsArticles.imageUrl,
  publishedAt: newsArticles.publishedAt,
};

/**
 * The one rule for a public article, for the API and the page's link preview alike: published,
 * and its date has come (a future date schedules it). Drafts and scheduled articles answer as if
 * they did not exist (docs/decisions/024).
 */
export const isPublicArticle = (now: Date) =>
  and(eq(newsArticles.status, 'published'), lte(newsArticles.publishedAt, now));

const listNews = createRoute({
  method: 'get',
  path: '/',
  tags: ['news'],
  summary: 'Published news articles, newest first',
  responses: { 200: json('The articles, without their content', NewsList) },
});

const getArticle = createRoute({
  method: 'get',
  path: '/{slug}',
  tags: ['news'],
  summary: 'One news article',
  request: { params: z.object({ slug: z.string() }) },
  responses: {
    200: json('The article', NewsArticle),
    301: { description: "A former slug of a published article: Location is the article's current path" },
    404: apiError('No public article has this slug'),
  },
});

export function newsRoutes({ db, now = () => new Date() }: AppDeps) {
  const app = featureRouter();
  openapiRoute(app, listNews, async (c) => {
    const rows = await db
      .select(listColumns)
      .from(newsArticles)
      .where(isPublicArticle(now()))
      .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id));
    return c.json(
      rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() })),
      200,
    );
  });
  openapiRoute(app, getArticle, async (c) => {
    const slug = c.req.param('slug');
    // A slug that cannot exist is simply not found; no need to ask the database.
    if (!Slug.safeParse(slug).success) throw notFound('Article');
    const [row] = await db
      .select({ ...listColumns, content: newsArticles.content, imageAlt: newsArticles.imageAlt })
      .from(newsArticles)
      .where(and(eq(newsArticles.slug, slug), isPublicArticle(now())))
      .limit(1);
    if (!row) {
      // A published article's former address answers with a permanent redirect to its current one
      // (docs/decisions/024), so links shared before the change keep working.
      const current = await redirectedSlug(db, 'news', slug);
      if (current) return c.redirect(`/api/news/${current}`, 301);
      throw notFound('Article');
    }
    return c.json({ ...row, publishedAt: row.publishedAt.toISOString() }, 200);
  });
  return app;
}
