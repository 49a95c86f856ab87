import {
  ContributorRecipients,
  type ContributorSortKey,
  type ContributorsFilter,
  ContributorsPage,
  ContributorsSummaryResponse,
  type SortDirection,
} from '@pillars/contracts/admin';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getParsed, parsedQueryFn } from './admin-query';

/** The list's filters and order, as the page, the export and the recipients calls take them. */
export type ContributorsListQuery = ContributorsFilter & { sort: ContributorSortKey; direction: SortDirection };

/** Rows per page of the dashboard's table; each "Show more" asks for as many again. */
export const CONTRIBUTORS_PAGE_SIZE = 50;

const PAGE_PATH = '/api/admin/contributors/page';
const SUMMARY_PATH = '/api/admin/contributors/summary';
const RECIPIENTS_PATH = '/api/admin/contributors/recipients';
const EXPORT_PATH = '/api/admin/contributors/export';

/** `path?name=value&…` with the given values only, in the order given. */
function withQuery(path: string, values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const filterValues = ({ q, type, transactionId, amount, status }: ContributorsFilter) => ({
  q,
  type,
  transactionId,
  amount,
  status,
});

/**
 * GET /api/admin/contributors/page, a page at a time by cursor. While another filter or order loads,
 * the rows of the previous one stay on screen (placeholder data), so the toolbar never disappears.
 */
export function useContributorsPages(query: ContributorsListQuery) {
  return useInfiniteQuery({
    queryKey: [PAGE_PATH, query] as const,
    queryFn: ({ pageParam, signal }) =>
      getParsed(
        ContributorsPage,
        withQuery(PAGE_PATH, {
          ...filterValues(query),
          sort: query.sort,
          direction: query.direction,
          limit: CONTRIBUTORS_PAGE_SIZE,
          cursor: pageParam,
        }),
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/contributors/summary without a filter: the cards' totals of every record. */
export function useContributorsSummary() {
  return useQuery({ queryKey: [SUMMARY_PATH], queryFn: parsedQueryFn(ContributorsSummaryResponse) });
}

/**
 * GET /api/admin/contributors/recipients: the distinct addresses of every row the filter matches
 * (capped by the server, docs/decisions/033), asked only while `enabled`.
 */
export function useContributorRecipients(filter: ContributorsFilter, enabled: boolean) {
  return useQuery({
    queryKey: [RECIPIENTS_PATH, filterValues(filter)] as const,
    queryFn: ({ signal }) => getParsed(ContributorRecipients, withQuery(RECIPIENTS_PATH, filterValues(filter)), signal),
    enabled,
  });
}

/**
 * GET /api/admin/contributors/export for the filter and order: the browser downloads the server's
 * streamed file itself, dated in the admin's time zone when the browser names one.
 */
export function contributorsExportUrl(query: ContributorsListQuery, timeZone: string | undefined): string {
  return withQuery(EXPORT_PATH, {
    ...filterValues(query),
    sort: query.sort,
    direction: query.direction,
    timeZone,
  });
}
