import { type NewsArticle, slugify } from '@pillars/contracts';
import {
  type AdminNewsArticle,
  AdminNewsInput,
  type ArticleStatus,
  articleDisplayState,
} from '@pillars/contracts/admin';
import { adminNewsTexts } from '../admin-news-texts';
import type { ImageValue } from '../components/image-field';
import { fromZonedInput, toZonedInput } from './publish-time';

/** The news editor's article as typed, what the API takes of it, and what a save did. */

/** What the editor holds: the fields as typed. */
export interface ArticleDraft {
  title: string;
  /** '' while the address follows the title. */
  slug: string;
  excerpt: string;
  content: string;
  image: ImageValue;
  /** A datetime-local value in New York time, or ''. */
  publishedAt: string;
}

export type Field = 'title' | 'slug' | 'excerpt' | 'content' | 'imageUrl' | 'imageAlt' | 'publishedAt';
export type FieldErrors = Partial<Record<Field, string>>;

export const emptyDraft: ArticleDraft = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  image: { url: '', alt: '' },
  publishedAt: '',
};

export const draftOf = (article: AdminNewsArticle): ArticleDraft => ({
  title: article.title,
  slug: article.slug,
  excerpt: article.excerpt,
  content: article.content,
  image: { url: article.imageUrl, alt: article.imageAlt ?? '' },
  publishedAt: article.status === 'published' ? toZonedInput(article.publishedAt) : '',
});

/** The body the API takes; publishing without a date publishes now. */
export function inputOf(draft: ArticleDraft, status: ArticleStatus, now: Date): AdminNewsInput {
  const publishedAt = fromZonedInput(draft.publishedAt) ?? (status === 'published' ? now.toISOString() : null);
  return {
    title: draft.title,
    slug: draft.slug,
    excerpt: draft.excerpt,
    content: draft.content,
    imageUrl: draft.image.url,
    imageAlt: draft.image.alt,
    publishedAt,
    status,
  };
}

/** The article as the public page would show it, from the fields as typed. */
export function previewOf(draft: ArticleDraft, id: string | null, now: Date): NewsArticle {
  return {
    id: id ?? '00000000-0000-4000-8000-000000000000',
    slug: draft.slug || slugify(draft.title),
    title: draft.title || adminNewsTexts.untitled,
    excerpt: draft.excerpt,
    content: draft.content,
    imageUrl: draft.image.url,
    imageAlt: draft.image.alt || null,
    publishedAt: fromZonedInput(draft.publishedAt) ?? now.toISOString(),
  };
}

/** The contract's own messages, by field: the editor says exactly what the API would. */
export function validate(input: AdminNewsInput): FieldErrors {
  const result = AdminNewsInput.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** What a save did to the article's state, as the editor's notice says it. */
export function savedText(before: ArticleStatus, after: AdminNewsInput, now: Date): string {
  if (before === after.status) return adminNewsTexts.saved;
  if (after.status === 'draft') return adminNewsTexts.unpublishedNotice;
  return articleDisplayState(after.status, after.publishedAt ?? now, now) === 'scheduled'
    ? adminNewsTexts.scheduledNotice
    : adminNewsTexts.publishedNotice;
}
