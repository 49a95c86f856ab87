import { Counter } from 'prom-client';
import type { Registry } from '@pillars/platform/metrics';
import { PAYMENT_KINDS } from '@pillars/platform/db';
import type { AttemptOutcome } from './charging';
import { declineCodeLabel } from './provider';

/**
 * Charge attempts by payment kind, outcome and reason, counted by the worker that ran them
 * (charging.ts tells it). The reason is a known decline code or one of charging.ts's few words.
 */
export function paymentOutcomeMetrics(registry: Registry): (event: AttemptOutcome) => void {
  const outcomes = new Counter({
    name: 'pillars_payment_outcomes_total',
    help: 'Charge attempts by payment kind, outcome (succeeded, declined, failed, unclear) and reason.',
    labelNames: ['kind', 'outcome', 'reason'] as const,
    registers: [registry],
  });
  // Zero series for the usual outcomes, so a dashboard shows 0 rather than nothing before the first charge.
  for (const kind of PAYMENT_KINDS) {
    outcomes.inc({ kind, outcome: 'succeeded', reason: 'NONE' }, 0);
  }
  return ({ kind, outcome, reason }) =>
    outcomes.inc({ kind, outcome, reason: outcome === 'declined' ? declineCodeLabel(reason) : reason });
}
