import { tz } from '@date-fns/tz';
import { EVENT_TIME_ZONE } from '@pillars/contracts';
import { format } from 'date-fns';

/**
 * How e-mails write money and time. Instants are shown in the organisation's zone with "ET", as
 * the site shows events (EVENT_TIME_ZONE); amounts are US dollars from integer cents.
 */
const inOrgZone = tz(EVENT_TIME_ZONE);

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 2500 → "$25.00". */
export function money(cents: number): string {
  return dollars.format(cents / 100);
}

/** "November 24, 2026": the day of an instant in the organisation's zone. */
export function longDate(instant: Date): string {
  return format(instant, 'MMMM d, yyyy', { in: inOrgZone });
}

/** "Saturday, March 14, 2026": the day an event starts, in the organisation's zone. */
export function eventDay(instant: Date): string {
  return format(instant, 'EEEE, MMMM d, yyyy', { in: inOrgZone });
}

/**
 * "6:00 PM – 8:00 PM ET", naming the end's day when the event ends on another Eastern day
 * ("10:00 PM – Sunday, March 15, 1:00 AM ET").
 */
export function timeRange(start: Date, end: Date): string {
  const time = (instant: Date) => format(instant, 'h:mm a', { in: inOrgZone });
  const day = (instant: Date) => format(instant, 'yyyy-MM-dd', { in: inOrgZone });
  if (day(start) === day(end)) return `${time(start)} – ${time(end)} ET`;
  return `${time(start)} – ${format(end, 'EEEE, MMMM d', { in: inOrgZone })}, ${time(end)} ET`;
}

/**
 * A calendar day as the provider reports a plan's next charge ("2026-12-24" → "December 24,
 * 2026"); that day wherever the reader is. Null for anything else.
 */
export function calendarDay(value: string | null): string | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(utc);
}
