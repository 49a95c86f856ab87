import { type ReconcilePaymentsDeps, paymentSweep } from '@pillars/money';

/**
 * reconcile-payments, the scheduled sweep (docs/decisions/010): one run of paymentSweep. One
 * payment the provider cannot answer for is left to the next run; the job itself never fails.
 */
export function reconcilePaymentsProcessor(deps: ReconcilePaymentsDeps) {
  return paymentSweep(deps);
}
