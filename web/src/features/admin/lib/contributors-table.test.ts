import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  type SortState,
  contributorName,
  contributorsFilterOf,
  emptyFilters,
  nextSort,
  parseAmountCents,
  sameFilter,
} from './contributors-table';

describe('sorting', () => {
  it('starts by date, newest first', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'date', direction: 'desc' });
  });

  it('starts a name sort A to Z and an amount sort largest first; a second click reverses', () => {
    let sort: SortState = nextSort(DEFAULT_SORT, 'name');
    expect(sort).toEqual({ key: 'name', direction: 'asc' });
    sort = nextSort(sort, 'name');
    expect(sort).toEqual({ key: 'name', direction: 'desc' });
    sort = nextSort(sort, 'amount');
    expect(sort).toEqual({ key: 'amount', direction: 'desc' });
    expect(nextSort(sort, 'amount')).toEqual({ key: 'amount', direction: 'asc' });
    expect(nextSort(sort, 'date')).toEqual({ key: 'date', direction: 'desc' });
    expect(nextSort(nextSort(sort, 'date'), 'date')).toEqual({ key: 'date', direction: 'asc' });
  });
});

describe('the filter sent to the server', () => {
  const filterOf = (patch: Partial<typeof emptyFilters>) => contributorsFilterOf({ ...emptyFilters, ...patch });

  it('sends the fields filled in, trimmed, and nothing for blank ones or All Types', () => {
    expect(filterOf({})).toEqual({});
    expect(filterOf({ search: '  ', transactionId: ' ' })).toEqual({});
    expect(filterOf({ search: ' Jane Doe ', type: 'Membership', transactionId: ' pt_abc ', amount: '45' })).toEqual({
      q: 'Jane Doe',
      type: 'Membership',
      transactionId: 'pt_abc',
      amount: '45.00',
    });
  });

  it('sends an exact amount with two decimals, and none the contract would refuse', () => {
    expect(filterOf({ amount: '$1,000' }).amount).toBe('1000.00');
    expect(filterOf({ amount: '17.755' }).amount).toBe('17.76');
    expect(filterOf({ amount: '0' }).amount).toBe('0.00');
    expect(filterOf({ amount: 'abc' })).toEqual({});
    expect(filterOf({ amount: '-5' })).toEqual({});
    expect(filterOf({ amount: '1000000000' })).toEqual({});
  });

  it('tells two filters asking for the same rows apart from others', () => {
    expect(sameFilter(filterOf({ search: 'jane ' }), filterOf({ search: ' jane' }))).toBe(true);
    expect(sameFilter(filterOf({ search: 'jane' }), filterOf({ search: 'jane', type: 'Contribution' }))).toBe(false);
  });

  it('reads an exact amount in cents', () => {
    expect(parseAmountCents('17.76')).toBe(1776);
    expect(parseAmountCents('$1,000')).toBe(100000);
    expect(parseAmountCents('')).toBeNull();
    expect(parseAmountCents('x')).toBeNull();
  });
});

describe('names', () => {
  it('is "First Last", or the e-mail without a name', () => {
    expect(contributorName({ firstName: ' Jane', lastName: 'Doe ', email: 'jane@example.org' })).toBe('Jane Doe');
    expect(contributorName({ firstName: null, lastName: ' ', email: 'zed@example.org' })).toBe('zed@example.org');
  });
});
