import { describe, expect, it } from 'vitest';
import { SLUG_MAX, SLUG_PATTERN, slugify } from './slugs';

describe('slugify', () => {
  it('keeps the words of the title, lower-cased and hyphenated, without accents or apostrophes', () => {
    expect(slugify('  Veterans’ Day Parade & Picnic — 2026! ')).toBe('veterans-day-parade-picnic-2026');
    expect(slugify('Café Crème')).toBe('cafe-creme');
  });
  it('is never empty nor longer than SLUG_MAX, and always a valid slug', () => {
    expect(slugify('!!!')).toBe('untitled');
    const long = slugify('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(long).toMatch(SLUG_PATTERN);
  });
});
