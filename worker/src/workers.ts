import { PUBLIC_CONFIG_DEFAULTS } from '@pillars/contracts';
import type { Database } from '@pillars/platform/db';
import {
  END_LAPSED_PLANS_EVERY_MS,
  JOBS,
  JOB_OPTIONS,
  PaymentJobData,
  type JobWorker,
  POLL_RECURRING_EVERY_MS,
  QUEUES,
  type QueueBackend,
  RECONCILE_EVERY_MS,
  RECONCILE_PROVIDER_CRON,
  RELEASE_HOLDS_EVERY_MS,
  SYNC_SETTLEMENTS_EVERY_MS,
  flushOutboxMarks,
  publishNow,
  startOutboxRelay,
} from '@pillars/platform/jobs';
import type { Limiters } from '@pillars/platform/limits';
import type { Logger } from '@pillars/platform/logger';
import type { Mailer } from '@pillars/platform/mail';
import type { CardProvider } from '@pillars/money/provider';
import { type Job, UnrecoverableError } from 'bullmq';
import { cancelRecurringProcessor } from './jobs/charges/cancel-recurring.processor';
import { chargesProcessor } from './jobs/charges/charges.processor';
import { type EmailConfig, emailProcessor } from './jobs/email/email.processor';
import { followUpsProcessor } from './jobs/follow-ups/follow-ups.processor';
import { endLapsedPlansProcessor } from './jobs/maintenance/end-lapsed-plans.processor';
import { releaseExpiredHoldsProcessor } from './jobs/maintenance/release-expired-holds.processor';
import { syncSettlementsProcessor } from './jobs/maintenance/sync-settlements.processor';
import { refundsProcessor } from './jobs/refunds/refunds.processor';
import { recurringPollProcessor } from './jobs/maintenance/recurring-poll.processor';
import { reconcilePaymentsProcessor } from './jobs/maintenance/reconcile-payments.processor';
import { reconcileProviderProcessor } from './jobs/maintenance/reconcile-provider.processor';
import { webhooksProcessor } from './jobs/webhooks/webhooks.processor';
import {
  type Decline,
  followUps,
  instalmentRecorder,
  PaymentLedger,
  paymentOutcomeMetrics,
  providerLookup,
  syncChargeDisputes,
} from '@pillars/money';
import type { Registry } from '@pillars/platform/metrics';

export interface WorkerDeps {
  db: Database;
  backend: QueueBackend;
  provider: CardProvider;
  logger: Logger;
  concurrency: number;
  /** The charges queue's concurrency (CHARGES_CONCURRENCY); default `concurrency`. */
  chargesConcurrency?: number;
  /**
   * Outbound e-mail (receipts, notices, links) and what its links and wording need, to run the
   * email queue in-process. main.ts runs it on its own thread instead (email-thread.ts); payment
   * tests that send no e-mail leave the email queue without a worker.
   */
  email?: { mailer: Mailer; site: EmailConfig };
  /** How often the outbox relay looks for jobs the API could not publish. */
  relayIntervalMs?: number;
  /**
   * The longest the provider takes to show a new charge to a lookup (PAYMENT_PROVIDER_VISIBILITY_MS;
   * docs/decisions/010). Default: the config's default, safe for Pay Theory.
   */
  visibilityWindowMs?: number;
  /** The recurring poll's schedule and batch (tests shorten the interval). */
  recurringPoll?: { everyMs?: number; batch?: number };
  /** How often the payment sweep runs (RECONCILE_EVERY_MS; tests that wait for it shorten it). */
  sweepEveryMs?: number;
  /** DUNNING_GRACE_DAYS (docs/decisions/018); default the config's default. */
  dunningGraceDays?: number;
  /** The rate limits declines are counted against (docs/decisions/026); none counted without. */
  limiters?: Limiters;
  /** Where the charge outcomes are counted (docs/decisions/029); not counted when omitted. */
  metrics?: Registry;
  /** The organisation's contact address (CONTACT_EMAIL), told when a payment is disputed. */
  contactEmail?: string;
}

/** CONTACT_EMAIL as given, else the e-mail settings', else the config's default (callers without a config). */
function contactEmailOf(deps: Pick<WorkerDeps, 'contactEmail' | 'email'>): string {
  return deps.contactEmail ?? deps.email?.site.CONTACT_EMAIL ?? PUBLIC_CONFIG_DEFAULTS.contactEmail;
}

/** PAYMENT_PROVIDER_VISIBILITY_MS's default, for callers without a config. */
const DEFAULT_VISIBILITY_WINDOW_MS = 60_000;
/** DUNNING_GRACE_DAYS's default, for callers without a config. */
const DEFAULT_DUNNING_GRACE_DAYS = 14;

export interface WorkerRuntime {
  /** Stops taking jobs, lets active ones finish, then returns. */
  stop(): Promise<void>;
  /** True while every queue's worker takes jobs and stop has not been asked (the worker's /healthz). */
  running(): boolean;
}

/**
 * A payment job's payment and the API request that created it (reqId, as the API's request line
 * names it): the ids in its data, never anything else of it.
 */
function jobIds(job: Job | undefined): { paymentId?: string; reqId?: string } {
  const data = PaymentJobData.safeParse(job?.data);
  if (!data.success) return {};
  return { paymentId: data.data.paymentId, ...(data.data.requestId ? { reqId: data.data.requestId } : {}) };
}

/**
 * What every queue's worker logs: one line per finished or failed job, never its data. A worker
 * that is stopping may lose its connections as the database or Redis goes too: expected, so at
 * debug (docs/decisions/030-process-lifecycle.md).
 */
function jobLogHandlers(logger: Logger, stopping: () => boolean = () => false) {
  return (queue: string) => ({
    onCompleted: (job: Job) =>
      logger.info(
        { queue, job: job.name, jobId: job.id, ...jobIds(job), attempts: job.attemptsMade + 1 },
        'job completed',
      ),
    onFailed: (job: Job | undefined, error: Error) =>
      logger.warn(
        {
          queue,
          job: job?.name,
          jobId: job?.id,
          ...jobIds(job),
          attemptsMade: job?.attemptsMade,
          error: error.message,
        },
        'job failed',
      ),
    onError: (error: Error) =>
      stopping()
        ? logger.debug({ queue, err: error }, 'worker error while stopping')
        : logger.error({ queue, err: error }, 'worker error'),
  });
}

/**
 * The email queue's worker. The worker process runs it on a thread of its own (email-thread.ts),
 * so rendering e-mails never delays a charge on the main event loop; tests run it in-process.
 */
export function startEmailWorker(deps: {
  db: Database;
  backend: QueueBackend;
  logger: Logger;
  concurrency: number;
  mailer: Mailer;
  site: EmailConfig;
}): JobWorker {
  const { db, backend, logger, concurrency, mailer, site } = deps;
  let stopping = false;
  const worker = backend.createWorker(QUEUES.email, emailProcessor({ db, mailer, logger, config: site }), {
    concurrency,
    ...jobLogHandlers(logger, () => stopping)(QUEUES.email),
  });
  return {
    isRunning: () => !stopping && worker.isRunning(),
    close: () => {
      stopping = true;
      return worker.close();
    },
  };
}

/** Wires one worker per queue, the outbox relay and the schedules (reconcile, recurring poll, dunning). */
export async function startWorkers(deps: WorkerDeps): Promise<WorkerRuntime> {
  const { db, backend, provider, logger, concurrency, email } = deps;
  const visibilityWindowMs = deps.visibilityWindowMs ?? DEFAULT_VISIBILITY_WINDOW_MS;
  // A success's follow-up runs in the job that charged, after the commit (docs/decisions/007).
  const ledger = new PaymentLedger(db, backend, logger, visibilityWindowMs, {
    followUp: (paymentId, succeeded) => steps.complete(paymentId, succeeded),
  });
  const followUpDeps = { db, ledger, logger, providerName: provider.name, liveMode: provider.liveMode };
  const steps = followUps(followUpDeps);
  const lookup = providerLookup({ db, provider, logger });
  const instalments = instalmentRecorder({
    db,
    ledger,
    logger,
    providerName: provider.name,
    liveMode: provider.liveMode,
  });
  const reconcile = reconcilePaymentsProcessor({ db, ledger, lookup, backend, logger, visibilityWindowMs });
  const pollRecurring = recurringPollProcessor({
    db,
    provider,
    instalments,
    logger,
    ...(deps.recurringPoll?.batch ? { batch: deps.recurringPoll.batch } : {}),
  });

  const { limiters } = deps;
  const charges = chargesProcessor({
    backend,
    ledger,
    provider,
    lookup,
    logger,
    visibilityWindowMs,
    ...(limiters
      ? {
          onDecline: async ({ payerEmail, source }: Decline) => {
            await Promise.all([
              payerEmail ? limiters.consume('declinesEmail', payerEmail.trim().toLowerCase()) : null,
              source ? limiters.consume('declinesAddress', source) : null,
            ]);
          },
        }
      : {}),
    ...(deps.metrics ? { onOutcome: paymentOutcomeMetrics(deps.metrics) } : {}),
  });
  const cancelRecurring = cancelRecurringProcessor({ db, provider, backend, logger });
  const endLapsedPlans = endLapsedPlansProcessor({
    db,
    backend,
    logger,
    graceDays: deps.dunningGraceDays ?? DEFAULT_DUNNING_GRACE_DAYS,
  });

  const releaseExpiredHolds = releaseExpiredHoldsProcessor({ db, logger });
  const syncSettlements = syncSettlementsProcessor({ db, provider, logger });
  const reconcileProvider = reconcileProviderProcessor({
    db,
    backend,
    provider,
    ledger,
    lookup,
    instalments,
    logger,
    visibilityWindowMs,
    // A dispute the run sees is recorded as a webhook's would be (docs/decisions/047-disputes.md).
    recordDispute: async ({ transactionId }) => {
      const results = await syncChargeDisputes(db, provider, transactionId, {
        foundBy: 'reconciliation',
        contactEmail: contactEmailOf(deps),
      });
      for (const result of results) {
        // The outbox relay sends what could not be queued at once.
        await publishNow(db, backend, logger, result.outboxRows).catch((error: unknown) =>
          logger.warn({ err: error, paymentId: result.paymentId }, 'jobs left to the relay'),
        );
      }
    },
  });

  let stopping = false;
  const logJob = jobLogHandlers(logger, () => stopping);

  const refund = refundsProcessor({ db, backend, provider, logger, visibilityWindowMs });
  /** The charges queue carries every provider call: ending a plan and refunds beside the charges. */
  const providerCall = (job: Job) => {
    if (job.name === JOBS.cancelRecurring) return cancelRecurring(job);
    if (job.name === JOBS.refund) return refund(job);
    return charges(job);
  };
  const workers = [
    backend.createWorker(QUEUES.charges, providerCall, {
      concurrency: deps.chargesConcurrency ?? concurrency,
      ...logJob(QUEUES.charges),
    }),
    backend.createWorker(QUEUES.followUps, followUpsProcessor(followUpDeps), {
      concurrency,
      ...logJob(QUEUES.followUps),
    }),
    backend.createWorker(
      QUEUES.webhooks,
      webhooksProcessor({ db, backend, provider, instalments, logger, contactEmail: contactEmailOf(deps) }),
      { concurrency, ...logJob(QUEUES.webhooks) },
    ),
    backend.createWorker(
      QUEUES.maintenance,
      (job: Job) => {
        if (job.name === JOBS.pollRecurring) return pollRecurring();
        if (job.name === JOBS.reconcilePayments) return reconcile();
        if (job.name === JOBS.endLapsedPlans) return endLapsedPlans();
        if (job.name === JOBS.releaseExpiredHolds) return releaseExpiredHolds();
        if (job.name === JOBS.syncSettlements) return syncSettlements();
        if (job.name === JOBS.reconcileProvider) return reconcileProvider(job);
        // A job this worker does not know (a typo, a newer release's job) must not run the sweep.
        throw new UnrecoverableError(`unknown maintenance job ${job.name}`);
      },
      {
        concurrency: 1,
        ...logJob(QUEUES.maintenance),
      },
    ),
  ];
  if (email) workers.push(startEmailWorker({ db, backend, logger, concurrency, ...email }));
  await backend
    .queue(QUEUES.maintenance)
    .upsertScheduler(
      JOBS.reconcilePayments,
      deps.sweepEveryMs ?? RECONCILE_EVERY_MS,
      JOBS.reconcilePayments,
      JOB_OPTIONS[JOBS.reconcilePayments],
    );
  await backend
    .queue(QUEUES.maintenance)
    .upsertScheduler(
      JOBS.pollRecurring,
      deps.recurringPoll?.everyMs ?? POLL_RECURRING_EVERY_MS,
      JOBS.pollRecurring,
      JOB_OPTIONS[JOBS.pollRecurring],
    );
  await backend
    .queue(QUEUES.maintenance)
    .upsertScheduler(
      JOBS.endLapsedPlans,
      END_LAPSED_PLANS_EVERY_MS,
      JOBS.endLapsedPlans,
      JOB_OPTIONS[JOBS.endLapsedPlans],
    );
  await backend
    .queue(QUEUES.maintenance)
    .upsertScheduler(
      JOBS.releaseExpiredHolds,
      RELEASE_HOLDS_EVERY_MS,
      JOBS.releaseExpiredHolds,
      JOB_OPTIONS[JOBS.releaseExpiredHolds],
    );
  await backend
    .queue(QUEUES.maintenance)
    .upsertScheduler(
      JOBS.syncSettlements,
      SYNC_SETTLEMENTS_EVERY_MS,
      JOBS.syncSettlements,
      JOB_OPTIONS[JOBS.syncSettlements],
    );
  await backend
    .queue(QUEUES.maintenance)
    .upsertScheduler(
      JOBS.reconcileProvider,
      { pattern: RECONCILE_PROVIDER_CRON },
      JOBS.reconcileProvider,
      JOB_OPTIONS[JOBS.reconcileProvider],
    );
  const relay = startOutboxRelay({
    db,
    backend,
    logger,
    ...(deps.relayIntervalMs ? { intervalMs: deps.relayIntervalMs } : {}),
  });

  return {
    running: () => !stopping && workers.every((worker) => worker.isRunning()),
    async stop() {
      stopping = true;
      await relay.stop();
      await Promise.all(workers.map((worker) => worker.close()));
      // Follow-ups published by the last charges are marked now, so the relay does not send them again.
      await flushOutboxMarks(db);
    },
  };
}
