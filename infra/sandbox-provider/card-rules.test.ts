import { describe, expect, it } from 'vitest';
import {
  DECLINING_AMOUNTS,
  DISPUTE_AMOUNT,
  TEST_CARDS,
  brandOf,
  checkCard,
  cvvLength,
  declineFor,
  expiryValid,
  luhnValid,
} from './card-rules';

const now = new Date('2026-05-15T12:00:00Z');

describe('card rules', () => {
  it('accepts the documented test cards with their brands', () => {
    expect(Object.values(TEST_CARDS).every(luhnValid)).toBe(true);
    expect(brandOf(TEST_CARDS.visa)).toBe('VISA');
    expect(brandOf(TEST_CARDS.mastercard)).toBe('MASTERCARD');
    expect(brandOf(TEST_CARDS.amex)).toBe('AMERICAN_EXPRESS');
    expect(brandOf(TEST_CARDS.discover)).toBe('DISCOVER');
  });

  it('rejects Luhn-invalid, too short and non-digit numbers', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('411111111111')).toBe(false);
    expect(luhnValid('4111x11111111111')).toBe(false);
  });

  it('wants 4 CVV digits for Amex (34/37) and 3 otherwise', () => {
    expect(cvvLength(TEST_CARDS.amex)).toBe(4);
    expect(cvvLength('371449635398431')).toBe(4);
    expect(cvvLength(TEST_CARDS.visa)).toBe(3);
  });

  it('treats a card as valid through the end of its expiry month', () => {
    expect(expiryValid('05', '26', now)).toBe(true);
    expect(expiryValid('04', '26', now)).toBe(false);
    expect(expiryValid('12', '2030', now)).toBe(true);
    expect(expiryValid('13', '30', now)).toBe(false);
    expect(expiryValid('1', '3', now)).toBe(false);
  });

  it('summarises a good card as last four, brand and MMYY', () => {
    const result = checkCard(
      { number: '4111 1111 1111 1111', expMonth: '12', expYear: '30', securityCode: '123', postalCode: '12345' },
      now,
    );
    expect(result).toEqual({ ok: true, card: { lastFour: '1111', brand: 'VISA', expiration: '1230' } });
  });

  it('lists every problem, naming fields but never echoing the number', () => {
    const result = checkCard({ number: '4111111111111112', expMonth: '01', expYear: '20', securityCode: '12' }, now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(3);
    expect(result.problems.join(' ')).not.toContain('4111');
    const amex = checkCard({ number: TEST_CARDS.amex, expMonth: '12', expYear: '30', securityCode: '123' }, now);
    expect(amex).toEqual({ ok: false, problems: ['security code must be 4 digits'] });
  });

  it('declines every documented amount with its failure code and text, and nothing else', () => {
    expect(Object.fromEntries([...DECLINING_AMOUNTS].map(([amount, decline]) => [amount, decline.code]))).toEqual({
      102: 'GENERIC_DECLINE',
      193: 'INSUFFICIENT_FUNDS',
      194: 'INVALID_ACCOUNT_NUMBER',
      889986: 'ADDRESS_VERIFICATION_FAILED_RISK_RULES',
      889987: 'CVV_FAILED_RISK_RULES',
    });
    expect([...DECLINING_AMOUNTS.values()].every((decline) => decline.text.length > 20)).toBe(true);
    expect(declineFor(2500)).toBeNull();
    // The dispute amount is charged successfully (the dispute comes afterwards).
    expect(declineFor(DISPUTE_AMOUNT)).toBeNull();
  });
});
