import { NewsArticle, NewsList, Slug } from '@pillars/contracts';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { apiError, featureRouter, json, openapiRoute } from '../../lib/openapi';
import { listPublicArticles, publicArticle } from './news.service';

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
  request: { params: z.object({ slug: Slug }) },
  responses: {
    200: json('The article', NewsArticle),
    301: { description: "A former slug of a published article: Location is the article's current path" },
    404: apiError('No public article has this slug'),
  },
});

export function newsRoutes({ db, now = () => new Date() }: AppDeps) {
  const app = featureRouter();
  openapiRoute(app, listNews, async (c) => c.json(await listPublicArticles(db, now()), 200));
  openapiRoute(
    app,
    getArticle,
    async (c) => {
      const { slug } = c.req.valid('param');
      const found = await publicArticle(db, slug, now());
      if (!found) throw notFound('Article');
      // A published article's former address answers with a permanent redirect to its current one
      // (docs/decisions/024), so links shared before the change keep working.
      if (found.kind === 'moved') return c.redirect(`/api/news/${found.slug}`, 301);
      return c.json(found.article, 200);
    },
    // A slug that cannot exist is simply not found; no need to ask the database.
    { unknownRecord: notFound('Article') },
  );
  return app;
}
