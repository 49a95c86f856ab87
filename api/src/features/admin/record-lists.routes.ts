import {
  RECORD_LISTS,
  RECORD_LIST_UNPAGED_LIMIT,
  RecipientCount,
  RecipientList,
  type RecordListName,
  type RecordListOf,
} from '@pillars/contracts/admin';
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { AppDeps, AppEnv } from '../../lib/context';
import { apiError, featureRouter, json, openapiRoute } from '../../lib/openapi';
import { adminRoute, msSince, underAdmin } from './admin-http';
import { RECORD_LIST_SERVICES, type RecipientScope, type RecordListService } from './detail-lists.service';

/**
 * The admin's record lists (contributions, members, registrations), each served from its
 * description in RECORD_LISTS: the newest RECORD_LIST_UNPAGED_LIMIT rows, a page by cursor, and
 * the recipients of a message to all of it and how many they are, at the paths, with the queries
 * and answers, the description names.
 */

/** How the API's document words each list; the paths, queries and answers are the description's. */
type ListWords = {
  /** The rows as the unpaged summary names them, and as its answer does. */
  newest: string;
  answer: string;
  /** The page's summary and its 400. */
  page: string;
  pageInvalid: string;
  /** Whose addresses a message to all reaches, as the recipients' and the count's summaries say it. */
  recipients: string;
  counted: string;
};
const NEWEST = RECORD_LIST_UNPAGED_LIMIT.toLocaleString('en-US');
const WORDS: Record<RecordListName, ListWords> = {
  contributions: {
    newest: 'donations, newest first',
    answer: 'The donations',
    page: 'One page of the donations, newest first, paged by cursor',
    pageInvalid: 'The cursor or the limit is invalid',
    recipients: 'the donations',
    counted: 'the donations',
  },
  members: {
    newest: 'memberships, newest first',
    answer: 'The memberships',
    page: 'One page of the memberships, newest first, paged by cursor',
    pageInvalid: 'The cursor or the limit is invalid',
    recipients: 'the memberships',
    counted: 'the memberships',
  },
  registrations: {
    newest: 'event registrations with their events, newest first',
    answer: 'The registrations',
    page: "One page of an event's registrations (or of all), newest first, paged by cursor",
    pageInvalid: 'The event id, the cursor or the limit is invalid',
    recipients: "an event's registrations (or of all)",
    counted: "an event's registrations (or all)",
  },
};
/** The answer to a scope that is not an id (an event id that is not a UUID). */
const SCOPE_INVALID = 'The event id is invalid';

/** A request whose query the route's definition validated, as `openapiRoute` serves it. */
type Validated = { req: { valid(target: 'query'): unknown } };

/** The four routes of one list, documented and served from its description. */
function listRoutes<L extends RecordListOf<RecordListName>>(
  app: OpenAPIHono<AppEnv>,
  { db }: Pick<AppDeps, 'db'>,
  list: L,
  service: RecordListService<z.infer<L['page']['query']>, z.infer<L['row']>>,
) {
  // The routes' schemas are the list's, chosen at run time: the services' types hold the answers to them.
  const words = WORDS[list.name];
  const scope = list.recipients.query;
  const scoped = scope ? { request: { query: scope } } : {};
  const scopeError: RouteConfig['responses'] = scope ? { 400: apiError(SCOPE_INVALID) } : {};
  // An unscoped list's recipients take no query: nothing validated it, nothing narrows them.
  const scopeOf = (c: Validated): RecipientScope => (scope ? (c.req.valid('query') as RecipientScope) : {});

  const unpaged: RouteConfig = adminRoute({
    method: 'get',
    path: underAdmin(list.unpaged.path),
    summary: `The newest ${NEWEST} ${words.newest}`,
    responses: { 200: json(words.answer, list.unpaged.answer) },
  });
  const page: RouteConfig = adminRoute({
    method: 'get',
    path: underAdmin(list.page.path),
    summary: words.page,
    request: { query: list.page.query },
    responses: {
      200: json(
        'One page, the cursor of the next (null on the last), the total and the distinct addresses',
        list.page.answer,
      ),
      400: apiError(words.pageInvalid),
    },
  });
  const recipients: RouteConfig = adminRoute({
    method: 'get',
    path: underAdmin(list.recipients.path),
    summary: `The distinct e-mail addresses of ${words.recipients}, for a message to all`,
    ...scoped,
    responses: { 200: json('The addresses, in address order', RecipientList), ...scopeError },
  });
  const recipientCount: RouteConfig = adminRoute({
    method: 'get',
    path: underAdmin(list.recipients.countPath),
    summary: `How many distinct e-mail addresses ${words.counted} hold`,
    ...scoped,
    responses: { 200: json('The number of addresses', RecipientCount), ...scopeError },
  });

  openapiRoute(app, unpaged, async (c) =>
    c.json({ success: true, data: await service.unpaged(db) } as z.infer<typeof list.unpaged.answer>, 200),
  );
  const pageEvent = `admin.${underAdmin(list.page.path).split('/')[1] ?? list.name}-page`;
  openapiRoute(app, page, async (c) => {
    const started = performance.now();
    const answer = await service.page(db, (c as Validated).req.valid('query') as z.infer<L['page']['query']>);
    c.get('logger').info({ event: pageEvent, rows: answer.data.length, ms: msSince(started) }, 'detail page listed');
    return c.json(answer, 200);
  });
  openapiRoute(app, recipients, async (c) =>
    c.json({ success: true, data: await service.recipients(db, scopeOf(c)) } satisfies RecipientList, 200),
  );
  openapiRoute(app, recipientCount, async (c) =>
    c.json({ success: true, count: await service.recipientCount(db, scopeOf(c)) } satisfies RecipientCount, 200),
  );
}

/** Every record list's routes (the registrations' own, their events and the door's search, are registrations.routes.ts). */
export function recordListsRoutes(deps: Pick<AppDeps, 'db'>) {
  const app = featureRouter();
  listRoutes(app, deps, RECORD_LISTS.contributions, RECORD_LIST_SERVICES.contributions);
  listRoutes(app, deps, RECORD_LISTS.members, RECORD_LIST_SERVICES.members);
  listRoutes(app, deps, RECORD_LISTS.registrations, RECORD_LIST_SERVICES.registrations);
  return app;
}
