import { describe, expect, it } from 'vitest';
import { DollarString, MAX_CONTRIBUTION_DOLLARS } from './payments-api';

describe('DollarString', () => {
  it('takes up to the online maximum, and above it says the maximum with thousands separators', () => {
    expect(DollarString.parse(`${MAX_CONTRIBUTION_DOLLARS}.00`)).toBe('100000.00');
    const refused = DollarString.safeParse('100000.01');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['The most we accept online is $100,000.']);
  });
});
