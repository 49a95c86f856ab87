import { describe, expect, it } from 'vitest';
import { receiptNumberOf } from './receipt-number';

describe('receiptNumberOf', () => {
  const id = '3f9a2c1b-4d5e-4f60-8a71-b2c3d4e5f607';

  it('is the New York day of the row, then its id’s first twelve hex digits', () => {
    expect(receiptNumberOf({ id, createdAt: new Date('2026-11-24T15:00:00.000Z') })).toBe('20261124-3F9A2C1B4D5E');
  });

  it('takes the day in New York, not in UTC, on either side of midnight', () => {
    // 02:30 UTC on January 1 is still December 31 in New York (UTC−5).
    expect(receiptNumberOf({ id, createdAt: new Date('2027-01-01T02:30:00.000Z') })).toBe('20261231-3F9A2C1B4D5E');
    expect(receiptNumberOf({ id, createdAt: new Date('2027-01-01T05:00:00.000Z') })).toBe('20270101-3F9A2C1B4D5E');
  });
});
