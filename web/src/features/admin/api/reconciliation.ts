import { ReconciliationRuns, ReconciliationStarted } from '@pillars/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { parsedQueryFn } from './admin-query';

export const RECONCILIATION_RUNS_PATH = '/api/admin/reconciliation/runs';

/** While a run is queued or running, the list is read again this often, so its report shows when it ends. */
const REFRESH_WHILE_RUNNING_MS = 2000;

export function useReconciliationRuns() {
  return useQuery<ReconciliationRuns>({
    queryKey: [RECONCILIATION_RUNS_PATH],
    queryFn: parsedQueryFn(ReconciliationRuns),
    refetchInterval: (query) =>
      query.state.data?.data.some((run) => run.state === 'queued' || run.state === 'running')
        ? REFRESH_WHILE_RUNNING_MS
        : false,
  });
}

/** POST /api/admin/reconciliation/runs: 202 with the run's id, 409 while another is under way. */
export function useStartReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await apiRequest('POST', RECONCILIATION_RUNS_PATH);
      return ReconciliationStarted.parse(await response.json());
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [RECONCILIATION_RUNS_PATH] }),
  });
}
