import { describe, expect, it } from 'vitest';
import { eventDateBadge, formatEventDateTime, formatLongDate, formatTime12h } from './format-date';

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
