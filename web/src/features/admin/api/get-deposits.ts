import { DepositDetail, DepositList, DepositRefreshAccepted } from '@pillars/contracts/admin';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { parsedQueryFn } from './admin-query';

export const DEPOSITS_PAGE_SIZE = 50;

/** GET /api/admin/deposits, newest first; after the first page, the batch the next one starts below. */
export function depositsPath(before?: number | null): string {
  const params = new URLSearchParams();
  if (before) params.set('before', String(before));
  params.set('limit', String(DEPOSITS_PAGE_SIZE));
  return `/api/admin/deposits?${params.toString()}`;
}

const getPage = parsedQueryFn(DepositList);

export function useDeposits() {
  return useInfiniteQuery({
    queryKey: ['/api/admin/deposits'],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal, client, meta }) =>
      getPage({ queryKey: [depositsPath(pageParam)], signal, client, meta }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** GET /api/admin/deposits/{batch}. */
export function useDeposit(batch: number) {
  return useQuery({ queryKey: [`/api/admin/deposits/${batch}`], queryFn: parsedQueryFn(DepositDetail) });
}

/** The CSV of one deposit, its dates in the admin's zone. */
export function depositCsvPath(batch: number): string {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `/api/admin/deposits/${batch}/export?${new URLSearchParams({ timeZone }).toString()}`;
}

/** The CSV of every deposit made from `from` to `to` (UTC days, inclusive), its dates in the admin's zone. */
export function depositsRangeCsvPath(from: string, to: string): string {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `/api/admin/deposits/export?${new URLSearchParams({ from, to, timeZone }).toString()}`;
}

/** POST /api/admin/deposits/refresh: queues a sync from the provider; 202. */
export function useRefreshDeposits() {
  return useMutation({
    mutationFn: async () => {
      const response = await apiRequest('POST', '/api/admin/deposits/refresh');
      return DepositRefreshAccepted.parse(await response.json());
    },
  });
}
