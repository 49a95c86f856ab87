import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '@pillars/platform/db';
import { eventPlaces, eventRegistrations, payments } from '@pillars/platform/db';
import { RELEASE_HOLDS_BATCH } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';

/**
 * Places of an event (docs/decisions/022). A registration takes one place of each `event_places`
 * row that applies (the whole event's, tier '', and its tier's) in the accept statement
 * (accept.ts, `places`); the rows' CHECK refuses the last place twice. This file is the one home
 * of the other direction: a registration that stops holding a place gives it back here.
 */

/** How long an unpaid registration of a paid event holds its place (docs/decisions/022). */
export const PLACE_HOLD_MINUTES = 15;

/** The end of a hold that starts at `now`. */
export const holdUntil = (now: Date): Date => new Date(now.getTime() + PLACE_HOLD_MINUTES * 60_000);

/** The constraint a registration beyond capacity violates (a check violation, 23514). */
export const PLACES_CONSTRAINT = 'event_places_within_capacity';

type Executor = Pick<Database, 'execute'>;

/**
 * Cancels the registrations `which` selects (a subquery of ids) and gives their places back, in
 * ONE statement: each cancelled registration frees one place of its event's '' row and of its
 * tier's row, whichever exist. A registration already cancelled frees nothing, so a repeated call
 * never frees a place twice. Returns the ids cancelled.
 *
 * `taken` never goes below zero: a registration made before its event had a capacity took no place.
 */
export async function releasePlaces(db: Executor, which: SQL): Promise<string[]> {
  const { rows } = await db.execute(sql`WITH released AS (
      UPDATE ${eventRegistrations} r SET status = 'cancelled', place_held_until = NULL
      WHERE r.id IN (${which}) AND r.status <> 'cancelled'
      RETURNING r.id, r.event_id, r.selected_tier
    ), freed AS (
      SELECT event_id, tier_id, count(*)::int AS n FROM (
        SELECT event_id, '' AS tier_id FROM released
        UNION ALL
        SELECT event_id, selected_tier FROM released WHERE coalesce(selected_tier, '') <> ''
      ) x GROUP BY event_id, tier_id
    ), given AS (
      UPDATE ${eventPlaces} p SET taken = greatest(p.taken - f.n, 0)
      FROM freed f WHERE p.event_id = f.event_id AND p.tier_id = f.tier_id
      RETURNING 1
    )
    SELECT id FROM released`);
  return rows.map((row) => String(row.id));
}

/**
 * How many places the event's registrations hold now, for the whole event ('') and per tier: every
 * registration not cancelled holds one (the rule releasePlaces undoes). A limit added to an event
 * that already has registrations starts from these counts, not from zero.
 */
export async function placesHeld(db: Executor, eventId: string): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ tier_id: string; n: number }>(sql`
    SELECT coalesce(selected_tier, '') AS tier_id, count(*)::int AS n FROM ${eventRegistrations}
    WHERE event_id = ${eventId} AND status <> 'cancelled'
    GROUP BY 1`);
  const held = new Map<string, number>([['', 0]]);
  for (const row of rows) {
    held.set('', (held.get('') ?? 0) + row.n);
    if (row.tier_id) held.set(row.tier_id, row.n);
  }
  return held;
}

/** A payment that keeps a held place: under way, or taken. */
const PAYMENT_KEEPS_PLACE = sql.raw(`('queued', 'processing', 'succeeded')`);

/**
 * Releases up to `batch` holds that ended before `now` (docs/decisions/022): a pending
 * registration with no payment under way or succeeded is cancelled and its places given back.
 * Rows another transaction holds (the payment page queuing a charge) are skipped, and that
 * transaction extends the hold, so a payment accepted while the hold was live is never released.
 */
export function releaseExpiredHolds(db: Executor, now: Date, batch = 500): Promise<string[]> {
  return releasePlaces(
    db,
    sql`SELECT h.id FROM ${eventRegistrations} h
      WHERE h.place_held_until < ${now.toISOString()}::timestamptz AND h.status = 'pending'
        AND NOT EXISTS (SELECT 1 FROM ${payments} pay WHERE pay.kind = 'registration' AND pay.record_id = h.id
          AND pay.state IN ${PAYMENT_KEEPS_PLACE})
      ORDER BY h.place_held_until LIMIT ${batch}
      FOR UPDATE SKIP LOCKED`,
  );
}

/** Places left of an event: the whole event's (null = no limit) and each limited tier's. */
export interface PlacesLeft {
  event: number | null;
  tiers: Map<string, number>;
}

/** Places left from an event's `event_places` rows; a tier never has more left than the event. */
export function placesLeftOf(rows: { tierId: string; capacity: number; taken: number }[]): PlacesLeft {
  const whole = rows.find((row) => row.tierId === '');
  const event = whole ? Math.max(whole.capacity - whole.taken, 0) : null;
  const tiers = new Map<string, number>();
  for (const row of rows) {
    if (row.tierId === '') continue;
    const left = Math.max(row.capacity - row.taken, 0);
    tiers.set(row.tierId, event === null ? left : Math.min(left, event));
  }
  return { event, tiers };
}

/** A tier's places left: its own limit, else the event's (null = no limit). */
export const tierPlacesLeft = (left: PlacesLeft, tierId: string): number | null => left.tiers.get(tierId) ?? left.event;

export interface ReleaseExpiredHoldsDeps {
  db: Database;
  logger: Logger;
  /** The clock holds end on (tests move it forward). */
  now?: () => Date;
  /** Registrations released per statement at most (default RELEASE_HOLDS_BATCH). */
  batch?: number;
}

/**
 * Every hold that ended, released (docs/decisions/022): unpaid registrations whose hold ended,
 * with no payment under way or succeeded, are cancelled and their places given back, one
 * statement per batch (releaseExpiredHolds), until a batch comes back short.
 */
export function expiredHoldsRelease(deps: ReleaseExpiredHoldsDeps) {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const batch = deps.batch ?? RELEASE_HOLDS_BATCH;
  return async (): Promise<{ released: number }> => {
    const at = now();
    let released = 0;
    for (;;) {
      const ids = await releaseExpiredHolds(db, at, batch);
      released += ids.length;
      if (ids.length < batch) break;
    }
    if (released > 0) logger.info({ released }, 'expired place holds released');
    return { released };
  };
}
