import { NewsArticle, NewsList, Slug } from '@pillars/shared/contracts';
import { newsArticles } from '@pillars/shared/db';
import { desc, eq } from 'drizzle-orm';
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
  responses: { 200: json('The article', NewsArticle), 404: apiError('No article has this slug') },
});

export function newsRoutes({ db }: AppDeps) {
  const app = featureRouter();
  openapiRoute(app, listNews, async (c) => {
    const rows = await db
      .select(listColumns)
      .from(newsArticles)
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
      .select({ ...listColumns, content: newsArticles.content })
      .from(newsArticles)
      .where(eq(newsArticles.slug, slug))
      .limit(1);
    if (!row) throw notFound('Article');
    return c.json({ ...row, publishedAt: row.publishedAt.toISOString() }, 200);
  });
  return app;
}
