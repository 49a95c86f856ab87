import { describe, expect, it } from 'vitest';
import { csvDate } from './contributors-csv';

describe('csvDate', () => {
  it.each([
    ['2026-11-24T16:00:00.000Z', 'UTC', '11/24/2026'],
    ['2026-11-24T23:59:59.999Z', 'UTC', '11/24/2026'],
    // The day in the admin's zone, not in UTC: behind, ahead, and by a half and a quarter hour.
    ['2026-01-01T03:00:00.000Z', 'America/New_York', '12/31/2025'],
    ['2026-03-08T06:59:59.000Z', 'America/New_York', '03/08/2026'],
    ['2026-11-24T18:29:59.000Z', 'Asia/Kolkata', '11/24/2026'],
    ['2026-11-24T18:30:00.000Z', 'Asia/Kolkata', '11/25/2026'],
    ['2026-11-24T18:15:00.000Z', 'Asia/Kathmandu', '11/25/2026'],
  ])('writes %s in %s as %s (MM/dd/yyyy)', (instant, zone, expected) => {
    expect(csvDate(instant, zone)).toBe(expected);
  });
});
