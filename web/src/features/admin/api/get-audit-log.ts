import { AuditLogPage } from '@pillars/contracts/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { parsedQueryFn } from './admin-query';

/** The filters of /admin/audit-log as typed; empty ones are left out of the request. */
export type AuditLogFilters = { actor: string; action: string; from: string; to: string };

export const AUDIT_LOG_PAGE_SIZE = 50;

/** GET /api/admin/audit-log with the filters and, after the first page, the cursor. */
export function auditLogPath(filters: AuditLogFilters, before?: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value.trim()) params.set(name, value.trim());
  }
  if (before) params.set('before', before);
  params.set('limit', String(AUDIT_LOG_PAGE_SIZE));
  return `/api/admin/audit-log?${params.toString()}`;
}

const getPage = parsedQueryFn(AuditLogPage);

export function useAuditLog(filters: AuditLogFilters) {
  return useInfiniteQuery({
    queryKey: ['/api/admin/audit-log', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal, client, meta }) =>
      getPage({ queryKey: [auditLogPath(filters, pageParam)], signal, client, meta }),
    getNextPageParam: (last) => last.nextCursor,
  });
}
