import { describe, expect, it } from 'vitest';
import { paymentIdRangeOfReference, paymentReferenceOf } from './payment-reference';

describe('paymentIdRangeOfReference', () => {
  it('reads PAY- and 10 hex digits, in any case and with spaces around, as the ids starting with them', () => {
    const range = { first: '3f2a9c1b-0400-0000-0000-000000000000', last: '3f2a9c1b-04ff-ffff-ffff-ffffffffffff' };
    expect(paymentIdRangeOfReference('PAY-3F2A9C1B04')).toEqual(range);
    expect(paymentIdRangeOfReference('pay-3f2a9c1b04')).toEqual(range);
    expect(paymentIdRangeOfReference('  Pay-3f2A9c1B04\t')).toEqual(range);
  });

  it.each([
    ['too short', 'PAY-3F2A9C1B0'],
    ['too long', 'PAY-3F2A9C1B045'],
    ['not hex', 'PAY-3F2A9C1G04'],
    ['without the prefix', '3F2A9C1B04'],
    ['another prefix', 'PAX-3F2A9C1B04'],
    ['a space inside', 'PAY- 3F2A9C1B04'],
    ['a payment id', '3f2a9c1b-0411-4a2b-8c3d-1234567890ab'],
    ['empty', ''],
  ])('is not a reference when %s: %j', (_, text) => {
    expect(paymentIdRangeOfReference(text)).toBeUndefined();
  });

  it("holds the id whose reference it reads, and no id with another reference's digits", () => {
    for (let i = 0; i < 200; i += 1) {
      const id = crypto.randomUUID();
      const range = paymentIdRangeOfReference(paymentReferenceOf(id));
      expect(range && range.first <= id && id <= range.last).toBe(true);
      const other = crypto.randomUUID();
      if (paymentReferenceOf(other) !== paymentReferenceOf(id)) {
        expect(range && range.first <= other && other <= range.last).toBe(false);
      }
    }
  });
});
