import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from './publish-time';

describe('publication times in New York', () => {
  // Winter (UTC-5) and summer (UTC-4): publication times and event times alike.
  it.each([
    ['2026-01-15T09:00', '2026-01-15T14:00:00.000Z'],
    ['2026-07-04T09:00', '2026-07-04T13:00:00.000Z'],
    ['2026-07-04T18:00', '2026-07-04T22:00:00.000Z'],
    ['2026-12-31T18:00', '2026-12-31T23:00:00.000Z'],
  ])('reads %s as a wall-clock time in the organisation’s zone', (local, instant) => {
    expect(fromZonedInput(local)).toBe(instant);
  });

  it('shows an instant as the wall-clock time there, and back', () => {
    expect(toZonedInput('2026-07-04T13:00:00.000Z')).toBe('2026-07-04T09:00');
    expect(fromZonedInput(toZonedInput('2026-11-24T10:45:00.000Z'))).toBe('2026-11-24T10:45:00.000Z');
  });

  it('has no instant for an incomplete value', () => {
    expect(fromZonedInput('')).toBeNull();
    expect(fromZonedInput('2026-07-04')).toBeNull();
  });
});
