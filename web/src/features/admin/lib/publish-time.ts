import { TZDate, tz } from '@date-fns/tz';
import { EVENT_TIME_ZONE } from '@pillars/contracts';
import { format } from 'date-fns';

/**
 * Publication times are entered in the organisation's zone (the one its events are shown in),
 * whatever the admin's computer says, so "9:00" means 9:00 in New York.
 */
export const PUBLISH_TIME_ZONE = EVENT_TIME_ZONE;

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** An instant as a datetime-local value ('2026-03-14T18:00') in the organisation's zone. */
export function toZonedInput(instant: string | Date): string {
  return format(new Date(instant), "yyyy-MM-dd'T'HH:mm", { in: tz(PUBLISH_TIME_ZONE) });
}

/** A datetime-local value read in the organisation's zone, as an ISO instant; null when incomplete. */
export function fromZonedInput(value: string): string | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new TZDate(year, month - 1, day, hour, minute, PUBLISH_TIME_ZONE);
  return Number.isNaN(date.getTime()) ? null : new Date(date.getTime()).toISOString();
}
