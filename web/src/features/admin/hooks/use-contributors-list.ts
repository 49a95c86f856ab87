import type { ContributorRow, ContributorsFilter } from '@pillars/contracts/admin';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ContributorsListQuery, useContributorRecipients, useContributorsPages } from '../api/get-contributors';
import {
  type ContributorSelection,
  noSelection,
  selectAllState,
  selectedCount,
  toggleAll,
  toggleRow,
} from '../lib/contributor-selection';
import {
  type ContributorFilters,
  DEFAULT_SORT,
  type SortKey,
  type SortState,
  contributorsFilterOf,
  emptyFilters,
  nextSort,
  sameFilter,
} from '../lib/contributors-table';
import { uniqueRecipients } from '../lib/mailto';

/** A pause in typing before the search is sent: one request per word, not per keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The dashboard's list (docs/decisions/031, 033): the toolbar's fields as typed and as sent (the
 * text fields after a pause in typing, the type filter and Clear All at once), the order, the pages
 * loaded so far, and the selection with its e-mail recipients.
 */
export function useContributorsList() {
  const [filters, setFilters] = useState<ContributorFilters>(emptyFilters);
  const [filter, setFilter] = useState<ContributorsFilter>({});
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [selection, setSelection] = useState<ContributorSelection>(noSelection);
  // The filter as sent, for the debounce's timer, which outlives the render that set it.
  const sent = useRef<ContributorsFilter>({});
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const apply = useCallback((next: ContributorFilters) => {
    const nextFilter = contributorsFilterOf(next);
    if (sameFilter(sent.current, nextFilter)) return;
    sent.current = nextFilter;
    setFilter(nextFilter);
    // Other rows match now: a selection of the old ones would act on rows no longer listed.
    setSelection(noSelection);
  }, []);

  const changeFilters = (next: ContributorFilters) => {
    // Text typed waits for a pause; a choice in a select (type, status) applies at once.
    const typing = next !== emptyFilters && next.type === filters.type && next.status === filters.status;
    setFilters(next);
    window.clearTimeout(timer.current);
    if (typing) timer.current = window.setTimeout(() => apply(next), SEARCH_DEBOUNCE_MS);
    else apply(next);
  };

  const query: ContributorsListQuery = useMemo(
    () => ({ ...filter, sort: sort.key, direction: sort.direction }),
    [filter, sort],
  );
  const pages = useContributorsPages(query);
  const rows = useMemo<readonly ContributorRow[]>(
    () => pages.data?.pages.flatMap((page) => page.contributors) ?? [],
    [pages.data],
  );
  // Counted by the first page, in its snapshot (docs/decisions/031).
  const matching = pages.data?.pages[0]?.total ?? 0;

  const everyMatching = selection.kind === 'all';
  const allRecipients = useContributorRecipients(filter, everyMatching);
  const rowRecipients = useMemo(
    () => (selection.kind === 'rows' ? uniqueRecipients([...selection.rows.values()].map((row) => row.email)) : []),
    [selection],
  );

  return {
    filters,
    changeFilters,
    sort,
    changeSort: (key: SortKey) => setSort((current) => nextSort(current, key)),
    query,
    pages,
    rows,
    matching,
    selection,
    selected: selectedCount(selection, matching),
    selectAll: selectAllState(selection, matching),
    toggleRow: (row: ContributorRow) => setSelection((current) => toggleRow(current, row, rows)),
    toggleAll: () => setSelection((current) => toggleAll(current, matching)),
    clearSelection: () => setSelection(noSelection),
    /** The recipients of "Email Selected": the ticked rows' addresses, or the server's for "all". */
    recipients: everyMatching
      ? {
          addresses: allRecipients.data?.recipients ?? null,
          capped: allRecipients.data?.capped ?? false,
          query: allRecipients,
        }
      : { addresses: rowRecipients, capped: false, query: null },
  };
}

export type ContributorsList = ReturnType<typeof useContributorsList>;
