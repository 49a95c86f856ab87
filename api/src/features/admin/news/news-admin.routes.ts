import { MessageResponse } from '@pillars/contracts';
import {
  AdminNewsDetail,
  AdminNewsInput,
  AdminNewsList,
  AdminNewsQuery,
  AdminNewsSaved,
} from '@pillars/contracts/admin';
import type { AppDeps } from '../../../lib/context';
import { apiError, featureRouter, json, openapiRoute } from '../../../lib/openapi';
import { actorIn, adminRoute, idParams, jsonBody, unknown } from '../admin-http';
import { createArticle, deleteArticle, getArticle, listArticles, updateArticle } from './news-admin.service';

const body = jsonBody(AdminNewsInput);

const listRoute = adminRoute({
  method: 'get',
  path: '/',
  summary: 'Every news article, drafts and scheduled ones included, newest first',
  request: { query: AdminNewsQuery },
  responses: { 200: json('The articles, without their content', AdminNewsList), 400: apiError('Invalid filter') },
});
const createRouteDef = adminRoute({
  method: 'post',
  path: '/',
  summary: 'Write a news article (a draft, or published at publishedAt; a future date schedules it)',
  request: { body },
  responses: {
    201: json('The article created, with its address', AdminNewsSaved),
    400: apiError('Invalid body; the message names the field'),
    403: apiError('A cross-site request'),
    409: apiError('The slug given is another article’s current or former address'),
  },
});
const getRoute = adminRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One news article, whatever its state',
  request: { params: idParams },
  responses: { 200: json('The article', AdminNewsDetail), 404: apiError('No article has this id') },
});
const updateRoute = adminRoute({
  method: 'put',
  path: '/{id}',
  summary: 'Replace a news article; a published one’s former slug redirects to the new one',
  request: { params: idParams, body },
  responses: {
    200: json('The article saved, with its address', AdminNewsSaved),
    400: apiError('Invalid body; the message names the field'),
    403: apiError('A cross-site request'),
    404: apiError('No article has this id'),
    409: apiError('The slug given is another article’s current or former address'),
  },
});
const deleteRouteDef = adminRoute({
  method: 'delete',
  path: '/{id}',
  summary: 'Delete a news article and its former addresses',
  request: { params: idParams },
  responses: {
    200: json('Deleted', MessageResponse),
    403: apiError('A cross-site request'),
    404: apiError('No article has this id'),
  },
});

/** /api/admin/news: writing the organisation's news; behind requireSession (app.ts). */
export function adminNewsRoutes({ db }: AppDeps) {
  const app = featureRouter();
  openapiRoute(app, listRoute, async (c) => {
    const data = await listArticles(db, c.req.valid('query'));
    return c.json({ success: true, data } satisfies AdminNewsList, 200);
  });
  openapiRoute(app, createRouteDef, async (c) => {
    const actor = actorIn(c);
    const data = await createArticle(db, actor, c.req.valid('json'));
    c.get('logger').info({ event: 'admin.news.created', actorId: actor.userId, articleId: data.id }, 'article created');
    return c.json({ success: true, data } satisfies AdminNewsSaved, 201);
  });
  // A path id that is not a UUID cannot name an article: 404, as for an unknown one.
  const unknownArticle = unknown('Article');
  openapiRoute(
    app,
    getRoute,
    async (c) =>
      c.json({ success: true, data: await getArticle(db, c.req.valid('param').id) } satisfies AdminNewsDetail, 200),
    unknownArticle,
  );
  openapiRoute(
    app,
    updateRoute,
    async (c) => {
      const actor = actorIn(c);
      const { id } = c.req.valid('param');
      const data = await updateArticle(db, actor, id, c.req.valid('json'));
      c.get('logger').info({ event: 'admin.news.updated', actorId: actor.userId, articleId: id }, 'article saved');
      return c.json({ success: true, data } satisfies AdminNewsSaved, 200);
    },
    unknownArticle,
  );
  openapiRoute(
    app,
    deleteRouteDef,
    async (c) => {
      const actor = actorIn(c);
      const { id } = c.req.valid('param');
      await deleteArticle(db, actor, id);
      c.get('logger').info({ event: 'admin.news.deleted', actorId: actor.userId, articleId: id }, 'article deleted');
      return c.json({ success: true } satisfies MessageResponse, 200);
    },
    unknownArticle,
  );
  return app;
}
