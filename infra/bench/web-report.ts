/**
 * The web benchmark's figures: per-metric medians of the Lighthouse runs, the public pages' targets with
 * met / not met, the machine's floor of the same run, the printed table and the JSON report.
 */
import { z } from 'zod';
import type { PageRun } from './web-lighthouse';

/** A figure the table shows, how to print it, and its target (null: none). */
interface Metric {
  key: keyof Omit<PageRun, 'failedAudits'>;
  label: string;
  format: (value: number) => string;
  /** Its target; `homeOnly` when the target holds for the home page alone. */
  target: { atLeast?: number; atMost?: number; homeOnly?: boolean } | null;
}

const score = (value: number) => value.toFixed(0);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${ms.toFixed(0)} ms`;
/** kB of 1,000 bytes, as the build's budget check (web/build/initial-js-budget.ts) counts them. */
const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The public pages' targets, the one list of them (Lighthouse mobile emulation, local, median of 3). */
export const METRICS: readonly Metric[] = [
  { key: 'performance', label: 'perf', format: score, target: { atLeast: 95 } },
  { key: 'accessibility', label: 'a11y', format: score, target: { atLeast: 100 } },
  { key: 'bestPractices', label: 'best pr.', format: score, target: { atLeast: 100 } },
  { key: 'seo', label: 'SEO', format: score, target: { atLeast: 100 } },
  { key: 'fcpMs', label: 'FCP', format: seconds, target: null },
  { key: 'lcpMs', label: 'LCP', format: seconds, target: { atMost: 2000 } },
  { key: 'cls', label: 'CLS', format: (v) => v.toFixed(3), target: { atMost: 0.02 } },
  { key: 'tbtMs', label: 'TBT', format: millis, target: { atMost: 100 } },
  { key: 'jsBytes', label: 'first-load JS', format: kilobytes, target: { atMost: 90_000, homeOnly: true } },
  { key: 'totalBytes', label: 'all first-load', format: kilobytes, target: { atMost: 200_000, homeOnly: true } },
];

/** Median of one figure over runs (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export type Figures = Omit<PageRun, 'failedAudits'>;

/** Each figure's own median: one run's LCP may come with another run's TBT. */
export function medians(runs: readonly PageRun[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    cls: of('cls'),
    tbtMs: of('tbtMs'),
    jsBytes: of('jsBytes'),
    totalBytes: of('totalBytes'),
    otherOriginBytes: of('otherOriginBytes'),
    jsResourceBytes: of('jsResourceBytes'),
    totalResourceBytes: of('totalResourceBytes'),
    benchmarkIndex: of('benchmarkIndex'),
  };
}

export interface PageResult {
  /** `home`, `membership`, `event`, `article`, `about`, `privacy`, `success`, or the path given. */
  name: string;
  path: string;
  runs: PageRun[];
}

export interface WebBenchResults {
  mode: 'mobile' | 'desktop';
  runsPerPage: number;
  lighthouseVersion: string;
  chromium: string;
  machine: string;
  /** Load average (1 min) when the measuring started and when it ended: the machine is shared. */
  load: { before: number; after: number };
  /** Runs Lighthouse failed on its own (e.g. NO_NAVSTART) and that were run again. */
  retried: number;
  pages: PageResult[];
  /** A trivial static page (a heading and a sentence) served by the bench, audited the same way. */
  floor: PageRun[];
}

const Verdict = z.enum(['met', 'not met', 'no target']);
const FiguresJson = z.object({
  performance: z.number(),
  accessibility: z.number(),
  bestPractices: z.number(),
  seo: z.number(),
  fcpMs: z.number(),
  lcpMs: z.number(),
  cls: z.number(),
  tbtMs: z.number(),
  jsBytes: z.number(),
  totalBytes: z.number(),
  otherOriginBytes: z.number(),
  jsResourceBytes: z.number(),
  totalResourceBytes: z.number(),
  benchmarkIndex: z.number(),
});

/** The `--json` report: what the integration test reads back. */
export const WebBenchJson = z.object({
  mode: z.enum(['mobile', 'desktop']),
  runsPerPage: z.number().int().positive(),
  lighthouseVersion: z.string(),
  chromium: z.string(),
  load: z.object({ before: z.number(), after: z.number() }),
  retried: z.number().int().nonnegative(),
  pages: z.array(
    z.object({
      name: z.string(),
      path: z.string(),
      runs: z.number().int().positive(),
      median: FiguresJson,
      failedAudits: z.array(z.string()),
      targets: z.array(z.object({ metric: z.string(), target: z.string(), value: z.string(), verdict: Verdict })),
    }),
  ),
  floor: z.object({
    runs: z.number().int().positive(),
    benchmarkIndex: z.object({ median: z.number(), min: z.number(), max: z.number() }),
    staticPage: FiguresJson,
  }),
});
export type WebBenchJson = z.infer<typeof WebBenchJson>;

const HOME = 'home';

function targetOf(metric: Metric, page: string): Metric['target'] {
  if (!metric.target || (metric.target.homeOnly && page !== HOME)) return null;
  return metric.target;
}

function targetText(metric: Metric, target: NonNullable<Metric['target']>): string {
  const bound = target.atLeast ?? target.atMost ?? 0;
  return `${target.atLeast === undefined ? '≤' : '≥'} ${metric.format(bound)}${target.homeOnly ? ' (home)' : ''}`;
}

function verdictOf(metric: Metric, page: string, value: number): z.infer<typeof Verdict> {
  const target = targetOf(metric, page);
  if (!target) return 'no target';
  const met =
    (target.atLeast === undefined || value >= target.atLeast) &&
    (target.atMost === undefined || value <= target.atMost);
  return met ? 'met' : 'not met';
}

/** Wire bytes within 10 % of the decoded size: the responses were sent without compression. */
const uncompressed = (wire: number, decoded: number) => decoded > 0 && wire >= 0.9 * decoded;

const allAudits = (runs: readonly PageRun[]) => [...new Set(runs.flatMap((run) => run.failedAudits))].sort();

export function toJson(results: WebBenchResults): WebBenchJson {
  const indexes = [...results.pages.flatMap((page) => page.runs), ...results.floor].map((run) => run.benchmarkIndex);
  return {
    mode: results.mode,
    runsPerPage: results.runsPerPage,
    lighthouseVersion: results.lighthouseVersion,
    chromium: results.chromium,
    load: results.load,
    retried: results.retried,
    pages: results.pages.map((page) => {
      const median = medians(page.runs);
      return {
        name: page.name,
        path: page.path,
        runs: page.runs.length,
        median,
        failedAudits: allAudits(page.runs),
        targets: METRICS.map((metric) => {
          const target = targetOf(metric, page.name);
          return {
            metric: metric.label,
            target: target ? targetText(metric, target) : '—',
            value: metric.format(median[metric.key]),
            verdict: verdictOf(metric, page.name, median[metric.key]),
          };
        }),
      };
    }),
    floor: {
      runs: results.floor.length,
      benchmarkIndex: { median: median(indexes), min: Math.min(...indexes), max: Math.max(...indexes) },
      staticPage: medians(results.floor),
    },
  };
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => [...(row[column] ?? '')].length))) ?? [];
  const pad = (cell: string, width: number) => cell + ' '.repeat(Math.max(0, width - [...cell].length));
  return rows.map((row) =>
    row
      .map((cell, column) => pad(cell, widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/** The printed report: one row per page of medians, each figure marked ✓ (met) or ✗ (not met). */
export function render(results: WebBenchResults): string[] {
  const json = toJson(results);
  const mark = { met: ' ✓', 'not met': ' ✗', 'no target': '' } as const;
  const rows: string[][] = [
    ['page', ...METRICS.map((m) => m.label), 'met'],
    ['target', ...METRICS.map((m) => (m.target ? targetText(m, m.target).replace(' (home)', ' home') : '—')), ''],
  ];
  const notes: string[] = [];
  for (const [index, page] of json.pages.entries()) {
    const runs = results.pages[index]?.runs ?? [];
    const cells = page.targets.map((t) => `${t.value}${mark[t.verdict]}`);
    const judged = page.targets.filter((t) => t.verdict !== 'no target');
    rows.push([page.path, ...cells, `${judged.filter((t) => t.verdict === 'met').length}/${judged.length}`]);
    const m = medians(runs);
    if (uncompressed(m.totalBytes, m.totalResourceBytes)) {
      notes.push(
        `${page.path}: sent uncompressed (${kilobytes(m.totalBytes)} on the wire for ${kilobytes(m.totalResourceBytes)} decoded)`,
      );
    }
    if (m.otherOriginBytes > 0) {
      notes.push(
        `${page.path}: ${kilobytes(m.otherOriginBytes)} of the bytes came from other origins (e.g. the card provider's script)`,
      );
    }
    if (page.failedAudits.length > 0) notes.push(`${page.path}: audits below 1: ${page.failedAudits.join(', ')}`);
  }
  const floor = json.floor.staticPage;
  const lines = [
    '',
    `Public pages: Lighthouse ${json.lighthouseVersion}, ${json.mode === 'mobile' ? 'mobile emulation (simulated slow 4G, 4× CPU slowdown; its defaults)' : 'desktop config (simulated, no CPU slowdown)'}, median of ${json.runsPerPage} run(s) per page, each figure its own median`,
    `machine     ${results.machine}; load average ${json.load.before.toFixed(2)} before, ${json.load.after.toFixed(2)} after`,
    `browser     ${json.chromium}${json.retried > 0 ? `; ${json.retried} run(s) Lighthouse failed on its own were run again` : ''}`,
    json.mode === 'desktop' ? 'targets     set for mobile emulation; shown here for comparison only' : '',
    '',
    ...table(rows),
    '',
    `✓ met, ✗ not met (targets: METRICS in web-report.ts). Bytes are what went over the wire for every request of the page's load (JS: scripts only), compressed only if the server compressed them.`,
    '',
    `floor (same run, same Chromium and settings):`,
    `  Lighthouse benchmarkIndex  median ${json.floor.benchmarkIndex.median.toFixed(0)} (min ${json.floor.benchmarkIndex.min.toFixed(0)}, max ${json.floor.benchmarkIndex.max.toFixed(0)}) over every run; higher is a faster machine`,
    `  trivial static page        perf ${score(floor.performance)}, FCP ${seconds(floor.fcpMs)}, LCP ${seconds(floor.lcpMs)}, TBT ${millis(floor.tbtMs)}, CLS ${floor.cls.toFixed(3)}, ${kilobytes(floor.totalBytes)} (median of ${json.floor.runs})`,
    '',
    ...notes,
    '',
  ];
  return lines.filter((line, i) => line !== '' || lines[i - 1] !== '');
}
