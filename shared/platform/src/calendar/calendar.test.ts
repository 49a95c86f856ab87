import { describe, expect, it } from 'vitest';
import { eventCalendar, registrationCalendar } from '.';

const base = {
  registrationId: '7f1c2d3e-0000-4000-8000-000000000001',
  title: 'Autumn Gala',
  location: 'Liberty Hall, 1 Main St',
  url: 'https://pillars.example.org/events/autumn-gala',
  domain: 'pillars.example.org',
  organizer: { name: 'Patriot Pillars', email: 'no-reply@example.org' },
};

/** Unfolds RFC 5545 folded lines (CRLF + space) and returns one property's value. */
function property(ics: string, name: string): string | undefined {
  const unfolded = ics.replace(/\r\n[ \t]/g, '');
  return new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, 'm').exec(unfolded)?.[1]?.trim();
}

describe('registrationCalendar', () => {
  it('writes the instants in UTC across the end of daylight saving (New York, November 1, 2026)', () => {
    // 6:00 PM EDT on Saturday Oct 31 (UTC−4) to 1:30 AM EST on Sunday Nov 1 after the clocks went back (UTC−5).
    const ics = registrationCalendar({
      ...base,
      start: new Date('2026-10-31T22:00:00.000Z'),
      end: new Date('2026-11-01T06:30:00.000Z'),
    });
    expect(property(ics, 'DTSTART')).toBe('20261031T220000Z');
    expect(property(ics, 'DTEND')).toBe('20261101T063000Z');
  });

  it('keeps 6 PM Eastern on either side of the spring change (March 8, 2026)', () => {
    const winter = registrationCalendar({
      ...base,
      start: new Date('2026-03-07T23:00:00.000Z'), // 6:00 PM EST, UTC−5
      end: new Date('2026-03-08T01:00:00.000Z'),
    });
    const summer = registrationCalendar({
      ...base,
      start: new Date('2026-03-14T22:00:00.000Z'), // 6:00 PM EDT, UTC−4
      end: new Date('2026-03-15T00:00:00.000Z'),
    });
    expect(property(winter, 'DTSTART')).toBe('20260307T230000Z');
    expect(property(summer, 'DTSTART')).toBe('20260314T220000Z');
  });

  it('names the registration in a stable UID, with the title, place and event page', () => {
    const start = new Date('2026-12-05T23:00:00.000Z');
    const ics = registrationCalendar({ ...base, start, end: new Date('2026-12-06T02:00:00.000Z') });
    expect(property(ics, 'UID')).toBe(`registration-${base.registrationId}@pillars.example.org`);
    expect(property(ics, 'SUMMARY')).toBe('Autumn Gala');
    expect(property(ics, 'LOCATION')).toBe('Liberty Hall\\, 1 Main St');
    expect(property(ics, 'URL')).toBe(base.url);
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    // Built again (a resend), it is the same entry: calendars update it rather than add a second.
    const again = registrationCalendar({ ...base, start, end: new Date('2026-12-06T02:00:00.000Z') });
    expect(property(again, 'UID')).toBe(property(ics, 'UID'));
  });
});

describe('eventCalendar', () => {
  it('writes an event page entry in UTC across the end of daylight saving, with its own stable UID', () => {
    // 7:00 PM EDT on Oct 31 and 7:00 PM EST on Nov 7: the same wall-clock time, an hour apart in UTC.
    const entry = { eventId: 'e1', domain: 'pillars.example.org', title: 'Gala', location: 'Hall', url: base.url };
    const before = eventCalendar({
      ...entry,
      start: new Date('2026-10-31T23:00:00Z'),
      end: new Date('2026-11-01T01:00:00Z'),
    });
    const after = eventCalendar({
      ...entry,
      start: new Date('2026-11-08T00:00:00Z'),
      end: new Date('2026-11-08T02:00:00Z'),
    });
    expect(property(before, 'DTSTART')).toBe('20261031T230000Z');
    expect(property(after, 'DTSTART')).toBe('20261108T000000Z');
    expect(property(before, 'UID')).toBe('event-e1@pillars.example.org');
    expect(property(before, 'ORGANIZER')).toBeUndefined();
  });
});
