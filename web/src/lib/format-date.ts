import { tz } from '@date-fns/tz';
import { EVENT_TIME_ZONE } from '@pillars/shared/contracts';
import { format } from 'date-fns';

type Instant = string | Date;

const inEventZone = tz(EVENT_TIME_ZONE);

/** 'January 5, 2025' in the viewer's zone (news; product rule). */
export function formatLongDate(instant: Instant): string {
  return format(new Date(instant), 'MMMM d, yyyy');
}

/** '3:30 PM' in the viewer's zone (news). */
export function formatTime12h(instant: Instant): string {
  return format(new Date(instant), 'h:mm a');
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
