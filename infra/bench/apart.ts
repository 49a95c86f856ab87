/**
 * The payments bench's apart phase: each tier on its own, as when the API and the workers run on
 * machines of their own. The charges queue is paused while the load client submits (so the API
 * and the database serve only the accepts), then resumed, and the worker charges the backlog with
 * the API idle. Each part is timed here (by polling the ledger as the observer), and each part's
 * process is measured alone: the API's CPU (from /proc) and profile over the accepts, the worker's
 * over the charges and their follow-ups.
 */
import { performance } from 'node:perf_hooks';
import { QUEUES, createQueueBackend } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import type pg from 'pg';
import { type Child } from './children';
import { BenchFailure, progress, sleep } from './common';
import { type Infra } from './infrastructure';
import { type BenchOptions } from './options';
import { ClientReply } from './protocol';
import { type ApartResult, type Progress } from './report';

type Tier = 'api' | 'worker';

export interface ApartContext {
  options: BenchOptions;
  infra: Infra;
  observer: pg.Pool;
  client: Child;
  /** Every payment of the run so far; the phase's are appended. */
  paymentIds: string[];
  signal: AbortSignal;
  /** A tier's CPU ms so far (/proc); undefined where /proc cannot tell. */
  cpuMsOf: (tier: Tier) => number | undefined;
  /** Starts or stops (and writes, as `apart-<tier>.cpuprofile`) one tier's profile; nothing without --cpu-prof. */
  profile: (tier: Tier, command: { type: 'profile-start' } | { type: 'profile-stop'; phase: 'apart' }) => Promise<void>;
  waitForFollowUps: (expected: number) => Promise<{ doneAfterMs: number | undefined; state: Progress }>;
}

/** CPU ms a tier used while `part` ran, profiled as that tier's part of the apart phase. */
async function measured<T>(
  context: ApartContext,
  tier: Tier,
  part: () => Promise<T>,
): Promise<{ result: T; cpuMs: number | undefined }> {
  await context.profile(tier, { type: 'profile-start' });
  const before = context.cpuMsOf(tier);
  const result = await part();
  const after = context.cpuMsOf(tier);
  await context.profile(tier, { type: 'profile-stop', phase: 'apart' });
  return { result, cpuMs: before === undefined || after === undefined ? undefined : after - before };
}

export async function measureApart(context: ApartContext): Promise<ApartResult> {
  const { options, infra, observer, client, paymentIds, signal } = context;
  progress(`apart: ${options.donations} donations from ${options.concurrency} clients with the charges queue paused`);
  const queues = await createQueueBackend({
    databaseUrl: infra.databaseUrl,
    redisUrl: infra.redisUrl,
    prefix: infra.prefix,
    logger: createLogger({ level: 'silent' }),
  });
  try {
    const charges = queues.bullQueue(QUEUES.charges);
    await charges.pause();
    const accepts = await measured(context, 'api', () =>
      client.request(
        { type: 'accept', donations: options.donations, concurrency: options.concurrency },
        ClientReply,
        signal,
      ),
    );
    const reply = accepts.result;
    if (reply.type === 'failed') throw new BenchFailure(`load client: ${reply.message}`);
    if (reply.type !== 'accepted') throw new BenchFailure(`load client answered ${reply.type}`);
    paymentIds.push(...reply.paymentIds);
    progress('apart: all accepted; resuming the charges queue');
    const resumedAt = performance.now();
    const charged = await measured(context, 'worker', async () => {
      await charges.resume();
      for (;;) {
        const { rows } = await observer.query<{ settled: number }>(
          `SELECT count(*)::int AS settled FROM payments WHERE id = ANY($1::uuid[]) AND state IN ('succeeded', 'failed')`,
          [reply.paymentIds],
        );
        if ((rows[0]?.settled ?? 0) >= reply.paymentIds.length) break;
        if (performance.now() - resumedAt > options.graceMs + 60_000) {
          throw new BenchFailure(`apart: payments still unsettled ${options.graceMs / 1000 + 60} s after resuming`);
        }
        await sleep(10, signal);
      }
      const chargeMs = performance.now() - resumedAt;
      return { chargeMs, followUps: await context.waitForFollowUps(paymentIds.length) };
    });
    const { chargeMs, followUps } = charged.result;
    return {
      payments: reply.paymentIds.length,
      acceptMs: reply.lastAcceptedAt - reply.firstSentAt,
      acceptLatencies: reply.acceptMs,
      chargeMs,
      followUpsMs: followUps.doneAfterMs,
      state: followUps.state,
      expected: paymentIds.length,
      cpuMs: { api: accepts.cpuMs, worker: charged.cpuMs },
    };
  } finally {
    await queues.close();
  }
}
