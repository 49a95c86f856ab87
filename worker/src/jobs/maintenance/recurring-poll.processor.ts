import { type RecurringPollDeps, recurringPoll } from '@pillars/money';

/**
 * poll-recurring (ADR 007): one run of recurringPoll, which lists the instalments of the plans
 * polled longest ago; a provider error on one plan is logged and the run goes on.
 */
export function recurringPollProcessor(deps: RecurringPollDeps) {
  return recurringPoll(deps);
}
