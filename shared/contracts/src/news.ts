import { z } from 'zod';
import { Id, IsoDateTime } from './common';
import { SLUG_LOOKUP_MAX, SLUG_PATTERN } from './slugs';

/** A news card on the home page (the product's "news list item"). */
export const NewsListItem = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  imageUrl: z.string(),
  publishedAt: IsoDateTime,
});
export type NewsListItem = z.infer<typeof NewsListItem>;

/** The article page adds the long-form content, paragraphs separated by blank lines. */
export const NewsArticle = NewsListItem.extend({
  content: z.string(),
  /** The image's text alternative; absent or null for articles written before it was asked for. */
  imageAlt: z.string().nullable().optional(),
}).meta({ id: 'NewsArticle' });
export type NewsArticle = z.infer<typeof NewsArticle>;

export const NewsList = z.array(NewsListItem).meta({ id: 'NewsList' });

/** URL slugs: lower-case words joined by single hyphens (`isSlug` without zod). */
export const Slug = z.string().min(1).max(SLUG_LOOKUP_MAX).regex(SLUG_PATTERN, 'Invalid slug');
