import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, inList, updatedAt } from './columns';

export const ARTICLE_STATES = ['draft', 'published'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];
export const EVENT_STATES = ['draft', 'published', 'cancelled'] as const;
export type EventState = (typeof EVENT_STATES)[number];

export const newsArticles = pgTable(
  'news_articles',
  {
    id: id(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /** Long-form text; paragraphs are separated by blank lines. */
    content: text('content').notNull(),
    imageUrl: text('image_url').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    slug: text('slug').notNull().unique(),
    /** Public only when `published` and publishedAt has come (a future date schedules it). */
    status: text('status').$type<ArticleState>().notNull().default('published'),
    /** The image's text alternative, required with an uploaded image. */
    imageAlt: text('image_alt'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('news_articles_published_at_idx').on(t.publishedAt.desc()),
    check('news_articles_status_known', inList('status', ARTICLE_STATES)),
  ],
);

export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }).notNull(),
    location: text('location').notNull(),
    slug: text('slug').notNull().unique(),
    /** Integer cents. */
    price: integer('price').notNull().default(0),
    requiresPayment: boolean('requires_payment').notNull().default(false),
    /** Free text holding a JSON list of tiers; parse with `parsePricingTiers`. */
    pricingTiers: text('pricing_tiers'),
    /** Public when `published` or `cancelled` (a cancelled event says so); drafts are the admin's only. */
    status: text('status').$type<EventState>().notNull().default('published'),
    /** Places in total, or null for no limit; per-tier limits live in pricingTiers and event_places. */
    capacity: integer('capacity'),
    imageAlt: text('image_alt'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_start_date_idx').on(t.startDate),
    check('events_status_known', inList('status', EVENT_STATES)),
    check('events_capacity_positive', sql`${t.capacity} IS NULL OR ${t.capacity} > 0`),
    check('events_price_nonnegative', sql`${t.price} >= 0`),
    check('events_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * Places of an event: one row for the whole event (tier_id '') when it has a capacity, and one per
 * tier that has its own. A registration takes a place of each row that applies in ONE UPDATE, whose
 * CHECK refuses the last place twice: row locks serialise racing registrations, and the second
 * sees the first's count (docs/decisions/022). Released places (an unpaid hold that expired, a
 * cancelled registration) are given back the same way.
 */
export const eventPlaces = pgTable(
  'event_places',
  {
    eventId: belongsTo('event_id', () => events.id, 'cascade'),
    /** '' for the whole event, else the tier's id. */
    tierId: text('tier_id').notNull().default(''),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.tierId] }),
    check('event_places_within_capacity', sql`${t.taken} >= 0 AND ${t.taken} <= ${t.capacity}`),
  ],
);

export const SLUG_KINDS = ['news', 'event'] as const;
export type SlugKind = (typeof SLUG_KINDS)[number];

/** A published article's or event's former address, answered with a redirect to its current slug. */
export const slugRedirects = pgTable(
  'slug_redirects',
  {
    kind: text('kind').$type<SlugKind>().notNull(),
    oldSlug: text('old_slug').notNull(),
    targetId: uuid('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.oldSlug] }),
    index('slug_redirects_target_idx').on(t.targetId),
    check('slug_redirects_kind_known', inList('kind', SLUG_KINDS)),
  ],
);

/** One stored size and format of an uploaded image. */
export interface MediaVariant {
  width: number;
  height: number;
  format: 'avif' | 'webp' | 'jpeg' | 'png';
  /** The object's key in the media store. */
  key: string;
  bytes: number;
}

/**
 * Uploaded images (docs/decisions/023): checked by content, stripped of metadata and stored as
 * responsive variants by the media store (a folder under DATA_DIR, or an S3-compatible bucket).
 */
export const media = pgTable(
  'media',
  {
    id: id(),
    /** The detected type of the upload (never the file name's extension). */
    sourceFormat: text('source_format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variants: jsonb('variants').$type<MediaVariant[]>().notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [index('media_created_at_idx').on(t.createdAt.desc())],
);
