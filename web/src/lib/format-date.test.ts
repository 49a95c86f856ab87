import { describe, expect, it } from 'vitest';
import {
  eventDateBadge,
  formatChargeDate,
  formatEventDate,
  formatEventDateTime,
  formatEventTimeRange,
  formatLongDate,
  formatTime12h,
} from './format-date';

describe('news dates (viewer zone)', () => {
  // Built from local parts so the expectation holds in whatever zone the tests run.
  const local = new Date(2025, 0, 5, 15, 30);

  it('formats the long date', () => {
    expect(formatLongDate(local)).toBe('January 5, 2025');
    expect(formatLongDate(local.toISOString())).toBe('January 5, 2025');
  });

  it('formats the time on a 12-hour clock', () => {
    expect(formatTime12h(local.toISOString())).toBe('3:30 PM');
    expect(formatTime12h(new Date(2025, 0, 5, 0, 5))).toBe('12:05 AM');
    expect(formatTime12h(new Date(2025, 0, 5, 9, 0))).toBe('9:00 AM');
  });
});

describe('event dates (America/New_York)', () => {
  it('uses daylight time (UTC-4) once DST has started', () => {
    expect(formatEventDateTime('2026-03-14T22:00:00.000Z')).toBe('March 14, 2026 · 6:00 PM ET');
  });

  it('uses standard time (UTC-5) in winter', () => {
    expect(formatEventDateTime('2026-01-15T23:30:00Z')).toBe('January 15, 2026 · 6:30 PM ET');
  });

  it('follows the DST change on the second Sunday of March', () => {
    expect(formatEventDateTime('2026-03-08T06:30:00Z')).toBe('March 8, 2026 · 1:30 AM ET');
    expect(formatEventDateTime('2026-03-08T07:30:00Z')).toBe('March 8, 2026 · 3:30 AM ET');
  });

  it('keeps the Eastern calendar day when UTC has already moved on', () => {
    expect(formatEventDateTime('2026-07-04T02:00:00Z')).toBe('July 3, 2026 · 10:00 PM ET');
    expect(eventDateBadge('2026-07-04T02:00:00Z')).toEqual({ day: '3', month: 'JUL' });
  });

  it('builds the day and month badge', () => {
    expect(eventDateBadge('2026-03-14T22:00:00Z')).toEqual({ day: '14', month: 'MAR' });
  });
});

describe('event day and time range (America/New_York)', () => {
  it('names the weekday, month, day and year of the Eastern day', () => {
    expect(formatEventDate('2026-03-14T22:00:00.000Z')).toBe('Saturday, March 14, 2026');
    expect(formatEventDate('2026-07-04T02:00:00Z')).toBe('Friday, July 3, 2026');
  });

  it('shows a range within one day once, with " ET"', () => {
    expect(formatEventTimeRange('2026-03-14T22:00:00.000Z', '2026-03-15T00:00:00.000Z')).toBe('6:00 PM – 8:00 PM ET');
    expect(formatEventTimeRange('2026-01-15T14:00:00Z', '2026-01-15T16:30:00Z')).toBe('9:00 AM – 11:30 AM ET');
  });

  it('names the end day when the event ends on another Eastern day', () => {
    expect(formatEventTimeRange('2026-03-15T02:00:00Z', '2026-03-15T05:00:00Z')).toBe(
      '10:00 PM – Sunday, March 15, 1:00 AM ET',
    );
    expect(formatEventTimeRange('2026-06-12T13:00:00Z', '2026-06-14T21:00:00Z')).toBe(
      '9:00 AM – Sunday, June 14, 5:00 PM ET',
    );
  });

  it('adds the year when the event runs into the next one', () => {
    expect(formatEventTimeRange('2027-01-01T03:00:00Z', '2027-01-01T06:00:00Z')).toBe(
      '10:00 PM – Friday, January 1, 2027, 1:00 AM ET',
    );
  });
});

describe('formatChargeDate', () => {
  it('shows a calendar day as that day, whatever the zone', () => {
    expect(formatChargeDate('2026-12-24')).toBe('December 24, 2026');
    expect(formatChargeDate('2027-01-01')).toBe('January 1, 2027');
  });

  it('shows an instant as its day in New York', () => {
    // 02:00 UTC on the 1st is still the evening of the 31st in New York.
    expect(formatChargeDate('2027-01-01T02:00:00.000Z')).toBe('December 31, 2026');
  });

  it('gives null for anything that is not a date', () => {
    for (const value of ['', 'soon', '2026-02-30', '2026-13-01', '12/24/2026']) {
      expect(formatChargeDate(value)).toBeNull();
    }
  });
});
