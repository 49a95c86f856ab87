import { describe, expect, it } from 'vitest';
import { dollarsToCents, eventPriceCents, eventPriceShown, transactionFeeCents } from './pricing';
import { formatCents } from '@pillars/contracts';

const tiers = [
  { id: 'general', price: 4500 },
  { id: 'vip', price: 12500 },
];

describe('eventPriceCents', () => {
  it('charges the direct price before any ticket type', () => {
    expect(eventPriceCents({ requiresPayment: true, price: 2000, pricingTiers: tiers }, 'vip')).toBe(2000);
  });
  it("charges the selected ticket type's price when there is no direct price", () => {
    expect(eventPriceCents({ requiresPayment: true, price: 0, pricingTiers: tiers }, 'vip')).toBe(12500);
  });
  it('charges nothing for an unknown or missing ticket type, and nothing for a free event', () => {
    expect(eventPriceCents({ requiresPayment: true, price: 0, pricingTiers: tiers }, 'gold')).toBe(0);
    expect(eventPriceCents({ requiresPayment: true, price: 0, pricingTiers: tiers }, null)).toBe(0);
    expect(eventPriceCents({ requiresPayment: false, price: 2000, pricingTiers: tiers }, 'vip')).toBe(0);
  });
});

describe('eventPriceShown', () => {
  it('follows the same precedence: free, the direct price, else the cheapest ticket type', () => {
    expect(eventPriceShown({ requiresPayment: false, price: 2000, pricingTiers: tiers })).toEqual({ kind: 'free' });
    expect(eventPriceShown({ requiresPayment: true, price: 2000, pricingTiers: tiers })).toEqual({
      kind: 'exact',
      cents: 2000,
    });
    expect(eventPriceShown({ requiresPayment: true, price: 0, pricingTiers: tiers })).toEqual({
      kind: 'from',
      cents: 4500,
    });
    expect(eventPriceShown({ requiresPayment: true, price: 0, pricingTiers: [] })).toEqual({ kind: 'free' });
  });
});

describe('cents', () => {
  it('converts dollars to whole cents, rounding away binary fractions', () => {
    expect(dollarsToCents(17.76)).toBe(1776);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(formatCents(2500)).toBe('25.00');
  });
  it('records a 2.9 % fee, rounded to the cent', () => {
    expect(transactionFeeCents(1234)).toBe(36);
    expect(transactionFeeCents(2500)).toBe(73);
  });
});
