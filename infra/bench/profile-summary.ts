/**
 * Where a process's CPU went: reads V8 CPU profiles (`node --cpu-prof`, or the payments bench's
 * `--cpu-prof DIR`) and prints the self time per package (or per file of ours) and per function.
 *
 *   node --import tsx infra/bench/profile-summary.ts [--payments N] [--top K] FILE.cpuprofile...
 *
 * With --payments the figures are also divided by the payments the run made, so a summary reads
 * as "ms of CPU per payment". Idle time (the event loop waiting) is counted apart and left out of
 * the shares: the shares are of the time the process was working.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const CallFrame = z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() });
const ProfileNode = z.object({ id: z.number(), callFrame: CallFrame, children: z.array(z.number()).optional() });
const CpuProfile = z.object({
  nodes: z.array(ProfileNode),
  startTime: z.number(),
  endTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
  /** A thread's own CPU time over the profile (ms, from /proc), as the bench's probe adds it. */
  threadCpuMs: z.number().optional(),
});
type CallFrame = z.infer<typeof CallFrame>;

/** The repo's own code, as placeOf names it. */
const OURS = /^(api|worker|web|infra|shared)\//;

/** V8's pseudo-frames: waiting, the collector, and the VM's own work. */
const IDLE = '(idle)';

/** `node_modules/@scope/name` or `node_modules/name`, else the repo-relative file, else the frame's kind. */
export function placeOf(frame: CallFrame): string {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  const repo = url.match(/\/(api|worker|web|infra|shared)\/.*$/);
  return repo ? repo[0].slice(1) : url;
}

export interface Summary {
  file: string;
  wallMs: number;
  idleMs: number;
  busyMs: number;
  threadCpuMs: number | undefined;
  byPlace: [string, number][];
  byFunction: [string, number][];
  /** Our functions (api, worker, shared, infra) with the time of everything they called. */
  ours: [string, number][];
}

export function summarise(file: string, json: unknown): Summary {
  const profile = CpuProfile.parse(json);
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byPlace = new Map<string, number>();
  const ours = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const frame = frames.get(id);
    if (!frame) continue;
    if (frame.functionName === IDLE) {
      idleUs += us;
      continue;
    }
    const place = placeOf(frame);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    // Inclusive: each function of ours on the stack once, however deep it recurses.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const caller = frames.get(at);
      if (!caller || !OURS.test(placeOf(caller))) continue;
      const key = `${caller.functionName || '(anonymous)'} ${placeOf(caller)}:${caller.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      ours.set(key, (ours.get(key) ?? 0) + us);
    }
  }
  const sorted = (map: Map<string, number>) =>
    [...map].map(([key, us]): [string, number] => [key, us / 1000]).sort((a, b) => b[1] - a[1]);
  const wallMs = (profile.endTime - profile.startTime) / 1000;
  const idleMs = idleUs / 1000;
  const places = sorted(byPlace);
  return {
    file,
    wallMs,
    idleMs,
    busyMs: places.reduce((sum, [, ms]) => sum + ms, 0),
    threadCpuMs: profile.threadCpuMs,
    byPlace: places,
    byFunction: sorted(byFunction),
    ours: sorted(ours),
  };
}

function table(title: string, rows: [string, number][], summary: Summary, top: number, payments?: number): string {
  const lines = [`  ${title}`];
  for (const [key, ms] of rows.slice(0, top)) {
    const share = ((ms / summary.busyMs) * 100).toFixed(1).padStart(5);
    const per = payments ? `${(ms / payments).toFixed(3).padStart(8)} ms/payment` : '';
    lines.push(`  ${ms.toFixed(0).padStart(8)} ms ${share} %${per}  ${key}`);
  }
  return lines.join('\n');
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { payments: { type: 'string' }, top: { type: 'string' } },
  });
  const payments = values.payments === undefined ? undefined : Number(values.payments);
  const top = Number(values.top ?? 25);
  if (positionals.length === 0 || (payments !== undefined && !(payments > 0)) || !(top > 0)) {
    process.stderr.write('usage: profile-summary.ts [--payments N] [--top K] FILE.cpuprofile...\n');
    process.exit(2);
  }
  for (const file of positionals) {
    const summary = summarise(file, JSON.parse(readFileSync(file, 'utf8')));
    const per = payments ? ` = ${(summary.busyMs / payments).toFixed(2)} ms/payment over ${payments} payments` : '';
    const cpu = summary.threadCpuMs;
    // Samples count wall time: on a busy machine "busy" includes waiting for a core; the CPU line does not.
    const cpuLine =
      cpu === undefined
        ? ''
        : `  thread CPU (/proc): ${cpu.toFixed(0)} ms${payments ? ` = ${(cpu / payments).toFixed(2)} ms/payment` : ''}\n`;
    process.stdout.write(
      `${basename(file)}: ${summary.busyMs.toFixed(0)} ms busy${per}; ${summary.idleMs.toFixed(0)} ms idle; ` +
        `${summary.wallMs.toFixed(0)} ms profiled\n` +
        cpuLine +
        `${table('self time by package or file', summary.byPlace, summary, top, payments)}\n` +
        `${table('self time by function', summary.byFunction, summary, top, payments)}\n` +
        `${table('total time (with callees) by function of ours', summary.ours, summary, top, payments)}\n\n`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
