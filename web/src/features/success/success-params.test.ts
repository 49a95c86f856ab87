import { describe, expect, it } from 'vitest';
import {
  MAX_EVENT_NAME_LENGTH,
  formatUsd,
  parseAmountCents,
  parseEventName,
  parseSuccessParams,
} from './success-params';

describe('parseAmountCents', () => {
  it('reads non-negative decimal dollars as whole cents', () => {
    expect(parseAmountCents('25')).toBe(2500);
    expect(parseAmountCents('25.00')).toBe(2500);
    expect(parseAmountCents('17.76')).toBe(1776);
    expect(parseAmountCents('45.5')).toBe(4550);
    expect(parseAmountCents('0')).toBe(0);
    expect(parseAmountCents('0.00')).toBe(0);
    expect(parseAmountCents(' 12.34 ')).toBe(1234);
  });

  it('treats anything else as missing', () => {
    for (const value of [
      null,
      '',
      ' ',
      '-5',
      '+5',
      '1e3',
      'abc',
      '25abc',
      '12.',
      '.5',
      '$25',
      '1,000',
      'NaN',
      'Infinity',
    ]) {
      expect(parseAmountCents(value)).toBeNull();
    }
    expect(parseAmountCents('9'.repeat(13))).toBeNull();
  });
});

describe('parseEventName', () => {
  it('keeps a normal title and collapses whitespace and control characters', () => {
    expect(parseEventName('Town Hall')).toBe('Town Hall');
    expect(parseEventName('  Town\n\tHall\u0000 Meeting ')).toBe('Town Hall Meeting');
  });

  it('treats a blank value as missing', () => {
    expect(parseEventName(null)).toBeNull();
    expect(parseEventName('   ')).toBeNull();
  });

  it('caps the length', () => {
    const name = parseEventName('x'.repeat(500));
    expect(name).toHaveLength(MAX_EVENT_NAME_LENGTH);
    expect(name?.endsWith('…')).toBe(true);
    expect(parseEventName('y'.repeat(MAX_EVENT_NAME_LENGTH))).toBe('y'.repeat(MAX_EVENT_NAME_LENGTH));
  });
});

describe('parseSuccessParams', () => {
  it('reads type, amount and event', () => {
    expect(parseSuccessParams('?type=event&amount=45.00&event=Town%20Hall')).toEqual({
      kind: 'event',
      amountCents: 4500,
      eventName: 'Town Hall',
    });
    expect(parseSuccessParams('type=CONTRIBUTION&amount=25')).toEqual({
      kind: 'contribution',
      amountCents: 2500,
      eventName: null,
    });
  });

  it('treats a missing or unknown type as a plain payment', () => {
    expect(parseSuccessParams('').kind).toBe('other');
    expect(parseSuccessParams('type=refund').kind).toBe('other');
  });
});

describe('formatUsd', () => {
  it('shows dollars with two decimals', () => {
    expect(formatUsd(2500)).toBe('$25.00');
    expect(formatUsd(4550)).toBe('$45.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(123456)).toBe('$1,234.56');
  });
});
