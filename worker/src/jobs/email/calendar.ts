import { createEvent } from 'ics';

export interface CalendarEvent {
  /** The registration's id: one calendar entry per registration, stable across resends. */
  registrationId: string;
  title: string;
  start: Date;
  end: Date;
  location: string;
  url: string;
  /** The host part of PUBLIC_URL, which makes the UID globally unique (RFC 5545 §3.8.4.7). */
  domain: string;
  organizer: { name: string; email: string };
}

/**
 * The .ics of a registration, built by the `ics` library (docs/decisions/021). Times are written
 * in UTC (`DTSTART:…Z`): an instant needs no time-zone definition, and every calendar shows it in
 * its reader's zone, so a daylight-saving change between now and the event cannot move it.
 */
export function registrationCalendar(event: CalendarEvent): string {
  const { error, value } = createEvent({
    uid: `registration-${event.registrationId}@${event.domain}`,
    productId: '-//pillars//registration//EN',
    method: 'PUBLISH',
    title: event.title,
    start: event.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    location: event.location,
    url: event.url,
    status: 'CONFIRMED',
    organizer: event.organizer,
  });
  if (error || !value) throw new Error(`calendar file not built: ${error?.message ?? 'no output'}`);
  return value;
}
