import { AdminEventInput, eventMessages } from '@pillars/contracts/admin';
import { describe, expect, it } from 'vitest';
import {
  type EventForm,
  centsToDollarsInput,
  dollarsToCentsInput,
  emptyEventForm,
  emptyTier,
  formMessages,
  fromEventLocal,
  markVip,
  moveTier,
  previewOf,
  slugOf,
  toEventLocal,
  validate,
} from './event-form';

const filled = (extra: Partial<EventForm> = {}): EventForm => ({
  ...emptyEventForm(),
  title: 'Liberty Gala',
  start: '2026-07-04T18:00',
  end: '2026-07-04T22:30',
  location: 'Independence Hall',
  ...extra,
});

describe('dollars and cents', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['17.76', 1776],
    ['$1,250.00', 125000],
    ['0', 0],
  ])('reads %s dollars as %i cents', (dollars, cents) => {
    expect(dollarsToCentsInput(dollars)).toBe(cents);
  });

  it.each(['', 'abc', '1.234', '-5', '12.'])('refuses %j', (dollars) => {
    expect(dollarsToCentsInput(dollars)).toBeNull();
  });

  it('shows cents as dollars with two decimals, and back again', () => {
    expect(centsToDollarsInput(12500)).toBe('125.00');
    expect(dollarsToCentsInput(centsToDollarsInput(1999))).toBe(1999);
  });

  it('sends cents on the wire and names the field it cannot read', () => {
    const ok = validate(filled({ price: '45.50', requiresPayment: true }));
    expect(ok.errors).toEqual({});
    expect(ok.input.price).toBe(4550);
    expect(AdminEventInput.parse(ok.input).price).toBe(4550);
    expect(validate(filled({ price: 'ten' })).errors.price).toBe(formMessages.dollars);
  });
});

describe('New York wall-clock times', () => {
  // Winter and summer conversions are tested with the conversion itself (publish-time.test.ts).
  it('reads the entered time in America/New_York, and an incomplete one as no time', () => {
    expect(fromEventLocal('2026-07-04T18:00')).toBe('2026-07-04T22:00:00.000Z');
    expect(fromEventLocal('2026-07-04')).toBe('');
  });

  it('shows a stored instant in New York whatever the viewer’s zone', () => {
    expect(toEventLocal('2026-07-04T22:00:00.000Z')).toBe('2026-07-04T18:00');
    expect(toEventLocal(fromEventLocal('2026-11-01T01:30'))).toBe('2026-11-01T01:30');
  });

  it('says an end before the start is refused, as the server does', () => {
    expect(validate(filled({ end: '2026-07-04T17:00' })).errors.endDate).toBe(eventMessages.endBeforeStart);
  });
});

describe('the form checked as the server checks it', () => {
  it('requires alt text with an image, and whole places', () => {
    const { errors } = validate(filled({ image: { url: '/images/gala.jpg', alt: '' }, capacity: '2.5' }));
    expect(errors.imageAlt).toBe(eventMessages.altRequired);
    expect(errors.capacity).toBe(formMessages.wholeNumber);
  });

  it('derives the address from the title unless one is typed', () => {
    expect(slugOf({ title: 'Liberty Gala: 2026!', slug: '' })).toBe('liberty-gala-2026');
    expect(slugOf({ title: 'Liberty Gala', slug: 'gala' })).toBe('gala');
  });

  it('previews a cancelled event as the public page shows it', () => {
    const preview = previewOf(filled({ status: 'cancelled', price: '10' }));
    expect(preview).toMatchObject({ status: 'cancelled', price: 1000, slug: 'liberty-gala', title: 'Liberty Gala' });
  });
});

describe('ticket types', () => {
  const three = () => {
    const a = { ...emptyTier([]), id: 'general', name: 'General' };
    const b = { ...emptyTier([a]), id: 'vip', name: 'VIP Table' };
    const c = { ...emptyTier([a, b]), id: 'student', name: 'Student' };
    return [a, b, c];
  };

  it('gives a new tier a free id', () => {
    const tiers = three();
    expect(emptyTier(tiers).id).toBe('tier-4');
    expect(new Set([...tiers, emptyTier(tiers)].map((t) => t.key)).size).toBe(4);
  });

  it('marks one tier VIP and gives the former VIP an id of its own', () => {
    const marked = markVip(three(), 2);
    expect(marked.map((t) => t.id)).toEqual(['general', 'vip-table', 'vip']);
    expect(markVip(three(), 1).map((t) => t.id)).toEqual(['general', 'vip', 'student']);
  });

  it('moves tiers up and down, and not past either end', () => {
    const tiers = three();
    expect(moveTier(tiers, 0, 1).map((t) => t.id)).toEqual(['vip', 'general', 'student']);
    expect(moveTier(tiers, 2, -1).map((t) => t.id)).toEqual(['general', 'student', 'vip']);
    expect(moveTier(tiers, 0, -1).map((t) => t.id)).toEqual(['general', 'vip', 'student']);
  });

  it('sends prices in cents, benefits as a list and capacities as numbers; refuses a repeated id', () => {
    const [a, b] = three();
    if (!a || !b) throw new Error('no tiers');
    const { input, errors } = validate(
      filled({
        requiresPayment: true,
        tiers: [
          { ...a, price: '25', benefits: 'Seat\n\n Lunch ', capacity: '40' },
          { ...b, price: '90.5', capacity: '' },
        ],
      }),
    );
    expect(errors).toEqual({});
    expect(input.pricingTiers).toEqual([
      { id: 'general', name: 'General', price: 2500, description: '', benefits: ['Seat', 'Lunch'], capacity: 40 },
      { id: 'vip', name: 'VIP Table', price: 9050, description: '', benefits: [], capacity: null },
    ]);
    const twice = validate(filled({ tiers: [a, { ...b, id: 'general' }] }));
    expect(twice.errors['pricingTiers.1.id']).toBe(eventMessages.tierIdTaken('general'));
  });
});
