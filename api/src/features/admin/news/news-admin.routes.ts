import { MessageResponse } from '@pillars/contracts';
import {
  AdminNewsDetail,
  AdminNewsInput,
  AdminNewsList,
  AdminNewsQuery,
  AdminNewsSaved,
} from '@pillars/contracts/admin';
import type { AppDeps } from '../../../lib/context';
import { featureRouter, json, openapiRoute } from '../../../lib/openapi';
import { adminOperation, auditedDelete, auditedWrite, idParams, unknown } from '../admin-http';
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
  openapiRoute(app, createRouteDef, (c) =>
    auditedWrite(c, 201, async (actor) => {
      const data = await createArticle(db, actor, c.req.valid('json'));
      const answer = { success: true, data } satisfies AdminNewsSaved;
      return { answer, log: { event: 'admin.news.created', articleId: data.id }, message: 'article created' };
    }),
  );
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
    (c) =>
      auditedWrite(c, 200, async (actor) => {
        const { id } = c.req.valid('param');
        const answer = {
          success: true,
          data: await updateArticle(db, actor, id, c.req.valid('json')),
        } satisfies AdminNewsSaved;
        return { answer, log: { event: 'admin.news.updated', articleId: id }, message: 'article saved' };
      }),
    unknownArticle,
  );
  const removeArticle = auditedDelete((actor, id) => deleteArticle(db, actor, id), {
    event: 'admin.news.deleted',
    idKey: 'articleId',
    message: 'article deleted',
  });
  openapiRoute(app, deleteRouteDef, removeArticle, unknownArticle);
  return app;
}
