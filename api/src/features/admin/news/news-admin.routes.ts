import { MessageResponse } from '@pillars/contracts';
import {
  AdminNewsDetail,
  AdminNewsInput,
  AdminNewsList,
  AdminNewsQuery,
  AdminNewsSaved,
} from '@pillars/contracts/admin';
import type { z } from 'zod';
import type { AppDeps } from '../../../lib/context';
import { featureRouter, json, openapiRoute } from '../../../lib/openapi';
import { adminOperation, idParams, unknown, authoredWrites } from '../admin-http';
import { createArticle, deleteArticle, getArticle, listArticles, updateArticle } from './news-admin.service';

const missing = 'No article has this id';
const invalid = 'Invalid body; the message names the field';
const conflict = 'The slug given is another article’s current or former address';

const listRoute = adminOperation('get', '/', {
  summary: 'Every news article, drafts and scheduled ones included, newest first',
  query: AdminNewsQuery,
  ok: json('The articles, without their content', AdminNewsList),
  invalid: 'Invalid filter',
});
const createRouteDef = adminOperation('post', '/', {
  summary: 'Write a news article (a draft, or published at publishedAt; a future date schedules it)',
  body: AdminNewsInput,
  ok: json('The article created, with its address', AdminNewsSaved),
  status: 201,
  invalid,
  conflict,
});
const getRoute = adminOperation('get', '/{id}', {
  summary: 'One news article, whatever its state',
  params: idParams,
  ok: json('The article', AdminNewsDetail),
  missing,
});
const updateRoute = adminOperation('put', '/{id}', {
  summary: 'Replace a news article; a published one’s former slug redirects to the new one',
  params: idParams,
  body: AdminNewsInput,
  ok: json('The article saved, with its address', AdminNewsSaved),
  invalid,
  missing,
  conflict,
});
const deleteRouteDef = adminOperation('delete', '/{id}', {
  summary: 'Delete a news article and its former addresses',
  params: idParams,
  ok: json('Deleted', MessageResponse),
  missing,
});

/** /api/admin/news: writing the organisation's news; behind requireSession (app.ts). */
export function adminNewsRoutes({ db }: AppDeps) {
  const app = featureRouter();
  openapiRoute(app, listRoute, async (c) => {
    const data = await listArticles(db, c.req.valid('query'));
    return c.json({ success: true, data } satisfies AdminNewsList, 200);
  });
  const writes = authoredWrites(
    { event: 'admin.news', idKey: 'articleId', noun: 'article' },
    {
      create: (actor, input: z.output<typeof AdminNewsInput>) => createArticle(db, actor, input),
      update: (actor, id, input) => updateArticle(db, actor, id, input),
      remove: (actor, id) => deleteArticle(db, actor, id),
    },
  );
  openapiRoute(app, createRouteDef, writes.create);
  // A path id that is not a UUID cannot name an article: 404, as for an unknown one.
  const unknownArticle = unknown('Article');
  openapiRoute(
    app,
    getRoute,
    async (c) =>
      c.json({ success: true, data: await getArticle(db, c.req.valid('param').id) } satisfies AdminNewsDetail, 200),
    unknownArticle,
  );
  openapiRoute(app, updateRoute, writes.update, unknownArticle);
  openapiRoute(app, deleteRouteDef, writes.remove, unknownArticle);
  return app;
}
