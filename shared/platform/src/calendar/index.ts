import { createEvent } from 'ics';

/** One calendar entry: an event as its page offers it, or a registration as its e-mail attaches it. */
export interface CalendarEntry {
  /** Globally unique and stable: built again (a resend, a second download), it is the same entry. */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  location: string;
  url: string;
  organizer?: { name: string; email: string };
}

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
 * The .ics of an entry, built by the `ics` library (docs/decisions/021, 022). Times are written
 * in UTC (`DTSTART:…Z`): an instant needs no time-zone definition, and every calendar shows it in
 * its reader's zone, so a daylight-saving change between now and the event cannot move it.
 */
export function calendarFile(entry: CalendarEntry): string {
  const { error, value } = createEvent({
    uid: entry.uid,
    productId: '-//pillars//events//EN',
    method: 'PUBLISH',
    title: entry.title,
    start: entry.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: entry.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    location: entry.location,
    url: entry.url,
    status: 'CONFIRMED',
    ...(entry.organizer ? { organizer: entry.organizer } : {}),
  });
  if (error || !value) throw new Error(`calendar file not built: ${error?.message ?? 'no output'}`);
  return value;
}

/** The .ics attached to a registration's confirmation e-mail. */
export const registrationCalendar = ({ registrationId, domain, ...entry }: CalendarEvent): string =>
  calendarFile({ uid: `registration-${registrationId}@${domain}`, ...entry });

/** The .ics behind an event page's "Add to calendar" (GET /api/events/{slug}/calendar.ics). */
export const eventCalendar = ({
  eventId,
  domain,
  ...entry
}: Omit<CalendarEntry, 'uid' | 'organizer'> & { eventId: string; domain: string }): string =>
  calendarFile({ uid: `event-${eventId}@${domain}`, ...entry });
