import { type Database, events, newsArticles } from '@pillars/platform/db';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { PUBLIC_EVENT_STATES } from '../events/events.service';
import { isPublicArticle } from '../news/news.service';
import type { SocialMeta } from './social-meta';

// Shared links to an article or an event show its title, summary and image in the preview.
// A missing slug gets no preview: the page is rendered with its not-found state (a 404). Drafts
// and scheduled articles are not public, so their preview says nothing either.

export async function articleMeta(db: Database, slug: string, now: Date): Promise<SocialMeta | null> {
  const [article] = await db
    .select({ title: newsArticles.title, excerpt: newsArticles.excerpt, imageUrl: newsArticles.imageUrl })
    .from(newsArticles)
    .where(and(eq(newsArticles.slug, slug), isPublicArticle(now)))
    .limit(1);
  if (!article) return null;
  const { title, excerpt, imageUrl } = article;
  return { title, description: excerpt, image: imageUrl, path: `/news/${slug}`, type: 'article' };
}

export async function eventMeta(db: Database, slug: string): Promise<SocialMeta | null> {
  const [event] = await db
    .select({ title: events.title, description: events.description, imageUrl: events.imageUrl })
    .from(events)
    .where(and(eq(events.slug, slug), ne(events.status, 'draft')))
    .limit(1);
  if (!event) return null;
  const { title, description, imageUrl } = event;
  return { title, description: description ?? title, image: imageUrl, path: `/events/${slug}`, type: 'website' };
}

export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

/** Every public article and event, most recently changed first, at most `limit`. */
export async function sitemapContent(
  db: Database,
  now: Date,
  limit: number,
): Promise<{ entries: SitemapEntry[]; truncated: boolean }> {
  // A scheduled article appears when its date comes, after its last edit.
  const articleChanged = sql<Date>`greatest(${newsArticles.updatedAt}, ${newsArticles.publishedAt})`.mapWith(
    newsArticles.updatedAt,
  );
  const [articles, publicEvents] = await Promise.all([
    db
      .select({ slug: newsArticles.slug, lastmod: articleChanged })
      .from(newsArticles)
      .where(isPublicArticle(now))
      .orderBy(desc(articleChanged))
      .limit(limit + 1),
    db
      .select({ slug: events.slug, lastmod: events.updatedAt })
      .from(events)
      .where(inArray(events.status, PUBLIC_EVENT_STATES))
      .orderBy(desc(events.updatedAt))
      .limit(limit + 1),
  ]);
  const all = [
    ...articles.map((a) => ({ path: `/news/${encodeURIComponent(a.slug)}`, lastmod: a.lastmod })),
    ...publicEvents.map((e) => ({ path: `/events/${encodeURIComponent(e.slug)}`, lastmod: e.lastmod })),
  ].sort((a, b) => b.lastmod.getTime() - a.lastmod.getTime());
  return { entries: all.slice(0, limit), truncated: all.length > limit };
}
