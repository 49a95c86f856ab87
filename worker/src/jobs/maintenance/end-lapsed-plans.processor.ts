import { type EndLapsedPlansDeps, endLapsedPlans } from '@pillars/money';

/**
 * end-lapsed-plans (dunning, docs/decisions/018): one run of endLapsedPlans, which asks every plan
 * failing past the grace period to end and queues again a cancel-recurring job that was lost.
 */
export function endLapsedPlansProcessor(deps: EndLapsedPlansDeps) {
  return endLapsedPlans(deps);
}
