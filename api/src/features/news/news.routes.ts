import { NewsArticle, NewsList } from '@pillars/contracts';
import type { AppDeps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { featureRouter, json, openapiRoute, publicBySlugRoute, publicListRoute } from '../../lib/openapi';
import { listPublicArticles, publicArticle } from './news.service';

const listNews = publicListRoute(
  'news',
  'Published news articles, newest first',
  json('The articles, without their content', NewsList),
);

const getArticle = publicBySlugRoute('news', 'One news article', {
  ok: json('The article', NewsArticle),
  moved: "A former slug of a published article: Location is the article's current path",
  missing: 'No public article has this slug',
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
