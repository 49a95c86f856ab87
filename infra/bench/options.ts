import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type QueueBackendKind } from '@pillars/platform/jobs';
import { RUN_OPTIONS, UsageError, intOption } from './common';

export const PHASES = ['apart', 'burst', 'idle', 'steady', 'floor'] as const;
export type Phase = (typeof PHASES)[number];

export const USAGE = `usage: node --import tsx infra/bench/payments-bench.ts [options]

  --donations N            apart and burst: donations to submit and charge; also each floor loop's size (default 500)
  --concurrency C          apart and burst: concurrent HTTP clients; also the INSERT + add floor's loops (default 20)
  --idle K                 idle: sequential donations from one client (default 50)
  --rate R                 steady: offered donations per second, open loop (default 100)
  --duration S             steady: seconds of offered load (default 60)
  --phases LIST            comma-separated, in this order: apart,burst,idle,steady,floor (default: all)
  --queues redis|postgres  queue backend (default redis)
  --worker-concurrency W   concurrency of each app worker, and of the no-op floor worker (default 8)
  --grace SECONDS          how long after a phase its follow-ups may take before it counts as left behind (default 30)
  --repeat N               run everything N times (each with its own floor) and end with each figure's median and range
  --json FILE              also write the results as JSON to FILE (with --repeat, an array of the runs)
  --cpu-prof DIR           write V8 CPU profiles of each phase of the API, the worker and its e-mail thread into DIR
                           (burst-api.cpuprofile, burst-worker.cpuprofile, burst-email.cpuprofile, ...; apart:
                           apart-api over the accepts, apart-worker and apart-email over the charges); summarise
                           them with infra/bench/profile-summary.ts
  --timeout SECONDS        overall limit; the run aborts with a message when it is reached (default 600)
  --help                   this text
`;

export interface BenchOptions {
  donations: number;
  concurrency: number;
  idle: number;
  rate: number;
  durationS: number;
  phases: Phase[];
  queues: QueueBackendKind;
  workerConcurrency: number;
  graceMs: number;
  json: string | undefined;
  cpuProfDir: string | undefined;
  repeat: number;
  timeoutMs: number;
}

export function parseOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      donations: { type: 'string' },
      concurrency: { type: 'string' },
      idle: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      phases: { type: 'string' },
      queues: { type: 'string' },
      'worker-concurrency': { type: 'string' },
      grace: { type: 'string' },
      ...RUN_OPTIONS,
      'cpu-prof': { type: 'string' },
      repeat: { type: 'string' },
    },
  });
  if (values.help) return 'help';
  const queues = values.queues ?? 'redis';
  if (queues !== 'redis' && queues !== 'postgres') {
    throw new UsageError(`--queues must be redis or postgres (got "${queues}")`);
  }
  const wanted = (values.phases ?? PHASES.join(',')).split(',').map((p) => p.trim());
  for (const phase of wanted) {
    if (!(PHASES as readonly string[]).includes(phase)) {
      throw new UsageError(`--phases takes ${PHASES.join(', ')} (got "${phase}")`);
    }
  }
  return {
    donations: intOption(values.donations, 'donations', 500, 1, 100_000),
    concurrency: intOption(values.concurrency, 'concurrency', 20, 1, 1000),
    idle: intOption(values.idle, 'idle', 50, 1, 10_000),
    rate: intOption(values.rate, 'rate', 100, 1, 10_000),
    durationS: intOption(values.duration, 'duration', 60, 1, 3600),
    // Always in the documented order, whatever order they were given in.
    phases: PHASES.filter((phase) => wanted.includes(phase)),
    queues,
    // The app's config caps WORKER_CONCURRENCY at 100; so does the bench.
    workerConcurrency: intOption(values['worker-concurrency'], 'worker-concurrency', 8, 1, 100),
    graceMs: intOption(values.grace, 'grace', 30, 1, 3600) * 1000,
    json: values.json,
    // Absolute: the profiled processes run in the repository's root, wherever the bench was started.
    cpuProfDir: values['cpu-prof'] === undefined ? undefined : resolve(values['cpu-prof']),
    repeat: intOption(values.repeat, 'repeat', 1, 1, 10),
    timeoutMs: intOption(values.timeout, 'timeout', 600, 10, 7200) * 1000,
  };
}
