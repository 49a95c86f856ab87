import type { ContributorRow } from '@pillars/contracts/admin';
import { describe, expect, it } from 'vitest';
import {
  isRowSelected,
  noSelection,
  selectAllState,
  selectedCount,
  toggleAll,
  toggleRow,
} from './contributor-selection';

const row = (id: string, type: ContributorRow['type'] = 'Contribution'): ContributorRow => ({
  id,
  firstName: 'First',
  lastName: id,
  email: `${id}@example.org`,
  phone: null,
  type,
  amount: 10,
  status: 'pending',
  paymentMethod: 'card',
  isRecurring: false,
  payTheoryPaymentId: null,
  details: '',
  createdAt: '2025-01-01T12:00:00.000Z',
});

const loaded = [row('a'), row('b'), row('c')];
const MATCHING = 12_345;

describe('the dashboard selection', () => {
  it('ticks and unticks loaded rows one by one (ids are per kind of record)', () => {
    let selection = toggleRow(noSelection, row('a'), loaded);
    selection = toggleRow(selection, row('b'), loaded);
    expect(isRowSelected(selection, row('a'))).toBe(true);
    expect(isRowSelected(selection, row('a', 'Membership'))).toBe(false);
    expect(selectedCount(selection, MATCHING)).toBe(2);
    expect(selectAllState(selection, MATCHING)).toBe('some');
    selection = toggleRow(selection, row('a'), loaded);
    expect(isRowSelected(selection, row('a'))).toBe(false);
    expect(selectedCount(selection, MATCHING)).toBe(1);
  });

  it('selects every matching row from the select-all box, loaded or not, and clears them from it', () => {
    const all = toggleAll(noSelection, MATCHING);
    expect(all).toEqual({ kind: 'all' });
    expect(selectedCount(all, MATCHING)).toBe(MATCHING);
    expect(selectAllState(all, MATCHING)).toBe('all');
    expect(isRowSelected(all, row('not-loaded'))).toBe(true);
    expect(toggleAll(all, MATCHING)).toEqual(noSelection);
    // From a partial selection the box selects everything.
    expect(toggleAll(toggleRow(noSelection, row('a'), loaded), MATCHING)).toEqual({ kind: 'all' });
  });

  it('unticking one row of "all" keeps the other loaded rows', () => {
    const selection = toggleRow({ kind: 'all' }, row('b'), loaded);
    expect(selection.kind).toBe('rows');
    expect(loaded.map((r) => isRowSelected(selection, r))).toEqual([true, false, true]);
    expect(selectedCount(selection, MATCHING)).toBe(2);
  });

  it('counts ticked rows covering every match as all, and nothing matching as none', () => {
    const every = loaded.reduce((selection, r) => toggleRow(selection, r, loaded), noSelection);
    expect(selectAllState(every, loaded.length)).toBe('all');
    expect(selectAllState(noSelection, MATCHING)).toBe('none');
    expect(selectAllState({ kind: 'all' }, 0)).toBe('none');
  });
});
