import { TZDate } from '@date-fns/tz';
import { EVENT_TIME_ZONE } from '@pillars/contracts';

/**
 * Receipts: every `transactions` row that moved money (a charge, an instalment, a refund) is a
 * receipt, numbered from the row itself so the number never needs storing and every place that
 * shows one (the e-mailed receipt, the manage page, the giving statement) prints the same.
 */

/** A receipt belongs to the year of its row's creation in the organisation's zone (New York). */
export const RECEIPT_TIME_ZONE = EVENT_TIME_ZONE;

/** The year a receipt counts in, for its number and for the yearly giving statement. */
export function receiptYearOf(createdAt: Date): number {
  return new TZDate(createdAt, RECEIPT_TIME_ZONE).getFullYear();
}

/**
 * A receipt number: the row's year and the first 10 hex digits of its random id, e.g.
 * `2026-3F2A9C1B04` (40 random bits: no collision to fear at a non-profit's volume, short enough
 * to read out on the phone).
 */
export function receiptNumberOf(row: { id: string; createdAt: Date }): string {
  return `${receiptYearOf(row.createdAt)}-${row.id.replaceAll('-', '').slice(0, 10).toUpperCase()}`;
}
