import { WebhookJobData } from '@pillars/platform/jobs';
import { type WebhookDeps, webhookHandler } from '@pillars/money';
import type { Job } from 'bullmq';
import { finalAsUnrecoverable } from '../final';

/**
 * process-webhook (ADR 007): the job's stored notification, handled by webhookHandler. What the
 * provider does not show yet is retried by BullMQ; an event we do not hold is unrecoverable.
 */
export function webhooksProcessor(deps: WebhookDeps) {
  const handle = webhookHandler(deps);
  return (job: Job) => finalAsUnrecoverable(() => handle(WebhookJobData.parse(job.data).eventId));
}
