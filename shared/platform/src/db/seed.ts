import { TZDate } from '@date-fns/tz';
import { sql } from 'drizzle-orm';
import { EVENT_TIME_ZONE } from '@pillars/contracts';
import type { Database } from './client';
import { events, newsArticles } from './schema';
import { eventSeed, newsSeed } from './seed/content';

/** A wall-clock time in the organisation's zone, `days` days from `now`'s calendar day. */
function easternTime(now: Date, days: number, hour: number, minute: number): Date {
  const today = new TZDate(now, EVENT_TIME_ZONE);
  return new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, hour, minute, 0, EVENT_TIME_ZONE);
}

function parseClock(value: string): [number, number] {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) throw new Error(`Bad seed time "${value}", expected HH:mm`);
  return [Number(match[1]), Number(match[2])];
}

export interface SeedResult {
  news: number;
  events: number;
}

/**
 * Inserts the demo news and events. Idempotent: rows are keyed by slug and an existing slug is
 * left untouched. Dates are relative to `now`, so a fresh install always shows upcoming events.
 */
export async function seedDemoContent(db: Database, now = new Date()): Promise<SeedResult> {
  const insertedNews = await db
    .insert(newsArticles)
    .values(
      newsSeed.map((n) => ({
        slug: n.slug,
        title: n.title,
        excerpt: n.excerpt,
        content: n.content,
        imageUrl: n.imageUrl,
        publishedAt: easternTime(now, -n.daysAgo, n.hour, n.minute),
      })),
    )
    .onConflictDoNothing({ target: newsArticles.slug })
    .returning({ id: newsArticles.id });

  const insertedEvents = await db
    .insert(events)
    .values(
      eventSeed.map((e) => {
        const [hour, minute] = parseClock(e.startTime);
        const startDate = easternTime(now, e.daysFromNow, hour, minute);
        return {
          slug: e.slug,
          title: e.title,
          description: e.description,
          imageUrl: e.imageUrl,
          location: e.location,
          startDate,
          endDate: new Date(startDate.getTime() + e.durationMinutes * 60_000),
          price: e.price,
          requiresPayment: e.requiresPayment,
          pricingTiers: e.pricingTiers,
        };
      }),
    )
    .onConflictDoNothing({ target: events.slug })
    .returning({ id: events.id });

  return { news: insertedNews.length, events: insertedEvents.length };
}

/** First run: no content at all yet. Seeding then never brings back what an admin removed. */
export async function hasNoContent(db: Database): Promise<boolean> {
  const rows = await db.execute<{ empty: boolean }>(
    sql`SELECT NOT EXISTS (SELECT 1 FROM ${newsArticles}) AND NOT EXISTS (SELECT 1 FROM ${events}) AS empty`,
  );
  return rows.rows[0]?.empty ?? true;
}
