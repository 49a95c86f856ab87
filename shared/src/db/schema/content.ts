import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns';

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
  },
  (t) => [index('news_articles_published_at_idx').on(t.publishedAt.desc())],
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
  },
  (t) => [
    index('events_start_date_idx').on(t.startDate),
    check('events_price_nonnegative', sql`${t.price} >= 0`),
    check('events_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
