/**
 * The web benchmark's measuring side: one headless Chromium (the system's, found as the browser
 * journeys find it) driven by Lighthouse's programmatic API, and the figures read from each
 * report. Lighthouse's defaults are the issue's method: mobile emulation with simulated slow 4G
 * and a 4× CPU slowdown; `desktop` uses Lighthouse's own desktop config instead.
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { z } from 'zod';
import { CHROMIUM_ARGS, findChromium } from '@pillars/testing/chromium';
import { BenchFailure } from './common';

/** Lighthouse's own "something went wrong, run again" (e.g. NO_NAVSTART): the run may be repeated. */
export class LighthouseRunError extends BenchFailure {
  override name = 'LighthouseRunError';
}

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** What one Lighthouse run says about one page; times in ms, bytes as transferred. */
export interface PageRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** JavaScript the page loaded (every script request), bytes on the wire. */
  jsBytes: number;
  /** Everything the page loaded, bytes on the wire. */
  totalBytes: number;
  /** Of totalBytes, what came from other origins than the page's (e.g. the card provider's script). */
  otherOriginBytes: number;
  /** The same responses' decoded sizes: wire bytes near these mean they were sent uncompressed. */
  jsResourceBytes: number;
  totalResourceBytes: number;
  /** Lighthouse's estimate of this machine's speed when the run was made (its own micro-benchmark). */
  benchmarkIndex: number;
  /** Audits of the four categories that scored below 1, e.g. `robots-txt` (to see what an SEO score lost). */
  failedAudits: string[];
}

/** The part of a Lighthouse report (LH.Result) the bench reads. */
const Score = z.number().nullable();
const NetworkItem = z.object({
  url: z.string(),
  resourceType: z.string().optional(),
  transferSize: z.number().optional(),
  resourceSize: z.number().optional(),
});
const AuditRefs = z.array(z.object({ id: z.string(), weight: z.number(), group: z.string().optional() }));
const LighthouseReport = z.object({
  finalDisplayedUrl: z.string(),
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
  environment: z.object({ benchmarkIndex: z.number() }),
  categories: z.object({
    performance: z.object({ score: Score, auditRefs: AuditRefs }),
    accessibility: z.object({ score: Score, auditRefs: AuditRefs }),
    'best-practices': z.object({ score: Score, auditRefs: AuditRefs }),
    seo: z.object({ score: Score, auditRefs: AuditRefs }),
  }),
  audits: z.record(
    z.string(),
    z.object({
      score: Score,
      scoreDisplayMode: z.string(),
      numericValue: z.number().optional(),
      details: z.unknown().optional(),
    }),
  ),
});
type LighthouseReport = z.infer<typeof LighthouseReport>;

const NetworkDetails = z.object({ items: z.array(NetworkItem) });

/** The issues Chromium reported while the page loaded (the `inspector-issues` audit's table). */
const InspectorIssues = z.object({
  items: z.array(
    z.object({
      issueType: z.string(),
      subItems: z.object({ items: z.array(z.object({ url: z.string().optional() }).loose()) }).optional(),
    }),
  ),
});

/**
 * `inspector-issues` with what Chromium reported, e.g. "inspector-issues: Content security policy
 * (http://…/sdk.js)": the audit's id alone does not say what to fix.
 */
function describeIssues(details: unknown): string {
  const parsed = InspectorIssues.safeParse(details);
  if (!parsed.success || parsed.data.items.length === 0) return 'inspector-issues';
  const issues = parsed.data.items.map(({ issueType, subItems }) => {
    const urls = [...new Set((subItems?.items ?? []).flatMap((item) => (item.url ? [item.url] : [])))];
    return urls.length > 0 ? `${issueType} (${urls.join(', ')})` : issueType;
  });
  return `inspector-issues: ${issues.join('; ')}`;
}

function metric(report: LighthouseReport, id: string): number {
  const value = report.audits[id]?.numericValue;
  if (value === undefined) throw new BenchFailure(`Lighthouse gave no value for ${id}`);
  return value;
}

function score(report: LighthouseReport, category: (typeof CATEGORIES)[number]): number {
  const value = report.categories[category].score;
  if (value === null) throw new BenchFailure(`Lighthouse gave no ${category} score`);
  return Math.round(value * 100);
}

/** The figures of one run, from Lighthouse's report (exported for the unit test of the reading). */
export function pageRunOf(raw: unknown): PageRun {
  const report = LighthouseReport.parse(raw);
  if (report.runtimeError) {
    throw new LighthouseRunError(`Lighthouse: ${report.runtimeError.code}: ${report.runtimeError.message}`);
  }
  const requests = NetworkDetails.parse(report.audits['network-requests']?.details).items.filter(
    (item) => !item.url.startsWith('data:'),
  );
  const sum = (items: z.infer<typeof NetworkItem>[], key: 'transferSize' | 'resourceSize') =>
    items.reduce((total, item) => total + (item[key] ?? 0), 0);
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  const origin = new URL(report.finalDisplayedUrl).origin;
  const elsewhere = requests.filter((item) => URL.canParse(item.url) && new URL(item.url).origin !== origin);
  // Audits that cost a score something; the performance metrics are figures of their own.
  const failedAudits = new Set<string>();
  for (const category of CATEGORIES) {
    for (const { id, weight, group } of report.categories[category].auditRefs) {
      const audit = report.audits[id];
      if (weight > 0 && group !== 'metrics' && audit?.score !== null && audit?.score !== undefined && audit.score < 1) {
        failedAudits.add(id === 'inspector-issues' ? describeIssues(audit.details) : id);
      }
    }
  }
  return {
    performance: score(report, 'performance'),
    accessibility: score(report, 'accessibility'),
    bestPractices: score(report, 'best-practices'),
    seo: score(report, 'seo'),
    fcpMs: metric(report, 'first-contentful-paint'),
    lcpMs: metric(report, 'largest-contentful-paint'),
    cls: metric(report, 'cumulative-layout-shift'),
    tbtMs: metric(report, 'total-blocking-time'),
    jsBytes: sum(scripts, 'transferSize'),
    totalBytes: sum(requests, 'transferSize'),
    otherOriginBytes: sum(elsewhere, 'transferSize'),
    jsResourceBytes: sum(scripts, 'resourceSize'),
    totalResourceBytes: sum(requests, 'resourceSize'),
    benchmarkIndex: report.environment.benchmarkIndex,
    failedAudits: [...failedAudits].sort(),
  };
}

export interface Auditor {
  chromiumPath: string;
  /** Chromium's DevTools port. */
  port: number;
  run(url: string): Promise<PageRun>;
  close(): Promise<void>;
}

/**
 * Starts the system Chromium once; each `run` is a fresh Lighthouse navigation in a new tab
 * (Lighthouse clears the origin's cache and storage before it loads the page).
 */
export async function startAuditor(options: { desktop: boolean; port: number | undefined }): Promise<Auditor> {
  const chromiumPath = findChromium();
  let chrome: LaunchedChrome | undefined = await launch({
    chromePath: chromiumPath,
    chromeFlags: [...CHROMIUM_ARGS],
    // The bench handles Ctrl-C itself and closes Chromium in its teardown.
    handleSIGINT: false,
    logLevel: 'silent',
    ...(options.port === undefined ? {} : { port: options.port }),
  });
  const launched = chrome;
  return {
    chromiumPath,
    port: launched.port,
    async run(url) {
      const result = await lighthouse(
        url,
        { port: launched.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
        options.desktop ? desktopConfig : undefined,
      );
      if (!result) throw new BenchFailure(`Lighthouse returned nothing for ${url}`);
      return pageRunOf(result.lhr);
    },
    async close() {
      const running = chrome;
      chrome = undefined;
      if (!running) return;
      const exited = new Promise<void>((resolve) => {
        if (running.process.exitCode !== null || running.process.signalCode !== null) resolve();
        else running.process.once('exit', () => resolve());
      });
      running.kill();
      await exited;
    },
  };
}
