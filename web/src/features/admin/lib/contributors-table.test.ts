import type { ContributorRow } from '@pillars/shared/contracts/admin';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  type SortState,
  contributorName,
  emptyFilters,
  filterContributors,
  nextSort,
  parseAmountCents,
  sortContributors,
} from './contributors-table';

function row(overrides: Partial<ContributorRow>): ContributorRow {
  return {
    id: 'id',
    firstName: 'First',
    lastName: 'Last',
    email: 'first@example.org',
    phone: null,
    type: 'Contribution',
    amount: 10,
    status: 'pending',
    paymentMethod: 'card',
    isRecurring: false,
    payTheoryPaymentId: null,
    details: '',
    createdAt: '2025-01-01T12:00:00.000Z',
    ...overrides,
  };
}

const rows = [
  row({
    id: '1',
    firstName: 'jane',
    lastName: 'Doe',
    amount: 50,
    createdAt: '2025-03-01T12:00:00.000Z',
    phone: '(555) 010-1776',
    payTheoryPaymentId: 'pt_AbC123',
  }),
  row({
    id: '2',
    firstName: 'Abigail',
    lastName: 'Smith',
    amount: 45,
    createdAt: '2025-04-01T12:00:00.000Z',
    type: 'Event Registration',
    details: 'Gala - VIP',
  }),
  row({
    id: '3',
    firstName: null,
    lastName: null,
    email: 'zed@example.org',
    amount: 100,
    createdAt: '2025-01-01T12:00:00.000Z',
    type: 'Membership',
  }),
];

const names = (list: ContributorRow[]) => list.map(contributorName);

describe('sorting', () => {
  it('starts by date, newest first', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'date', direction: 'desc' });
    expect(names(sortContributors(rows, DEFAULT_SORT))).toEqual(['Abigail Smith', 'jane Doe', 'zed@example.org']);
  });

  it('starts a name sort A to Z (ignoring case) and an amount sort largest first; a second click reverses', () => {
    let sort: SortState = nextSort(DEFAULT_SORT, 'name');
    expect(sort).toEqual({ key: 'name', direction: 'asc' });
    expect(names(sortContributors(rows, sort))).toEqual(['Abigail Smith', 'jane Doe', 'zed@example.org']);
    sort = nextSort(sort, 'name');
    expect(names(sortContributors(rows, sort))).toEqual(['zed@example.org', 'jane Doe', 'Abigail Smith']);
    sort = nextSort(sort, 'amount');
    expect(sort).toEqual({ key: 'amount', direction: 'desc' });
    expect(names(sortContributors(rows, sort))).toEqual(['zed@example.org', 'jane Doe', 'Abigail Smith']);
    expect(nextSort(sort, 'amount')).toEqual({ key: 'amount', direction: 'asc' });
    expect(nextSort(nextSort(sort, 'date'), 'date')).toEqual({ key: 'date', direction: 'asc' });
  });
});

describe('filtering', () => {
  const find = (patch: Partial<typeof emptyFilters>) => names(filterContributors(rows, { ...emptyFilters, ...patch }));

  it('searches name, email, details, phone and payment id, ignoring case', () => {
    expect(find({ search: 'JANE' })).toEqual(['jane Doe']);
    expect(find({ search: 'doe jane' })).toEqual(['jane Doe']);
    expect(find({ search: 'zed@' })).toEqual(['zed@example.org']);
    expect(find({ search: 'vip' })).toEqual(['Abigail Smith']);
    expect(find({ search: '010-1776' })).toEqual(['jane Doe']);
    expect(find({ search: '5550101776' })).toEqual(['jane Doe']);
    expect(find({ search: 'abc123' })).toEqual(['jane Doe']);
    expect(find({ search: '  ' })).toHaveLength(3);
    expect(find({ search: 'nobody' })).toEqual([]);
  });

  it('filters by type, transaction id and exact amount together', () => {
    expect(find({ type: 'Membership' })).toEqual(['zed@example.org']);
    expect(find({ transactionId: 'pt_abc' })).toEqual(['jane Doe']);
    expect(find({ amount: '45' })).toEqual(['Abigail Smith']);
    expect(find({ amount: '45.00', type: 'Contribution' })).toEqual([]);
    expect(find({ amount: 'abc' })).toHaveLength(3);
  });

  it('reads an exact amount in cents', () => {
    expect(parseAmountCents('17.76')).toBe(1776);
    expect(parseAmountCents('$1,000')).toBe(100000);
    expect(parseAmountCents('')).toBeNull();
    expect(parseAmountCents('x')).toBeNull();
  });
});
