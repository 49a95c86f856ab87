import { describe, expect, it } from 'vitest';
import { dollarsOf, refundAmountCents } from './refund-amount';

describe('refundAmountCents', () => {
  it.each([
    ['25', 2500],
    ['25.00', 2500],
    ['$12.5', 1250],
    ['0.01', 1],
    ['.5', 50],
    [' 7.07 ', 707],
  ])('reads %j as %d cents', (text, cents) => {
    expect(refundAmountCents(text, 2500)).toBe(cents);
  });

  it('reads thousands separators', () => {
    expect(refundAmountCents('$1,012.50', 200_000)).toBe(101_250);
  });

  it.each(['', '0', '0.00', '25.01', '-1', '1.005', 'abc', '1,2', '12.3.4'])('refuses %j', (text) => {
    expect(refundAmountCents(text, 2500)).toBeNull();
  });
});

describe('dollarsOf', () => {
  it('writes cents as dollars with two decimals', () => {
    expect(dollarsOf(2500)).toBe('25.00');
    expect(dollarsOf(1)).toBe('0.01');
  });
});
