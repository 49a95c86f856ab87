/**
 * The payments benchmark's figures: one table of targets beside the floor of the same run, then
 * each phase's detail, CPU time per payment of each process, and where the SQL round trips go.
 */
import { arch, cpus, platform, release, totalmem } from 'node:os';
import { perSecond, percentile } from './common';
import { type Infra, type StatementCount } from './infrastructure';
import { type BenchOptions } from './options';
import { type PhaseTimings } from './protocol';

export interface Progress {
  payments: number;
  succeeded: number;
  failed: number;
  pending: number;
  completed: number;
  transactions: number;
  transacted: number;
  unpublished: number;
}

export interface PhaseResult {
  phase: 'burst' | 'idle' | 'steady';
  payments: number;
  timings: PhaseTimings;
  /** From the last answer to the load client until every follow-up was done; undefined: not within the grace period. */
  followUpsMs: number | undefined;
  state: Progress;
  /** Payments in the database expected by then (all phases so far, warm-up included). */
  expected: number;
  statements: StatementCount | { unavailable: string };
  /** CPU ms each process used from the phase's start until its follow-ups were done. */
  cpuMs: Record<string, number | undefined>;
  /** Event-loop utilisation (0…1) of the API, the worker and the sandbox over the same span. */
  elu: Record<string, number>;
  wallMs: number;
}

/** The apart phase: the API accepting with the charges queue paused, then the worker charging that backlog alone. */
export interface ApartResult {
  payments: number;
  /** First POST → last 202, in the load client. */
  acceptMs: number;
  acceptLatencies: number[];
  /** Queue resumed → every payment of the phase settled, in the orchestrator. */
  chargeMs: number;
  followUpsMs: number | undefined;
  state: Progress;
  expected: number;
  /** CPU ms of the API over its accepts, and of the worker from the resume until the follow-ups were done (/proc). */
  cpuMs: { api: number | undefined; worker: number | undefined };
}

/** A tier's CPU ms per payment in the apart phase; null when it was not run or /proc could not tell. */
export function apartCpuPerPayment(apart: ApartResult | undefined, tier: 'api' | 'worker'): number | null {
  const used = apart?.cpuMs[tier];
  return apart && used !== undefined && apart.payments > 0 ? used / apart.payments : null;
}

export interface LedgerResult {
  payments: number;
  charges: number;
  missing: number;
  duplicated: number;
  failedCharges: number;
  ok: boolean;
}

export interface FloorResult {
  insertAddMs: number;
  noopAddMs: number;
  noopProcessMs: number;
}

export interface BenchResults {
  options: BenchOptions;
  infra: Infra;
  apart: ApartResult | undefined;
  phases: PhaseResult[];
  ledger: LedgerResult;
  floor: FloorResult | undefined;
  tokenizeMs: number;
  tokens: number;
  warmUp: number;
  layout: Record<string, number | undefined>;
}

export interface Target {
  name: string;
  /** The figure as printed, with what it was computed from. */
  figure: string;
  /** The number compared with the goal; null when it could not be measured. */
  value: number | null;
  goal: string;
  /** null: not measured in this run, or not a target for this queue backend (see `note`). */
  met: boolean | null;
  note: string;
  /** Whether a value meets the goal, and whether the goal applies to this run's queue backend. */
  pass: (value: number) => boolean;
  applies: boolean;
}

/** The processes whose CPU is the app's cost of a payment (the load client and the sandbox are not). */
export const APP_PROCESSES = ['api', 'worker', 'postgres', 'redis'] as const;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rate = (value: number) => `${value.toFixed(1)}/s`;
const sec = (value: number) => `${(value / 1000).toFixed(2)} s`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** The figures each phase yields, from the load client's raw timings. */
export function phaseFigures(result: PhaseResult) {
  const { samples, firstSentAt, lastAcceptedAt, lastSettledAt } = result.timings;
  const succeeded = samples.filter((s) => s.state === 'succeeded').length;
  const firstDueAt = samples.reduce((first, s) => Math.min(first, s.dueAt), firstSentAt);
  const fromDue = sorted(samples.map((s) => s.settledAt - s.dueAt));
  const fromSend = sorted(samples.map((s) => s.settledAt - s.sentAt));
  const accepts = sorted(samples.map((s) => s.acceptedAt - s.sentAt));
  const statementsPerPayment =
    'calls' in result.statements && result.payments > 0 ? result.statements.calls / result.payments : null;
  return {
    succeeded,
    failed: samples.length - succeeded,
    submitMs: lastAcceptedAt - firstSentAt,
    settleMs: lastSettledAt - firstSentAt,
    acceptedRate: perSecond(samples.length, lastAcceptedAt - firstSentAt),
    chargeRate: perSecond(succeeded, lastSettledAt - firstSentAt),
    /** Open loop: accepted per second from the first due arrival to the last 202. */
    achievedRate: perSecond(samples.length, lastAcceptedAt - firstDueAt),
    maxLagMs: samples.reduce((max, s) => Math.max(max, s.sentAt - s.dueAt), 0),
    fromDue,
    fromSend,
    accepts,
    statementsPerPayment,
  };
}

export function targets(results: BenchResults): Target[] {
  const { options, floor } = results;
  const redis = options.queues === 'redis';
  const phase = (name: PhaseResult['phase']) => results.phases.find((p) => p.phase === name);
  const burst = phase('burst');
  const idle = phase('idle');
  const steady = phase('steady');
  const notRun = (what: string) => `not measured: ${what} not in --phases`;
  const redisOnly = redis ? '' : 'a target for the Redis backend; shown for comparison';
  const judge = (value: number | null, ok: (v: number) => boolean, applies: boolean) =>
    value === null || !Number.isFinite(value) || !applies ? null : ok(value);
  const list: Target[] = [];
  const add = (target: Omit<Target, 'met'>) =>
    list.push({ ...target, met: judge(target.value, target.pass, target.applies) });
  /** A time in ms that must not exceed `limit`: a target of the Redis backend. */
  const atMost = (name: string, value: number | null, limit: number, note: string) =>
    add({
      name,
      figure: value === null ? 'n/a' : ms(value),
      value,
      goal: `≤ ${limit} ms`,
      pass: (v) => v <= limit,
      applies: redis,
      note,
    });

  const insertFloor = floor ? perSecond(options.donations, floor.insertAddMs) : Number.NaN;
  const noopFloor = floor ? perSecond(options.donations, floor.noopProcessMs) : Number.NaN;
  const b = burst ? phaseFigures(burst) : undefined;
  // Each tier against its own floor: from the apart phase when it ran (the API and the worker each
  // with the machine to themselves, as the floors had it), else from the burst, where all compete.
  const { apart } = results;
  const tiers = apart
    ? {
        from: 'apart',
        accepted: perSecond(apart.payments, apart.acceptMs),
        charges: perSecond(apart.payments, apart.chargeMs),
      }
    : b
      ? { from: 'burst', accepted: b.acceptedRate, charges: b.chargeRate }
      : undefined;
  const tiersNote = !tiers ? notRun('apart or burst') : !floor ? notRun('floor') : `${tiers.from} phase`;
  /** A tier's rate against its floor, at least `goal`. */
  const atLeastOfFloor = (
    name: string,
    tier: number | undefined,
    floorRate: number,
    goal: number,
    note: string,
    applies = true,
  ) => {
    const value = tier !== undefined && floor ? tier / floorRate : null;
    add({
      name,
      figure: value === null || tier === undefined ? 'n/a' : `${rate(tier)} ÷ ${rate(floorRate)} = ${value.toFixed(3)}`,
      value,
      goal: `≥ ${goal.toFixed(2)}`,
      pass: (v) => v >= goal,
      applies,
      note,
    });
  };
  atLeastOfFloor('accepted/s ÷ INSERT + queue.add floor', tiers?.accepted, insertFloor, 0.25, tiersNote);
  atLeastOfFloor(
    'charges/s ÷ no-op job floor',
    tiers?.charges,
    noopFloor,
    0.1,
    [tiersNote, redisOnly].filter(Boolean).join('; '),
    redis,
  );
  atMost(
    'API CPU per accepted donation (apart)',
    apartCpuPerPayment(apart, 'api'),
    2,
    !apart ? notRun('apart') : redisOnly,
  );
  {
    const value = b?.statementsPerPayment ?? null;
    const unavailable = burst && 'unavailable' in burst.statements ? burst.statements.unavailable : '';
    add({
      name: 'SQL statements per payment (burst, with follow-ups)',
      figure: value === null ? 'n/a' : value.toFixed(2),
      value,
      goal: '≤ 12',
      pass: (v) => v <= 12,
      applies: redis,
      note: !burst ? notRun('burst') : unavailable || redisOnly,
    });
  }
  {
    // What the app's side costs per payment in the burst: its two processes and its two servers.
    const parts = burst ? APP_PROCESSES.map((name) => burst.cpuMs[name]) : [];
    const value =
      burst && parts.every((part) => part !== undefined) && burst.payments > 0
        ? parts.reduce((sum: number, part) => sum + (part ?? 0), 0) / burst.payments
        : null;
    atMost(
      'app CPU per payment (burst: API + worker + PostgreSQL + Redis)',
      value,
      8,
      !burst ? notRun('burst') : redisOnly,
    );
  }
  {
    const i = idle ? phaseFigures(idle) : undefined;
    const value = i ? percentile(i.fromSend, 50) : null;
    atMost('idle: submit → succeeded p50', value, 15, !idle ? notRun('idle') : redisOnly);
  }
  {
    const s = steady ? phaseFigures(steady) : undefined;
    const value = s ? percentile(s.fromDue, 95) : null;
    const offered = `${options.rate}/s for ${options.durationS} s`;
    const atTarget = options.rate === 100 && options.durationS === 60;
    const steadyNote = [redisOnly, atTarget ? '' : 'the target is for 100/s for 60 s'].filter(Boolean).join('; ');
    atMost(`steady ${offered}: submit → succeeded p95`, value, 250, !steady ? notRun('steady') : steadyNote);
    const left = steady ? steady.followUpsMs === undefined : null;
    add({
      name: `steady ${offered}: nothing left behind`,
      figure:
        left === null || !steady
          ? 'n/a'
          : left
            ? `NO after ${sec(options.graceMs)}`
            : `yes, ${sec(steady.followUpsMs ?? 0)} after the last answer`,
      value: left === null ? null : left ? 0 : 1,
      goal: 'all settled',
      pass: (v) => v === 1,
      applies: redis,
      note: !steady ? notRun('steady') : redisOnly,
    });
  }
  return list;
}

function table(headers: string[], rows: string[][], rightAligned: number[] = []): string {
  const all = [headers, ...rows];
  const widths = headers.map((_, col) => Math.max(...all.map((row) => (row[col] ?? '').length)));
  const line = (row: string[]) =>
    `| ${widths
      .map((w, col) => (rightAligned.includes(col) ? (row[col] ?? '').padStart(w) : (row[col] ?? '').padEnd(w)))
      .join(' | ')} |`;
  const rule = `|${widths.map((w, col) => (rightAligned.includes(col) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

const verdict = (met: boolean | null) => (met === null ? '—' : met ? 'met' : 'not met');

function phaseRows(results: BenchResults, result: PhaseResult): string[][] {
  const f = phaseFigures(result);
  const followUps =
    result.followUpsMs === undefined
      ? `NOT done within ${sec(results.options.graceMs)}: ${JSON.stringify(result.state)}`
      : `done ${sec(result.followUpsMs)} after the last answer (${result.expected} payments so far: all succeeded, donations completed, one transaction each, outbox empty)`;
  const sql =
    'calls' in result.statements
      ? `${result.statements.calls} statements, ${f.statementsPerPayment?.toFixed(2)} per payment`
      : `n/a: ${result.statements.unavailable}`;
  const rows: string[][] = [];
  if (result.phase === 'burst') {
    rows.push(
      [
        'burst',
        'accepted',
        `${rate(f.acceptedRate)}`,
        `${result.payments} × 202 in ${sec(f.submitMs)}; POST p50 ${ms(percentile(f.accepts, 50))}, p99 ${ms(percentile(f.accepts, 99))}`,
      ],
      [
        '',
        'charges',
        `${rate(f.chargeRate)}`,
        `first POST → last succeeded ${sec(f.settleMs)}; ${f.succeeded} succeeded, ${f.failed} failed`,
      ],
      [
        '',
        'submit → succeeded',
        `${ms(percentile(f.fromSend, 50))}`,
        `p50; p95 ${ms(percentile(f.fromSend, 95))}, p99 ${ms(percentile(f.fromSend, 99))}, max ${ms(f.fromSend.at(-1) ?? Number.NaN)}`,
      ],
    );
  } else if (result.phase === 'idle') {
    rows.push([
      'idle',
      'submit → succeeded',
      `${ms(percentile(f.fromSend, 50))}`,
      `p50 of ${result.payments} one at a time; p95 ${ms(percentile(f.fromSend, 95))}, max ${ms(f.fromSend.at(-1) ?? Number.NaN)}; POST p50 ${ms(percentile(f.accepts, 50))}`,
    ]);
  } else {
    rows.push(
      [
        'steady',
        'offered / achieved',
        `${rate(results.options.rate)} / ${rate(f.achievedRate)}`,
        `${result.payments} arrivals on a fixed timetable; sent at most ${ms(f.maxLagMs)} late; ${f.succeeded} succeeded, ${f.failed} failed`,
      ],
      [
        '',
        'submit → succeeded',
        `${ms(percentile(f.fromDue, 95))}`,
        `p95 from the due time; p50 ${ms(percentile(f.fromDue, 50))}, p99 ${ms(percentile(f.fromDue, 99))}, max ${ms(f.fromDue.at(-1) ?? Number.NaN)}; from the actual send p95 ${ms(percentile(f.fromSend, 95))}`,
      ],
    );
  }
  rows.push(
    ['', 'follow-ups', '', followUps],
    ['', 'SQL', f.statementsPerPayment === null ? 'n/a' : f.statementsPerPayment.toFixed(2), sql],
  );
  return rows;
}

const cpuFigure = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} ms`);

function apartRows(results: BenchResults): string[][] {
  const { apart } = results;
  if (!apart) return [];
  const latencies = sorted(apart.acceptLatencies);
  const followUps =
    apart.followUpsMs === undefined
      ? `NOT done within ${sec(results.options.graceMs)}: ${JSON.stringify(apart.state)}`
      : `done ${sec(apart.followUpsMs)} after the last charge (${apart.expected} payments so far: all succeeded, donations completed, one transaction each, outbox empty)`;
  return [
    [
      'apart',
      'accepted, API alone',
      rate(perSecond(apart.payments, apart.acceptMs)),
      `${apart.payments} × 202 in ${sec(apart.acceptMs)} with the charges queue paused; POST p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`,
    ],
    ['', 'API CPU per accepted donation', cpuFigure(apartCpuPerPayment(apart, 'api')), 'over the accepts; /proc'],
    [
      '',
      'charges, worker alone',
      rate(perSecond(apart.payments, apart.chargeMs)),
      `queue resumed → all ${apart.payments} settled ${sec(apart.chargeMs)}, the API idle`,
    ],
    [
      '',
      'worker CPU per payment',
      cpuFigure(apartCpuPerPayment(apart, 'worker')),
      'queue resumed → follow-ups done; /proc',
    ],
    ['', 'follow-ups', '', followUps],
  ];
}

/**
 * One line per statement that still tells them apart: column and value lists are elided, since
 * Drizzle names every column and the table, the WHERE and ON CONFLICT clauses are what differ.
 */
export function normaliseQuery(query: string, width: number): string {
  const flat = query
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^select (?!.* from .* from )(.{40,}?) from /i, 'select … from ')
    .replace(/^(insert into \S+) \([^)]*\) values \([^)]*\)(?:, \([^)]*\))*/i, '$1 (…) values (…)')
    .replace(/^(update \S+ set )(.{40,}?) where /i, '$1… where ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

export function render(results: BenchResults): string[] {
  const { options, infra, floor, ledger } = results;
  const N = options.donations;
  const cpu = cpus();
  const lines: string[] = [
    '',
    'Payments benchmark — separate processes: the load client, the API (node --import tsx api/src/server.ts), the',
    'worker (worker/src/main.ts) and the sandbox provider (infra/sandbox-provider/main.ts) each run on their own; the',
    'orchestrator only starts, watches and counts. PostgreSQL and Redis are separate servers. All traffic on 127.0.0.1.',
    '',
    `machine     ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()} ${arch()}, Node ${process.version}`,
    `processes   ${Object.entries(results.layout)
      .map(([name, pid]) => `${name} ${pid ?? '(not ours)'}`)
      .join(', ')}`,
    `parameters  apart and burst ${N} donations × ${options.concurrency} clients; idle ${options.idle}; steady ${options.rate}/s × ${options.durationS} s; queues=${options.queues}; worker-concurrency=${options.workerConcurrency}`,
    `            DATABASE_POOL_MAX per pool (API, worker) as the app's default; $25.00 per donation; ${results.warmUp} warm-up donations first;`,
    `            ${results.tokens} card tokens made untimed in ${sec(results.tokenizeMs)} and reused round-robin; sandbox visibility delay 300 ms, worker window 2 s`,
    `infra       PostgreSQL ${infra.postgresVersion} (${infra.postgresSource}); queues on ${options.queues === 'redis' ? `Redis ${infra.redisVersion} (${infra.redisSource}, AOF on, noeviction)` : 'BullMQ PostgreSQL backend (same server)'}`,
    '',
    `Targets (${options.queues} backend; the machine is shared, so figures are noisy: compare with the floor of the same run)`,
    '',
    table(
      ['target', 'figure', 'goal', 'result', 'note'],
      targets(results).map((t) => [t.name, t.figure, t.goal, verdict(t.met), t.note]),
    ),
    '',
    table(
      ['phase', 'measure', 'value', 'detail'],
      [...apartRows(results), ...results.phases.flatMap((p) => phaseRows(results, p))],
      [2],
    ),
    '',
  ];
  if (floor) {
    lines.push(
      table(
        ['floor (after the app stopped, own process)', 'value', 'detail'],
        [
          [
            'INSERT + queue.add',
            rate(perSecond(N, floor.insertAddMs)),
            `${N} × (one-row INSERT, then add), ${options.concurrency} loops, ${sec(floor.insertAddMs)}`,
          ],
          [
            'no-op jobs processed',
            rate(perSecond(N, floor.noopProcessMs)),
            `${N} jobs, worker concurrency ${options.workerConcurrency}, start → all completed ${sec(floor.noopProcessMs)}`,
          ],
          [
            'no-op jobs addBulk',
            rate(perSecond(N, floor.noopAddMs)),
            `before the worker started, ${sec(floor.noopAddMs)}`,
          ],
        ],
        [1],
      ),
      '',
    );
  }
  const names = Object.keys(results.phases[0]?.cpuMs ?? {});
  if (names.length > 0) {
    lines.push(
      table(
        ['CPU ms per payment', ...results.phases.map((p) => p.phase)],
        names.map((name) => [
          name,
          ...results.phases.map((p) => {
            const used = p.cpuMs[name];
            if (used === undefined) return 'n/a';
            return `${(used / p.payments).toFixed(2)} (${((used / p.wallMs) * 100).toFixed(0)} % of a core)`;
          }),
        ]),
        results.phases.map((_, i) => i + 1),
      ),
      '  from each phase’s first request until its follow-ups were done; /proc (Redis: INFO cpu); PostgreSQL: postmaster and backends',
      '',
      table(
        ['event-loop utilisation', ...results.phases.map((p) => p.phase)],
        Object.keys(results.phases[0]?.elu ?? {}).map((name) => [
          name,
          ...results.phases.map((p) => `${((p.elu[name] ?? Number.NaN) * 100).toFixed(0)} %`),
        ]),
        results.phases.map((_, i) => i + 1),
      ),
      '  the same span, from a probe preloaded into each process (elu-probe.ts); near 100 % the process is the bottleneck',
      '',
    );
  }
  const burst = results.phases.find((p) => p.phase === 'burst');
  if (burst && 'top' in burst.statements) {
    lines.push(
      table(
        ['per payment', 'top statements in the burst (pg_stat_statements, the app’s role, this database)'],
        [
          ...burst.statements.top.map((s) => [(s.calls / burst.payments).toFixed(2), normaliseQuery(s.query, 130)]),
          [
            (
              (burst.statements.calls - burst.statements.top.reduce((sum, s) => sum + s.calls, 0)) /
              burst.payments
            ).toFixed(2),
            '(all other statements)',
          ],
        ],
        [0],
      ),
      '',
    );
  }
  lines.push(
    `sandbox ledger: ${ledger.charges} charges for ${ledger.payments} payments (all phases and the warm-up): ${
      ledger.ok
        ? 'OK, exactly one charge per payment'
        : `MISMATCH (${ledger.missing} uncharged, ${ledger.duplicated} charged twice, ${ledger.failedCharges} failed)`
    }`,
    '',
  );
  return lines;
}

/** The same results for machines: the test suite reads it (no raw samples, they can be large). */
export function toJson(results: BenchResults) {
  return {
    options: results.options,
    postgres: { version: results.infra.postgresVersion, source: results.infra.postgresSource },
    queues: results.options.queues,
    layout: results.layout,
    targets: targets(results),
    apart: results.apart
      ? {
          payments: results.apart.payments,
          acceptedRate: perSecond(results.apart.payments, results.apart.acceptMs),
          chargeRate: perSecond(results.apart.payments, results.apart.chargeMs),
          apiCpuMsPerPayment: apartCpuPerPayment(results.apart, 'api'),
          workerCpuMsPerPayment: apartCpuPerPayment(results.apart, 'worker'),
          followUpsMs: results.apart.followUpsMs ?? null,
        }
      : null,
    phases: results.phases.map((p) => {
      const f = phaseFigures(p);
      return {
        phase: p.phase,
        payments: p.payments,
        succeeded: f.succeeded,
        acceptedRate: f.acceptedRate,
        chargeRate: f.chargeRate,
        p50FromSendMs: percentile(f.fromSend, 50),
        p95FromDueMs: percentile(f.fromDue, 95),
        followUpsMs: p.followUpsMs ?? null,
        state: p.state,
        statementsPerPayment: f.statementsPerPayment,
        statements: 'calls' in p.statements ? p.statements : null,
        statementsUnavailable: 'unavailable' in p.statements ? p.statements.unavailable : null,
        cpuMs: p.cpuMs,
        elu: p.elu,
      };
    }),
    floor: results.floor ?? null,
    ledger: results.ledger,
  };
}

/** A figure as the repeat summary prints it: ratios to three places, the rest to one. */
const figure = (value: number) => (Math.abs(value) < 1 ? value.toFixed(3) : value.toFixed(1));

/**
 * Several runs of one configuration side by side (`--repeat N`): each target's value in each
 * run, beside that run's floor, with the median and the range. A change is judged on the medians;
 * a range wider than the change says the machine was too noisy to tell.
 */
export function renderRepeat(runs: BenchResults[]): string[] {
  /** A figure's row; `target` judges the median when the figure is a target. */
  const row = (name: string, values: (number | null)[], goal: string, target?: Target): string[] => {
    const known = sorted(values.filter((v): v is number => v !== null && Number.isFinite(v)));
    const median = percentile(known, 50);
    const met = target?.applies && known.length > 0 ? target.pass(median) : null;
    return [
      name,
      ...values.map((v) => (v === null || !Number.isFinite(v) ? 'n/a' : figure(v))),
      known.length ? figure(median) : 'n/a',
      known.length ? `${figure(known[0] ?? 0)}–${figure(known[known.length - 1] ?? 0)}` : 'n/a',
      goal,
      verdict(known.length === values.length ? met : null),
    ];
  };
  const perRun = runs.map((run) => targets(run));
  const rows = (perRun[0] ?? []).map((first, i) =>
    row(
      first.name,
      perRun.map((list) => list[i]?.value ?? null),
      first.goal,
      first,
    ),
  );
  const floors = runs.map((run) => run.floor);
  const donations = runs[0]?.options.donations ?? 0;
  rows.push(
    row(
      'floor: INSERT + queue.add /s',
      floors.map((f) => (f ? perSecond(donations, f.insertAddMs) : null)),
      '—',
    ),
    row(
      'floor: no-op jobs /s',
      floors.map((f) => (f ? perSecond(donations, f.noopProcessMs) : null)),
      '—',
    ),
  );
  rows.push(
    row(
      'apart CPU ms per payment: worker',
      runs.map((run) => apartCpuPerPayment(run.apart, 'worker')),
      '—',
    ),
  );
  const burst = runs.map((run) => run.phases.find((p) => p.phase === 'burst'));
  for (const name of APP_PROCESSES) {
    const values = burst.map((p) => {
      const used = p?.cpuMs[name];
      return p && used !== undefined && p.payments > 0 ? used / p.payments : null;
    });
    rows.push(row(`burst CPU ms per payment: ${name}`, values, '—'));
  }
  const headers = ['figure', ...runs.map((_, i) => `run ${i + 1}`), 'median', 'range', 'goal', 'median meets it'];
  const right = [...runs.map((_, i) => i + 1), runs.length + 1, runs.length + 2];
  return [
    '',
    `Median of ${runs.length} runs (each run beside its own floor; judge a change on the medians)`,
    '',
    table(headers, rows, right),
  ];
}
