import { tz } from '@date-fns/tz';
import { EVENT_TIME_ZONE } from '@pillars/contracts';
import { format } from 'date-fns';

type Instant = string | Date;

const inEventZone = tz(EVENT_TIME_ZONE);

/** 'January 5, 2025' in the viewer's zone (news; product rule), or in `zone` when given. */
export function formatLongDate(instant: Instant, zone?: string): string {
  return format(new Date(instant), 'MMMM d, yyyy', zone ? { in: tz(zone) } : {});
}

/** '3:30 PM' in the viewer's zone (news), or in `zone` when given. */
export function formatTime12h(instant: Instant, zone?: string): string {
  return format(new Date(instant), 'h:mm a', zone ? { in: tz(zone) } : {});
}

/** 'March 14, 2026 · 6:00 PM ET': events are always shown in the organisation's zone. */
export function formatEventDateTime(instant: Instant): string {
  const date = new Date(instant);
  const day = format(date, 'MMMM d, yyyy', { in: inEventZone });
  const time = format(date, 'h:mm a', { in: inEventZone });
  return `${day} · ${time} ET`;
}

/** Day and month for the calendar badge of an event card, e.g. { day: '14', month: 'MAR' }. */
export function eventDateBadge(instant: Instant): { day: string; month: string } {
  const date = new Date(instant);
  return {
    day: format(date, 'd', { in: inEventZone }),
    month: format(date, 'MMM', { in: inEventZone }).toUpperCase(),
  };
}

/** 'Saturday, March 14, 2026': the day of an event in the organisation's zone. */
export function formatEventDate(instant: Instant): string {
  return format(new Date(instant), 'EEEE, MMMM d, yyyy', { in: inEventZone });
}

/**
 * '6:00 PM – 8:00 PM ET'. An event that ends on another Eastern day names that day before its
 * end time ('10:00 PM – Sunday, March 15, 1:00 AM ET'), and its year too when that changes.
 */
export function formatEventTimeRange(start: Instant, end: Instant): string {
  const from = new Date(start);
  const to = new Date(end);
  const startTime = format(from, 'h:mm a', { in: inEventZone });
  const endTime = format(to, 'h:mm a', { in: inEventZone });
  const dayKey = (date: Date) => format(date, 'yyyy-MM-dd', { in: inEventZone });
  if (dayKey(from) === dayKey(to)) return `${startTime} – ${endTime} ET`;
  const sameYear = format(from, 'yyyy', { in: inEventZone }) === format(to, 'yyyy', { in: inEventZone });
  const endDay = format(to, sameYear ? 'EEEE, MMMM d' : 'EEEE, MMMM d, yyyy', { in: inEventZone });
  return `${startTime} – ${endDay}, ${endTime} ET`;
}

/** A calendar day, 'YYYY-MM-DD', as the provider reports a plan's next charge date. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * 'December 24, 2026': a charge date. A calendar day ('2026-12-24') is that day wherever the
 * viewer is (read as UTC midnight it would show the day before in New York); a full instant is
 * shown as its day in the organisation's zone. Null when the value is neither.
 */
export function formatChargeDate(value: string): string | null {
  const day = CALENDAR_DAY.exec(value);
  if (day) {
    const [, year, month, date] = day.map(Number) as [number, number, number, number];
    const local = new Date(year, month - 1, date);
    // Rejects days that do not exist ('2026-02-30' would roll over into March).
    if (local.getFullYear() !== year || local.getMonth() !== month - 1 || local.getDate() !== date) return null;
    return format(local, 'MMMM d, yyyy');
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  return format(instant, 'MMMM d, yyyy', { in: inEventZone });
}
