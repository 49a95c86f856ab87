import { tz } from '@date-fns/tz';
import { EVENT_TIME_ZONE } from '@pillars/shared/contracts';
import { format } from 'date-fns';

type Instant = string | Date;

const inEventZone = tz(EVENT_TIME_ZONE);

/** 'January 5, 2025' in the viewer's zone (news, SPEC section 9). */
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
