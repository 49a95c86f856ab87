import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from './publish-time';

describe('publication times in New York', () => {
  it('reads a winter and a summer wall-clock time in the organisation’s zone', () => {
    expect(fromZonedInput('2026-01-15T09:00')).toBe('2026-01-15T14:00:00.000Z');
    expect(fromZonedInput('2026-07-04T09:00')).toBe('2026-07-04T13:00:00.000Z');
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
