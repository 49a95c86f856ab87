import type { RegistrationDetail } from '@pillars/shared/contracts/admin';
import { describe, expect, it } from 'vitest';
import { searchRegistrations } from './door-search';

const person = (id: string, firstName: string, lastName: string, email: string, status = 'paid') =>
  ({
    id,
    firstName,
    lastName,
    email,
    phone: '555-010-1776',
    status,
    selectedTier: null,
    comments: null,
    paymentAmount: null,
    payTheoryPaymentId: null,
    createdAt: '2026-05-01T12:00:00.000Z',
    event: {
      title: 'Gala',
      startDate: '2026-07-04T22:00:00.000Z',
      endDate: '2026-07-05T01:00:00.000Z',
      location: 'Hall',
    },
  }) satisfies RegistrationDetail;

const people = [
  person('1', 'Zoé', 'Adams', 'zoe@example.org'),
  person('2', 'John', 'Adams', 'jadams@example.org'),
  person('3', 'Paul', 'Revere', 'paul@example.org', 'cancelled'),
];
const ids = (search: string) => searchRegistrations(people, search).map((r) => r.id);

describe('searchRegistrations', () => {
  it('matches every word against the names and e-mail, in any case and without accents', () => {
    expect(ids('adams')).toEqual(['1', '2']);
    expect(ids('ZOE')).toEqual(['1']);
    expect(ids('adams john')).toEqual(['2']);
    expect(ids('jadams@')).toEqual(['2']);
  });

  it('lists nobody for a one-letter search, and never a cancelled registration', () => {
    expect(ids('a')).toEqual([]);
    expect(ids('   ')).toEqual([]);
    expect(ids('revere')).toEqual([]);
  });

  it('keeps the list short', () => {
    expect(searchRegistrations(people, 'adams', 1)).toHaveLength(1);
  });
});
