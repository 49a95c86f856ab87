import type { JobsOptions } from 'bullmq';
import { z } from 'zod';

/**
 * Every queue, job name and payload of the system.
 * Payloads carry ids only: the payment row is the source of truth, so a job can be retried,
 * duplicated or replayed from the outbox and still find the current state in the database.
 */
export const QUEUES = {
  /** Talks to the card provider: one job per payment. */
  charges: 'charges',
  /** What follows a successful charge, when the job that charged could not do it at once; retried on its own. */
  followUps: 'follow-ups',
  /** Scheduled housekeeping. */
  maintenance: 'maintenance',
  /** Provider webhooks: re-fetch from the provider, then record later instalments. */
  webhooks: 'webhooks',
  /** Outbound e-mail (password resets), through nodemailer. */
  email: 'email',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  charge: 'charge',
  startRecurring: 'start-recurring',
  verifyReportedCharge: 'verify-reported-charge',
  /** Looks up a new plan's first instalment, which the provider showed no sign of yet (FIRST_INSTALMENT_LOOK_DELAYS_MS). */
  awaitFirstInstalment: 'await-first-instalment',
  /**
   * What follows a successful charge: the record's paid status, then its `transactions` row (and
   * the e-mails each queues). The charges worker runs it at once after the success commits and
   * queues this job only when that fails or the worker died first (docs/decisions/007).
   */
  completePayment: 'complete-payment',
  /** Earlier releases queued the two halves of complete-payment as jobs of their own; still run as such. */
  updateStatus: 'update-status',
  recordTransaction: 'record-transaction',
  reconcilePayments: 'reconcile-payments',
  processWebhook: 'process-webhook',
  pollRecurring: 'poll-recurring',
  sendEmail: 'send-email',
  /** Ends a recurring plan at the provider, then marks its record (payments.cancel_requested_at says why). */
  cancelRecurring: 'cancel-recurring',
  /** Gives back all or part of a charge (a `refunds` row). */
  refund: 'refund',
  /** Scheduled: ends plans whose instalments kept failing past the grace period (dunning). */
  endLapsedPlans: 'end-lapsed-plans',
  /** Scheduled: cancels unpaid registrations whose held place ran out, giving it back (docs/decisions/022). */
  releaseExpiredHolds: 'release-expired-holds',
  /** Scheduled and on an admin's refresh: copies the provider's settlement batches (docs/decisions/048-deposits.md). */
  syncSettlements: 'sync-settlements',
  /**
   * Compares Pay Theory's transactions and plans of a window with the ledger (a
   * `reconciliation_runs` row): daily by schedule, or when an admin asks (docs/decisions/049-reconciliation.md).
   */
  reconcileProvider: 'reconcile-provider',
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];

/**
 * A payment's job. `requestId` is the X-Request-Id of the API request that created the payment
 * (a charge job only), so the worker's lines about it can be found with the request's;
 * `declineSource` the pseudonym of its client address, which a decline is counted against.
 */
export const PaymentJobData = z.object({
  paymentId: z.uuid(),
  // Only for the log and the limits: an unexpected value is dropped, never a reason to fail a charge.
  requestId: z.string().max(255).optional().catch(undefined),
  declineSource: z.string().max(100).optional().catch(undefined),
});
export type PaymentJobData = z.infer<typeof PaymentJobData>;

/** await-first-instalment: the payment, and which look this is (an index of FIRST_INSTALMENT_LOOK_DELAYS_MS). */
export const FirstInstalmentJobData = z.object({ paymentId: z.uuid(), look: z.number().int().min(0) });
export type FirstInstalmentJobData = z.infer<typeof FirstInstalmentJobData>;

/** process-webhook: the id of our webhook_events row (a uuid, so the job id stays free of ':'). */
export const WebhookJobData = z.object({ eventId: z.uuid() });
export type WebhookJobData = z.infer<typeof WebhookJobData>;

/** send-email: the id of an outbound_emails row; the worker reads the rest from the database. */
export const EmailJobData = z.object({ emailId: z.uuid() });
export type EmailJobData = z.infer<typeof EmailJobData>;

/** refund: the id of a `refunds` row. */
export const RefundJobData = z.object({ refundId: z.uuid() });
export type RefundJobData = z.infer<typeof RefundJobData>;

/** reconcile-provider: the id of a `reconciliation_runs` row; the schedule's job has none and makes its own. */
export const ReconciliationJobData = z.object({ runId: z.uuid() });
export type ReconciliationJobData = z.infer<typeof ReconciliationJobData>;

/** Which queue each job runs on. */
export const QUEUE_OF: Record<JobName, QueueName> = {
  [JOBS.charge]: QUEUES.charges,
  [JOBS.startRecurring]: QUEUES.charges,
  [JOBS.verifyReportedCharge]: QUEUES.charges,
  [JOBS.awaitFirstInstalment]: QUEUES.charges,
  [JOBS.completePayment]: QUEUES.followUps,
  [JOBS.updateStatus]: QUEUES.followUps,
  [JOBS.recordTransaction]: QUEUES.followUps,
  [JOBS.reconcilePayments]: QUEUES.maintenance,
  [JOBS.processWebhook]: QUEUES.webhooks,
  [JOBS.pollRecurring]: QUEUES.maintenance,
  [JOBS.sendEmail]: QUEUES.email,
  [JOBS.cancelRecurring]: QUEUES.charges,
  [JOBS.refund]: QUEUES.charges,
  [JOBS.endLapsedPlans]: QUEUES.maintenance,
  [JOBS.releaseExpiredHolds]: QUEUES.maintenance,
  [JOBS.syncSettlements]: QUEUES.maintenance,
  [JOBS.reconcileProvider]: QUEUES.maintenance,
};

/**
 * Deterministic job ids (no ':' — BullMQ reserves it): publishing the same job twice, from the
 * API and again from the outbox relay, adds it once.
 */
export const jobIdOf = (job: JobName, paymentId: string) => `${job}-${paymentId}`;
/** Payload of each outbox row: a payment id, a webhook event id, an outbound e-mail id or a refund id. */
export type OutboxPayload = PaymentJobData | WebhookJobData | EmailJobData | RefundJobData | ReconciliationJobData;

/** Bounded retention: enough history to debug, never an ever-growing Redis. */
const retention = {
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 14 * 24 * 3600, count: 50_000 },
} satisfies JobsOptions;

/**
 * Transient provider failures retry with exponential backoff and jitter: 2 s, 4 s, 8 s … up to
 * ~8.5 minutes over 9 attempts. Declines throw UnrecoverableError and never retry. Payments
 * still unresolved after the last attempt are settled by the reconcile sweep.
 */
export const JOB_OPTIONS: Record<JobName, JobsOptions> = {
  [JOBS.charge]: { attempts: 9, backoff: { type: 'exponential', delay: 2000, jitter: 0.5 }, ...retention },
  [JOBS.startRecurring]: { attempts: 9, backoff: { type: 'exponential', delay: 2000, jitter: 0.5 }, ...retention },
  [JOBS.verifyReportedCharge]: {
    attempts: 9,
    backoff: { type: 'exponential', delay: 2000, jitter: 0.5 },
    ...retention,
  },
  // Only a provider that cannot answer the look-up is retried; "not visible yet" is an answer.
  [JOBS.awaitFirstInstalment]: {
    attempts: 9,
    backoff: { type: 'exponential', delay: 2000, jitter: 0.5 },
    ...retention,
  },
  [JOBS.completePayment]: { attempts: 12, backoff: { type: 'exponential', delay: 1000, jitter: 0.5 }, ...retention },
  [JOBS.updateStatus]: { attempts: 12, backoff: { type: 'exponential', delay: 1000, jitter: 0.5 }, ...retention },
  [JOBS.recordTransaction]: { attempts: 12, backoff: { type: 'exponential', delay: 1000, jitter: 0.5 }, ...retention },
  [JOBS.processWebhook]: { attempts: 9, backoff: { type: 'exponential', delay: 2000, jitter: 0.5 }, ...retention },
  // A mail server that is down for a while still gets the reset e-mail: 8 attempts over ~4 minutes.
  [JOBS.sendEmail]: { attempts: 8, backoff: { type: 'exponential', delay: 2000, jitter: 0.5 }, ...retention },
  // Provider calls like a charge: transient failures retry; the processors look before re-sending.
  [JOBS.cancelRecurring]: { attempts: 9, backoff: { type: 'exponential', delay: 2000, jitter: 0.5 }, ...retention },
  [JOBS.refund]: { attempts: 9, backoff: { type: 'exponential', delay: 2000, jitter: 0.5 }, ...retention },
  [JOBS.endLapsedPlans]: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  [JOBS.releaseExpiredHolds]: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  [JOBS.reconcilePayments]: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  [JOBS.pollRecurring]: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  [JOBS.syncSettlements]: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  // A run that fails is recorded failed and the next one covers its window again (it starts from the last success).
  [JOBS.reconcileProvider]: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
};

/**
 * How often the provider's settlement batches are copied: a batch is made about once a day and
 * transferred days later, so hourly shows a new deposit the morning it appears. An admin's refresh
 * queues the same job at once.
 */
export const SYNC_SETTLEMENTS_EVERY_MS = 60 * 60_000;

/**
 * The id of an admin's refresh: one per minute, so clicks in the same minute queue one sync
 * (adding an existing id is a no-op) and a later click queues another.
 */
export const settlementRefreshJobId = (at: Date) =>
  `${JOBS.syncSettlements}-refresh-${Math.floor(at.getTime() / 60_000)}`;

/**
 * The daily reconciliation (docs/decisions/049-reconciliation.md). It starts at
 * RECONCILE_PROVIDER_CRON, a cron pattern (UTC) rather than an interval, so a worker starting (a
 * deploy, a restart, a test) does not start a run of its own; 04:00 UTC is night in the United
 * States. Each run covers from the end of the last successful run's window, less an overlap (a
 * transaction dated just before a window's end may become visible after it), to now; the first
 * run, a day and the overlap. A window is never longer than RECONCILE_PROVIDER_MAX_WINDOW_MS, so a
 * long outage is caught up a month at a time.
 */
export const RECONCILE_PROVIDER_CRON = '0 4 * * *';
export const RECONCILE_PROVIDER_OVERLAP_MS = 3600_000;
export const RECONCILE_PROVIDER_MAX_WINDOW_MS = 31 * 24 * 3600_000;

/**
 * How often the recurring poll runs and how many plans it lists per run: instalments are monthly,
 * so a plan listed every few hours is recorded the same day even when no webhook arrives.
 */
export const POLL_RECURRING_EVERY_MS = 5 * 60_000;
export const POLL_RECURRING_BATCH = 50;

/**
 * How often expired holds are released, and how many per statement: a hold lasts minutes
 * (PLACE_HOLD_MINUTES), so a place is back on sale within a minute of its hold ending.
 */
export const RELEASE_HOLDS_EVERY_MS = 60_000;
export const RELEASE_HOLDS_BATCH = 500;

/**
 * How often the dunning sweep (end-lapsed-plans) looks for plans failing past the grace period,
 * and how many it ends per run: the grace period is days long, so an hour late is nothing, and a
 * backlog (after an outage) drains over a few runs instead of one long job (docs/decisions/018).
 */
export const END_LAPSED_PLANS_EVERY_MS = 60 * 60_000;
export const END_LAPSED_PLANS_BATCH = 100;
/**
 * A plan asked to end this long ago and still not ended, whose cancel-recurring job is gone
 * (retries used up while the provider was down), is queued again by the same sweep: a donor who
 * asked to stop must not go on being charged because one job gave up.
 */
export const CANCEL_STUCK_AFTER_MS = 30 * 60_000;

/**
 * How often the sweep runs, and how long a payment must sit unsettled before the sweep looks at
 * it. The sweep skips any payment whose job BullMQ still holds, so the threshold can be short: a
 * payment whose job is gone is picked up within about a minute and a half (docs/decisions/010).
 */
export const RECONCILE_EVERY_MS = 30_000;
export const STUCK_AFTER_MS = 60_000;
/**
 * After this long the sweep stops re-queueing a payment that the provider shows no charge for,
 * and fails it: the donor is told no charge was made rather than being left waiting.
 */
export const GIVE_UP_AFTER_MS = 60 * 60_000;

/**
 * How many times a job may be found stalled (its worker died holding it) before BullMQ fails it.
 * BullMQ's default of 1 turned two crashes in a row into a failed job with retries left. A stalled
 * charge is safe to run again, because the processor looks the charge up before sending anything
 * (docs/decisions/010), so the limit only stops a job that itself kills every worker it runs on:
 * with locks of seconds, 50 stalls is minutes of crash-looping, after which the sweep takes over.
 */
export const MAX_STALLED_COUNT = 50;

/**
 * When a new plan's first instalment is looked up, after the attempt that created the plan: one
 * look per delay, each a job of its own (firstInstalmentJobId). Pay Theory shows a new transaction
 * within moments, so the looks cover the first minute; a plan still awaiting after them is the
 * sweep's (STUCK_AFTER_MS), and its instalment's webhook settles it whenever that comes.
 */
export const FIRST_INSTALMENT_LOOK_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 16_000, 32_000];
export const firstInstalmentJobId = (paymentId: string, look: number) =>
  `${jobIdOf(JOBS.awaitFirstInstalment, paymentId)}-${look}`;

/** The charges-queue job that settles a payment of this kind. */
export function chargeJobFor(payment: { kind: string; claimedTransactionId: string | null }): JobName {
  if (payment.claimedTransactionId) return JOBS.verifyReportedCharge;
  return payment.kind === 'recurring_donation' || payment.kind === 'membership' ? JOBS.startRecurring : JOBS.charge;
}
