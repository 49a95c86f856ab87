import type { ManagedPlan } from '@pillars/contracts';
import type { payments } from '@pillars/platform/db';

/** Record statuses that mean a monthly plan has ended (a gift is cancelled, a membership inactive). */
const ENDED_STATUSES = new Set(['cancelled', 'inactive']);

export type PlanPayment = Pick<
  typeof payments.$inferSelect,
  'id' | 'kind' | 'recordId' | 'providerRecurringId' | 'nextPaymentDate' | 'cancelRequestedAt' | 'cancelledAt'
>;

/**
 * A monthly plan as its donor sees it. It can be cancelled here while it runs at the provider and
 * nobody has asked yet: the same conditions requestPlanCancellation checks before it queues.
 */
export function planOf(payment: PlanPayment | undefined, recordStatus: string): ManagedPlan | null {
  if (!payment?.providerRecurringId) return null;
  const state =
    payment.cancelledAt || ENDED_STATUSES.has(recordStatus)
      ? 'cancelled'
      : payment.cancelRequestedAt
        ? 'cancellation-requested'
        : 'active';
  return {
    paymentId: payment.id,
    state,
    nextChargeDate: state === 'active' ? payment.nextPaymentDate : null,
    cancellable: state === 'active',
  };
}
