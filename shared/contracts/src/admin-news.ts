import { z } from 'zod';
import { Id, IsoDateTime, TEXT_LIMITS, multiLineText, singleLineText, webAddress, successData } from './common';
import { SLUG_MAX, SLUG_PATTERN } from './slugs';

/** An article's state as stored; "Scheduled" is a published article whose date has not come. */
export const ArticleStatus = z.enum(['draft', 'published']);
export type ArticleStatus = z.infer<typeof ArticleStatus>;

/** What the admin list shows for an article: its stored state and whether its date has come. */
export type ArticleDisplayState = 'draft' | 'scheduled' | 'published';

/** The one rule for an article being public: published, and its date has come. */
export function articleDisplayState(status: ArticleStatus, publishedAt: string | Date, now: Date): ArticleDisplayState {
  if (status === 'draft') return 'draft';
  return new Date(publishedAt).getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** Length limits of an article's fields (the editor shows the same ones). */
export const ARTICLE_LIMITS = {
  title: 200,
  excerpt: 500,
  content: 50_000,
  imageUrl: 2_000,
  imageAlt: 300,
  slug: SLUG_MAX,
} as const;

export const adminNewsMessages = {
  titleRequired: 'Give the article a title.',
  titleTooLong: `The title can have at most ${ARTICLE_LIMITS.title} characters.`,
  excerptRequired: 'Write a short summary of the article.',
  excerptTooLong: `The summary can have at most ${ARTICLE_LIMITS.excerpt} characters.`,
  contentRequired: 'Write the article.',
  contentTooLong: `The article can have at most ${ARTICLE_LIMITS.content} characters.`,
  slugInvalid: 'Use lower-case letters, digits and single hyphens for the address.',
  slugTooLong: `The address can have at most ${ARTICLE_LIMITS.slug} characters.`,
  slugTaken: 'That address is already used by another article.',
  imageUrlInvalid: 'Give the image as an address starting with / or https://.',
  imageUrlTooLong: `The image address can have at most ${ARTICLE_LIMITS.imageUrl} characters.`,
  imageAltRequired: 'Describe the image for people who cannot see it.',
  imageAltTooLong: `The image description can have at most ${ARTICLE_LIMITS.imageAlt} characters.`,
  publishedAtRequired: 'Choose when the article is published.',
  publishedAtInvalid: 'Give the publication date as a date and time.',
  deleted: 'Article deleted',
} as const;

/** The title is one line; the summary and the article keep their line breaks (paragraphs). */
const line = (field: string, max: number, required: string, tooLong: string) =>
  singleLineText(field, max, { trim: true, tooLong, missing: required }).min(1, required);
const paragraphs = (field: string, max: number, required: string, tooLong: string) =>
  multiLineText(field, max, { trim: true, tooLong, missing: required }).min(1, required);

/**
 * The body of POST and PUT /api/admin/news(/:id). `slug` is optional: without it a new article's
 * address is derived from its title (made unique with -2, -3, …) and an edited article keeps its
 * own; a slug given explicitly that another article has, or had, is a 409.
 */
export const AdminNewsInput = z
  .object({
    title: line('The title', ARTICLE_LIMITS.title, adminNewsMessages.titleRequired, adminNewsMessages.titleTooLong),
    slug: z
      .string()
      .trim()
      .max(ARTICLE_LIMITS.slug, adminNewsMessages.slugTooLong)
      .regex(SLUG_PATTERN, adminNewsMessages.slugInvalid)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    excerpt: paragraphs(
      'The summary',
      ARTICLE_LIMITS.excerpt,
      adminNewsMessages.excerptRequired,
      adminNewsMessages.excerptTooLong,
    ),
    content: paragraphs(
      'The article',
      ARTICLE_LIMITS.content,
      adminNewsMessages.contentRequired,
      adminNewsMessages.contentTooLong,
    ),
    imageUrl: webAddress('The image address', ARTICLE_LIMITS.imageUrl, {
      tooLong: adminNewsMessages.imageUrlTooLong,
      invalid: adminNewsMessages.imageUrlInvalid,
    }).default(''),
    imageAlt: singleLineText('The image description', ARTICLE_LIMITS.imageAlt, {
      trim: true,
      tooLong: adminNewsMessages.imageAltTooLong,
    }).default(''),
    publishedAt: IsoDateTime.nullable().optional(),
    status: ArticleStatus,
  })
  .superRefine((input, ctx) => {
    if (input.imageUrl && !input.imageAlt) {
      ctx.addIssue({ code: 'custom', path: ['imageAlt'], message: adminNewsMessages.imageAltRequired });
    }
    if (input.status === 'published' && !input.publishedAt) {
      ctx.addIssue({ code: 'custom', path: ['publishedAt'], message: adminNewsMessages.publishedAtRequired });
    }
  })
  .meta({ id: 'AdminNewsInput' });
export type AdminNewsInput = z.input<typeof AdminNewsInput>;
export type AdminNewsInputParsed = z.output<typeof AdminNewsInput>;

export const AdminNewsListItem = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  status: ArticleStatus,
  publishedAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type AdminNewsListItem = z.infer<typeof AdminNewsListItem>;

export const AdminNewsArticle = AdminNewsListItem.extend({
  content: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string().nullable(),
}).meta({ id: 'AdminNewsArticle' });
export type AdminNewsArticle = z.infer<typeof AdminNewsArticle>;

export const AdminNewsList = successData('AdminNewsList', z.array(AdminNewsListItem));
export type AdminNewsList = z.infer<typeof AdminNewsList>;

export const AdminNewsDetail = successData('AdminNewsDetail', AdminNewsArticle);
export type AdminNewsDetail = z.infer<typeof AdminNewsDetail>;

export const AdminNewsSaved = successData('AdminNewsSaved', z.object({ id: Id, slug: z.string() }));
export type AdminNewsSaved = z.infer<typeof AdminNewsSaved>;

/** GET /api/admin/news: `q` searches title and summary; `status` filters by the stored state. */
export const AdminNewsQuery = z.object({
  q: singleLineText('The search', TEXT_LIMITS.search, { trim: true }).optional(),
  status: ArticleStatus.optional(),
});
export type AdminNewsQuery = z.infer<typeof AdminNewsQuery>;
