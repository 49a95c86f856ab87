import { describe, expect, it } from 'vitest';
import { doorSearchReady } from './door-search';

describe('doorSearchReady', () => {
  it('asks for two letters or more, spaces aside', () => {
    expect(doorSearchReady('zo')).toBe(true);
    expect(doorSearchReady('adams john')).toBe(true);
    expect(doorSearchReady('a')).toBe(false);
    expect(doorSearchReady(' a  ')).toBe(false);
    expect(doorSearchReady('   ')).toBe(false);
  });
});
