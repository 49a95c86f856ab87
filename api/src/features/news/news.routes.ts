import type { NewsArticle, NewsListItem } from '@pillars/shared/contracts';
import { Slug } from '@pillars/shared/contracts';
import { newsArticles } from '@pillars/shared/db';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';

const listColumns = {
  id: newsArticles.id,
  slug: newsArticles.slug,
  title: newsArticles.title,
  excerpt: newsArticles.excerpt,
  imageUrl: newsArticles.imageUrl,
  publishedAt: newsArticles.publishedAt,
};

export function newsRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const rows = await db
        .select(listColumns)
        .from(newsArticles)
        .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id));
      return c.json(rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() })) satisfies NewsListItem[]);
    })
    .get('/:slug', async (c) => {
      const slug = c.req.param('slug');
      // A slug that cannot exist is simply not found; no need to ask the database.
      if (!Slug.safeParse(slug).success) throw notFound('Article');
      const [row] = await db
        .select({ ...listColumns, content: newsArticles.content })
        .from(newsArticles)
        .where(eq(newsArticles.slug, slug))
        .limit(1);
      if (!row) throw notFound('Article');
      return c.json({ ...row, publishedAt: row.publishedAt.toISOString() } satisfies NewsArticle);
    });
}
