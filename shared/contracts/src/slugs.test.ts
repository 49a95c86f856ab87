import { describe, expect, it } from 'vitest';
import { Slug } from './news';
import { SLUG_LOOKUP_MAX, SLUG_MAX, SLUG_PATTERN, isSlug, slugify } from './slugs';

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

describe('isSlug', () => {
  it.each([
    'flag-day',
    'a',
    '2026-parade',
    'x'.repeat(SLUG_LOOKUP_MAX),
    '',
    'x'.repeat(SLUG_LOOKUP_MAX + 1),
    'Flag-Day',
    'flag--day',
    '-flag',
    'flag-',
    'flag day',
    'flag/day',
  ])('agrees with the Slug schema on %j', (value) => {
    expect(isSlug(value)).toBe(Slug.safeParse(value).success);
  });

  it('accepts lower-case words joined by single hyphens, and nothing else', () => {
    expect(isSlug('memorial-day-tribute')).toBe(true);
    expect(isSlug('memorial_day')).toBe(false);
  });
});
