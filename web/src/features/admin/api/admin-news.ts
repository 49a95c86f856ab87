import {
  AdminNewsDetail,
  type AdminNewsInput,
  AdminNewsList,
  type AdminNewsQuery,
  AdminNewsSaved,
} from '@pillars/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend } from '@/lib/api';
import { parsedQueryFn } from './admin-query';

export const adminNewsPath = '/api/admin/news';

const listPath = ({ q, status }: AdminNewsQuery) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  const search = params.toString();
  return search ? `${adminNewsPath}?${search}` : adminNewsPath;
};

/** GET /api/admin/news: every article, drafts included, searched and filtered. */
export function useAdminNewsList(query: AdminNewsQuery) {
  return useQuery({ queryKey: [listPath(query)], queryFn: parsedQueryFn(AdminNewsList) });
}

/** GET /api/admin/news/{id}. */
export function useAdminNewsArticle(id: string | null) {
  return useQuery({
    queryKey: [adminNewsPath, id ?? ''],
    queryFn: parsedQueryFn(AdminNewsDetail),
    enabled: id !== null,
  });
}

async function saveArticle({ id, input }: { id: string | null; input: AdminNewsInput }) {
  const response = id
    ? await apiRequest('PUT', `${adminNewsPath}/${encodeURIComponent(id)}`, input)
    : await apiRequest('POST', adminNewsPath, input);
  return AdminNewsSaved.parse(await response.json()).data;
}

async function deleteArticle(id: string): Promise<void> {
  await apiSend('DELETE', `${adminNewsPath}/${encodeURIComponent(id)}`);
}

const isNewsKey = (key: readonly unknown[]) => String(key[0]).startsWith(adminNewsPath);

/** POST a new article or PUT an edited one; every article list and detail refetches after. */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArticle,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => isNewsKey(query.queryKey) }),
  });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => isNewsKey(query.queryKey) }),
  });
}
