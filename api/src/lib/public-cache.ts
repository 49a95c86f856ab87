import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { setAnswerHeader } from './built-answer';
import type { AppEnv } from './context';
import { isSafeMethod } from './methods';

/**
 * Public API reads: the news and events lists, one article, one event and its calendar file.
 * They read no session and answer every visitor alike, so any cache may keep them briefly: a
 * minute fresh, then served while revalidated for five more (an edit shows within a minute;
 * an event's remaining places are checked again when a registration is made).
 */
export const PUBLIC_READ_CACHE = 'public, max-age=60, stale-while-revalidate=300';
const PUBLIC_READS = [/^\/api\/(news|events)\/?$/, /^\/api\/news\/[^/]+$/, /^\/api\/events\/[^/]+(\/calendar\.ics)?$/];

/**
 * The site's own images under /images (web/public): not content-hashed, replaced only by a
 * deployment, so a day fresh and a week served while revalidated. Uploaded media (/media) is
 * immutable and cached for a year by its own route.
 */
export const PUBLIC_IMAGE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

const validate = etag({ weak: true });

/**
 * Short public caching and an ETag (a revalidation answers 304 with no body) on the public reads
 * above, successful answers only. Personal answers are never among them, and noStorePersonal
 * (cache-control.ts) still turns any answer that sets a cookie into no-store.
 */
export const cachePublicReads: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!isSafeMethod(c.req.method) || !PUBLIC_READS.some((path) => path.test(c.req.path))) return next();
  return validate(c, async () => {
    await next();
    if (c.res.status === 200 && !c.res.headers.has('cache-control'))
      setAnswerHeader(c, 'Cache-Control', PUBLIC_READ_CACHE);
  });
};

/** `/images/*` of the built web app: see PUBLIC_IMAGE_CACHE. */
export const cacheSiteImages: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status === 200) setAnswerHeader(c, 'Cache-Control', PUBLIC_IMAGE_CACHE);
};
