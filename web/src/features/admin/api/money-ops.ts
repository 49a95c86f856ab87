import {
  PlanCancelAccepted,
  type PlanCancelCreate,
  RefundAccepted,
  type RefundCreate,
  StatusChanged,
} from '@pillars/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { invalidateAdminQueries } from './admin-query';

/** POST /api/admin/refunds: queues a refund of one charge (cents on the wire); 202 with its id. */
export async function createRefund(request: RefundCreate) {
  const response = await apiRequest('POST', '/api/admin/refunds', request);
  return RefundAccepted.parse(await response.json());
}

/**
 * What a money operation's dialog does once the server accepted it (close, say so). It runs from
 * the mutation's own options, before the admin queries are fetched again: the refetch can remove
 * the dialog (a charge with a refund under way has no Refund button, an ended plan no Cancel), and
 * callbacks given to `mutate` are dropped with the component that gave them.
 */
export type OnAccepted<Request> = (request: Request) => void;

/** A money operation's mutation: `onAccepted`, then the admin queries fetched again. */
function useMoneyOperation<Request, Accepted>(
  mutationFn: (request: Request) => Promise<Accepted>,
  onAccepted: OnAccepted<Request> | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_accepted, request) => {
      onAccepted?.(request);
      return invalidateAdminQueries(queryClient);
    },
  });
}

export function useCreateRefund(onAccepted?: OnAccepted<RefundCreate>) {
  return useMoneyOperation(createRefund, onAccepted);
}

/** POST /api/admin/payments/{id}/cancel-plan: queues the end of a monthly plan; 202. */
export async function cancelPlan({ paymentId, ...request }: PlanCancelCreate & { paymentId: string }) {
  const response = await apiRequest(
    'POST',
    `/api/admin/payments/${encodeURIComponent(paymentId)}/cancel-plan`,
    request,
  );
  return PlanCancelAccepted.parse(await response.json());
}

export function useCancelPlan(onAccepted?: OnAccepted<PlanCancelCreate & { paymentId: string }>) {
  return useMoneyOperation(cancelPlan, onAccepted);
}

/** PUT /api/admin/registrations/{id}/status { status: 'attended' }: checks a paid or confirmed registration in. */
export async function checkIn(registrationId: string) {
  const response = await apiRequest('PUT', `/api/admin/registrations/${encodeURIComponent(registrationId)}/status`, {
    status: 'attended',
  });
  return StatusChanged.parse(await response.json());
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: checkIn, onSuccess: () => invalidateAdminQueries(queryClient) });
}
