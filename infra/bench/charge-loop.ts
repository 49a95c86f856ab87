/**
 * The worker's money path alone: N donations' payments, queued as the outbox relay would queue
 * them, charged by the real workers (startWorkers: charges and follow-ups) through the real
 * Pay Theory adapter against the sandbox, on real PostgreSQL and Redis; beside it, in the same
 * run on the same servers, the floor: N no-op BullMQ jobs on a Worker of the same concurrency.
 * For profiling the CPU of a charge (run it under `node --cpu-prof`) and for counting charges/s
 * without the API in the way.
 *
 *   node --import tsx infra/bench/charge-loop.ts [--payments N] [--worker-concurrency W]
 *     [--provider-latency MS] [--profile FILE]
 *
 * `--profile FILE` writes a V8 CPU profile of the timed phase only (charges and follow-ups, not the
 * set-up), to open in Chrome DevTools or any .cpuprofile viewer.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDatabase, donations, payments, runMigrations, transactions } from '@pillars/platform/db';
import { JOBS, JOB_OPTIONS, QUEUES, createQueueBackend, jobIdOf } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { createPayTheoryProvider } from '@pillars/money/provider';
import { startWorkers } from '@pillars/worker/workers';
import { Queue, Worker } from 'bullmq';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { startSandboxProvider } from '@pillars/sandbox-provider/server';
import { provideTestPostgres, withDatabase } from '@pillars/testing/postgres';
import { provideTestRedis } from '@pillars/testing/redis';
import { dropDatabase } from '@pillars/testing/template-database';

const { values } = parseArgs({
  options: {
    payments: { type: 'string' },
    'worker-concurrency': { type: 'string' },
    'provider-latency': { type: 'string' },
    profile: { type: 'string' },
  },
});
const N = Number(values.payments ?? 300);
const CONCURRENCY = Number(values['worker-concurrency'] ?? 8);
/** Milliseconds the sandbox waits before answering each request, as a remote provider would. */
const PROVIDER_LATENCY_MS = Number(values['provider-latency'] ?? 0);
const SANDBOX = { merchantUid: 'loop-merchant', secretKey: 'loop-secret', publicApiKey: 'loop-public-key' };
const silent = createLogger({ level: 'silent' });
const say = (message: string) => process.stderr.write(`[charge-loop] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * CPU time (ms) of this process's descendants by command (the embedded PostgreSQL's backends,
 * redis-server), from /proc; empty where /proc is not there or the servers are not our children.
 */
function childCpuMs(): Map<string, number> {
  const byCommand = new Map<string, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return byCommand;
  }
  const stats = new Map<number, { ppid: number; command: string; ms: number }>();
  for (const pid of entries) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const command = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // Fields after the command: state ppid … utime (12th) stime (13th), in clock ticks (100 Hz).
      const ms = (Number(fields[11]) + Number(fields[12])) * 10;
      stats.set(Number(pid), { ppid: Number(fields[1]), command, ms });
    } catch {
      // The process ended meanwhile.
    }
  }
  for (const [pid, stat] of stats) {
    let ancestor = stat.ppid;
    while (ancestor > 1 && ancestor !== process.pid) ancestor = stats.get(ancestor)?.ppid ?? 0;
    if (ancestor !== process.pid || pid === process.pid) continue;
    const command = stat.command.startsWith('postgres') ? 'postgres' : stat.command;
    byCommand.set(command, (byCommand.get(command) ?? 0) + stat.ms);
  }
  return byCommand;
}

const postgres = await provideTestPostgres();
const name = `loop_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const admin = new pg.Client({ connectionString: postgres.adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const databaseUrl = withDatabase(postgres.adminUrl, name);
const database = createDatabase(databaseUrl, { max: 10 });
await runMigrations(database.pool);
const redisDir = await mkdtemp(join(tmpdir(), 'pillars-loop-redis-'));
const redis = await provideTestRedis(redisDir);
const sandbox = await startSandboxProvider({ ...SANDBOX, host: '127.0.0.1', visibilityDelayMs: 300 });
const provider = createPayTheoryProvider({
  graphqlUrl: sandbox.graphqlUrl,
  merchantUid: SANDBOX.merchantUid,
  secretKey: SANDBOX.secretKey,
  liveMode: false,
});
const prefix = `loop${randomUUID().slice(0, 8)}`;
const backend = await createQueueBackend({ redisUrl: redis.url, databaseUrl, prefix, logger: silent });

try {
  say(`tokenizing and inserting ${N} payments (not timed)`);
  const ids: string[] = [];
  for (let i = 0; i < N; i += 1) {
    const payor = { firstName: 'Ada', lastName: 'Lovelace', email: `ada+${i}@example.org` };
    const token = await provider.tokenizeCard(
      { number: '4111111111111111', securityCode: '123', expMonth: '12', expYear: '2035', postalCode: '19106' },
      payor,
    );
    if (token.status !== 'tokenized') throw new Error('sandbox refused the card');
    const [donation] = await database.db
      .insert(donations)
      .values({ ...payor, amount: '25.00', paymentMethod: 'card' })
      .returning({ id: donations.id });
    const id = randomUUID();
    await database.db.insert(payments).values({
      id,
      kind: 'donation',
      recordId: donation?.id ?? '',
      amountCents: 2500,
      paymentMethodToken: token.paymentMethodId,
      idempotencyKey: `pay_${id.replace(/-/g, '')}`,
    });
    ids.push(id);
  }

  const runtime = await startWorkers({
    db: database.db,
    backend,
    provider,
    logger: silent,
    concurrency: CONCURRENCY,
    visibilityWindowMs: 2000,
  });
  sandbox.setFaults({ latencyMs: PROVIDER_LATENCY_MS });
  const profiler = values.profile ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const cpuBefore = process.cpuUsage();
  const childrenBefore = childCpuMs();
  const started = performance.now();
  const charges = new Queue(QUEUES.charges, { connection: { url: redis.url }, prefix });
  await charges.addBulk(
    ids.map((id) => ({
      name: JOBS.charge,
      data: { paymentId: id },
      opts: { ...JOB_OPTIONS[JOBS.charge], jobId: jobIdOf(JOBS.charge, id) },
    })),
  );
  let chargedMs = 0;
  for (;;) {
    const [settled] = await database.db.select({ n: count() }).from(payments).where(eq(payments.state, 'succeeded'));
    if (!chargedMs && settled?.n === N) chargedMs = performance.now() - started;
    const [recorded] = await database.db.select({ n: count() }).from(transactions);
    if (recorded?.n === N) break;
    await sleep(100);
  }
  const doneMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const childrenAfter = childCpuMs();
  if (profiler && values.profile) {
    const { profile } = await profiler.post('Profiler.stop');
    await writeFile(values.profile, JSON.stringify(profile));
    profiler.disconnect();
  }
  await runtime.stop();
  await charges.close();

  say(`floor: ${N} no-op jobs`);
  const noop = new Queue('loop-noop', { connection: { url: redis.url }, prefix });
  await noop.addBulk(Array.from({ length: N }, (_, i) => ({ name: 'noop', data: { i } })));
  let completed = 0;
  const floorStarted = performance.now();
  const finished = new Promise<void>((resolve) => {
    const worker = new Worker('loop-noop', () => Promise.resolve(), {
      connection: { url: redis.url, maxRetriesPerRequest: null },
      prefix,
      concurrency: CONCURRENCY,
    });
    worker.on('completed', () => {
      completed += 1;
      if (completed === N) void worker.close().then(resolve);
    });
  });
  await finished;
  const floorMs = performance.now() - floorStarted;
  await noop.close();

  const charged = (N * 1000) / chargedMs;
  const floor = (N * 1000) / floorMs;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  process.stdout.write(
    [
      `payments ${N}, worker concurrency ${CONCURRENCY}, provider latency ${PROVIDER_LATENCY_MS} ms, one process (workers + sandbox + this loop)`,
      `charges/s (all succeeded)        ${charged.toFixed(1)}`,
      `payments/s incl. follow-ups      ${((N * 1000) / doneMs).toFixed(1)}`,
      `no-op jobs/s (floor)             ${floor.toFixed(1)}`,
      `charges/s ÷ floor                ${(charged / floor).toFixed(3)}`,
      `process CPU per payment          ${(cpuMs / N).toFixed(2)} ms (${((cpuMs / doneMs) * 100).toFixed(0)} % of one core)`,
      ...[...childrenAfter].map(
        ([command, ms]) =>
          `${`${command} CPU per payment`.padEnd(33)}${((ms - (childrenBefore.get(command) ?? 0)) / N).toFixed(2)} ms`,
      ),
      '',
    ].join('\n'),
  );
} finally {
  await backend.close();
  await sandbox.close();
  await database.close();
  await dropDatabase(postgres.adminUrl, name).catch(() => undefined);
  await redis.stop();
  await rm(redisDir, { recursive: true, force: true });
  await postgres.stop();
}
