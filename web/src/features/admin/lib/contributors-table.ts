import { dollarsToCents } from '@pillars/shared/contracts';
import { type ContributorRow, type ContributorType } from '@pillars/shared/contracts/admin';

/** The dashboard table's search, advanced search and type filter. */
export type ContributorFilters = {
  search: string;
  transactionId: string;
  /** The exact amount in dollars as typed; blank or not a number means "any amount". */
  amount: string;
  type: 'all' | ContributorType;
};

export const emptyFilters: ContributorFilters = { search: '', transactionId: '', amount: '', type: 'all' };

export type SortKey = 'name' | 'amount' | 'date';
export type SortDirection = 'asc' | 'desc';
export type SortState = { key: SortKey; direction: SortDirection };

/** Product rule: the table starts sorted by date, newest first. */
export const DEFAULT_SORT: SortState = { key: 'date', direction: 'desc' };

/** Product rule: a name sort starts A to Z, an amount sort largest first, a date sort newest first. */
const FIRST_DIRECTION: Record<SortKey, SortDirection> = { name: 'asc', amount: 'desc', date: 'desc' };

/** A click on a column header: its first direction for a new column, the other one for the same. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key !== key) return { key, direction: FIRST_DIRECTION[key] };
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

const digits = (value: string) => value.replace(/\D/g, '');

type SearchText = { text: string; phone: string; phoneDigits: string };

// Lower-cased once per row and kept while the row object lives: every keystroke searches again,
// and the list may hold tens of thousands of rows.
const searchTexts = new WeakMap<ContributorRow, SearchText>();

function searchTextOf(row: ContributorRow): SearchText {
  let cached = searchTexts.get(row);
  if (!cached) {
    const parts = [contributorName(row), `${row.lastName ?? ''} ${row.firstName ?? ''}`, row.email, row.details];
    if (row.payTheoryPaymentId) parts.push(row.payTheoryPaymentId);
    const phone = (row.phone ?? '').toLowerCase();
    cached = { text: parts.join('\n').toLowerCase(), phone, phoneDigits: digits(phone) };
    searchTexts.set(row, cached);
  }
  return cached;
}

/** Product rule: the search box matches name, email, details, phone and payment id. */
export function matchesSearch(row: ContributorRow, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  const { text, phone, phoneDigits } = searchTextOf(row);
  if (text.includes(term) || phone.includes(term)) return true;
  // A phone search ignores formatting: "5550101776" finds "(555) 010-1776".
  const termDigits = digits(term);
  return termDigits.length > 0 && /^[\d\s().+-]+$/.test(term) && phoneDigits.includes(termDigits);
}

/** The typed exact amount in cents, or null when blank or not a number. */
export function parseAmountCents(amount: string): number | null {
  const trimmed = amount.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? dollarsToCents(value) : null;
}

export function filterContributors(rows: readonly ContributorRow[], filters: ContributorFilters): ContributorRow[] {
  const transactionId = filters.transactionId.trim().toLowerCase();
  const amountCents = parseAmountCents(filters.amount);
  return rows.filter(
    (row) =>
      (filters.type === 'all' || row.type === filters.type) &&
      matchesSearch(row, filters.search) &&
      (!transactionId || (row.payTheoryPaymentId ?? '').toLowerCase().includes(transactionId)) &&
      (amountCents === null || dollarsToCents(row.amount) === amountCents),
  );
}

const byName = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

type SortEntry = { row: ContributorRow; key: string; name: string; time: number };

function compare(a: SortEntry, b: SortEntry, key: SortKey): number {
  switch (key) {
    case 'name':
      return byName.compare(a.name, b.name);
    case 'amount':
      return a.row.amount - b.row.amount;
    case 'date':
      return a.time - b.time;
  }
}

/**
 * A sorted copy; ties fall back to newest first, then the row key, so the order never depends on
 * the server's. Names and times are computed once per row: the list may hold tens of thousands.
 */
export function sortContributors(rows: readonly ContributorRow[], sort: SortState): ContributorRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const entries: SortEntry[] = rows.map((row) => ({
    row,
    key: rowKey(row),
    name: contributorName(row),
    time: Date.parse(row.createdAt),
  }));
  entries.sort(
    (a, b) => sign * compare(a, b, sort.key) || compare(b, a, 'date') || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return entries.map((entry) => entry.row);
}

/** Product rule: only pending rows can be confirmed. */
export function isConfirmable(row: Pick<ContributorRow, 'status'>): boolean {
  return row.status === 'pending';
}
