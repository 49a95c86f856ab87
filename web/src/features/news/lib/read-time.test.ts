import { describe, expect, it } from 'vitest';
import { readTimeMinutes } from './read-time';

describe('readTimeMinutes', () => {
  it('is at least one minute, even for empty content', () => {
    expect(readTimeMinutes('')).toBe(1);
    expect(readTimeMinutes('a')).toBe(1);
  });

  it('counts 1000 characters as one minute', () => {
    expect(readTimeMinutes('a'.repeat(999))).toBe(1);
    expect(readTimeMinutes('a'.repeat(1000))).toBe(1);
  });

  it('rounds any part of the next 1000 characters up', () => {
    expect(readTimeMinutes('a'.repeat(1001))).toBe(2);
    expect(readTimeMinutes('a'.repeat(2000))).toBe(2);
    expect(readTimeMinutes('a'.repeat(2001))).toBe(3);
  });
});
