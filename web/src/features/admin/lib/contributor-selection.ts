import type { ContributorRow } from '@pillars/contracts/admin';
import { rowKey } from './contributors-table';

/**
 * The dashboard's selection (docs/decisions/033): rows ticked one by one (they are loaded, so their
 * addresses are at hand), or every row matching the filter, loaded or not, which the server names
 * by the filter alone. A change of filter clears it; a change of order keeps it (the same rows).
 */
export type ContributorSelection = { kind: 'rows'; rows: ReadonlyMap<string, ContributorRow> } | { kind: 'all' };

export const noSelection: ContributorSelection = { kind: 'rows', rows: new Map() };

/** Every row shown matches the filter, so "all" selects each of them. */
export function isRowSelected(selection: ContributorSelection, row: ContributorRow): boolean {
  return selection.kind === 'all' || selection.rows.has(rowKey(row));
}

/**
 * A row's checkbox. Unticking one row of "all matching" leaves the other loaded rows ticked: the
 * rows not loaded cannot be named one by one, so they leave the selection (the count says so).
 */
export function toggleRow(
  selection: ContributorSelection,
  row: ContributorRow,
  loaded: readonly ContributorRow[],
): ContributorSelection {
  const key = rowKey(row);
  const rows = new Map(
    selection.kind === 'all' ? loaded.map((r): [string, ContributorRow] => [rowKey(r), r]) : selection.rows,
  );
  if (selection.kind === 'all' || rows.has(key)) rows.delete(key);
  else rows.set(key, row);
  return { kind: 'rows', rows };
}

/** How many rows are selected, given how many match the filter. */
export function selectedCount(selection: ContributorSelection, matching: number): number {
  return selection.kind === 'all' ? matching : selection.rows.size;
}

/** The select-all checkbox: ticked when every matching row is selected, mixed when some are. */
export function selectAllState(selection: ContributorSelection, matching: number): 'all' | 'some' | 'none' {
  const count = selectedCount(selection, matching);
  if (count === 0) return 'none';
  return count >= matching ? 'all' : 'some';
}

/** The select-all checkbox: every matching row, or none when they all are already. */
export function toggleAll(selection: ContributorSelection, matching: number): ContributorSelection {
  return selectAllState(selection, matching) === 'all' ? noSelection : { kind: 'all' };
}
