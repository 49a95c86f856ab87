import { dollarsToCents } from '@pillars/money/rules';
import {
  CONTRIBUTOR_SORT_FIRST_DIRECTION,
  type ContributorRow,
  type ContributorSortKey,
  type ContributorStatusFilter,
  type ContributorType,
  ContributorsFilter,
  type SortDirection,
} from '@pillars/contracts/admin';

/** The dashboard table's search, advanced search, type and status filters. */
export type ContributorFilters = {
  search: string;
  transactionId: string;
  /** The exact amount in dollars as typed; blank or not a number means "any amount". */
  amount: string;
  type: 'all' | ContributorType;
  /** A state of the record's payments, such as disputed (docs/decisions/047-disputes.md). */
  status: 'all' | ContributorStatusFilter;
};

export const emptyFilters: ContributorFilters = {
  search: '',
  transactionId: '',
  amount: '',
  type: 'all',
  status: 'all',
};

export type SortKey = ContributorSortKey;
export type SortState = { key: SortKey; direction: SortDirection };

/** Product rule: the table starts sorted by date, newest first. */
export const DEFAULT_SORT: SortState = { key: 'date', direction: CONTRIBUTOR_SORT_FIRST_DIRECTION.date };

/**
 * A click on a column header: its first direction for a new column (product rule,
 * CONTRIBUTOR_SORT_FIRST_DIRECTION), the other one for the same.
 */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key !== key) return { key, direction: CONTRIBUTOR_SORT_FIRST_DIRECTION[key] };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** "First Last", or the e-mail when the record has no name. */
export function contributorName(row: Pick<ContributorRow, 'firstName' | 'lastName' | 'email'>): string {
  const name = [row.firstName, row.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || row.email;
}

/** Ids are unique per table, not across the three kinds of record. */
export function rowKey(row: Pick<ContributorRow, 'type' | 'id'>): string {
  return `${row.type}:${row.id}`;
}

/** The typed exact amount in cents, or null when blank or not a number. */
export function parseAmountCents(amount: string): number | null {
  const trimmed = amount.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? dollarsToCents(value) : null;
}

/**
 * The toolbar's fields as the list calls take them (docs/decisions/031): trimmed, blank ones left
 * out, the amount in dollars with two decimals. An amount the contract refuses (not a number,
 * negative, too large) filters nothing, as a blank one.
 */
export function contributorsFilterOf(filters: ContributorFilters): ContributorsFilter {
  const filter: ContributorsFilter = {};
  const q = filters.search.trim();
  const transactionId = filters.transactionId.trim();
  const cents = parseAmountCents(filters.amount);
  if (q) filter.q = q;
  if (filters.type !== 'all') filter.type = filters.type;
  if (filters.status !== 'all') filter.status = filters.status;
  if (transactionId) filter.transactionId = transactionId;
  const amount = cents === null ? undefined : (cents / 100).toFixed(2);
  if (amount !== undefined && ContributorsFilter.shape.amount.safeParse(amount).success) filter.amount = amount;
  return filter;
}

/** Whether two filters ask for the same rows. */
export function sameFilter(a: ContributorsFilter, b: ContributorsFilter): boolean {
  return (
    a.q === b.q &&
    a.type === b.type &&
    a.transactionId === b.transactionId &&
    a.amount === b.amount &&
    a.status === b.status
  );
}

/** Product rule: only pending rows can be confirmed. */
export function isConfirmable(row: Pick<ContributorRow, 'status'>): boolean {
  return row.status === 'pending';
}
