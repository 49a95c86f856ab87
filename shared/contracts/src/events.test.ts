import { describe, expect, it } from 'vitest';
import { eventRegistrationSchema, parsePricingTiers } from './events';

const tier = { id: 'vip', name: 'VIP', price: 12500, description: 'Best seats', benefits: ['Dinner'] };

describe('parsePricingTiers', () => {
  it('parses a JSON list of tiers', () => {
    expect(parsePricingTiers(JSON.stringify([tier]))).toEqual([tier]);
  });

  it.each([
    ['nothing', null],
    ['an empty string', ''],
    ['invalid JSON', '[{"id": "early", '],
    ['JSON that is not a list', '{"id":"vip"}'],
    ['tiers with a non-integer price', JSON.stringify([{ ...tier, price: 12.5 }])],
    ['tiers without benefits', JSON.stringify([{ ...tier, benefits: undefined }])],
  ])('treats %s as no tiers', (_, raw) => {
    expect(parsePricingTiers(raw)).toEqual([]);
  });
});

describe('eventRegistrationSchema', () => {
  const valid = { firstName: 'Abigail', lastName: 'Adams', email: 'abigail@example.org', phone: '555-010-1776' };

  it("requires one of the event's ticket types only when the event requires payment", () => {
    expect(eventRegistrationSchema({ requiresPayment: false, pricingTiers: [tier] }).safeParse(valid).success).toBe(
      true,
    );
    const paid = eventRegistrationSchema({ requiresPayment: true, pricingTiers: [tier] });
    expect(paid.safeParse(valid).error?.issues[0]?.message).toBe('Please select a ticket type');
    expect(paid.safeParse({ ...valid, selectedTier: 'platinum' }).success).toBe(false);
    expect(paid.safeParse({ ...valid, selectedTier: 'vip' }).success).toBe(true);
  });

  it('needs no ticket type for a paid event with a direct price and no tiers', () => {
    expect(eventRegistrationSchema({ requiresPayment: true, pricingTiers: [] }).safeParse(valid).success).toBe(true);
  });

  it('uses the messages of the spec', () => {
    const result = eventRegistrationSchema({ requiresPayment: false, pricingTiers: [] }).safeParse({
      firstName: '',
      lastName: ' ',
      email: 'x',
      phone: '123',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'First name is required',
      'Last name is required',
      'Please enter a valid email address',
      'Please enter a valid phone number',
    ]);
  });
});
