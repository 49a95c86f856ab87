import { describe, expect, it } from 'vitest';
import { type PageRun, pageRunOf } from './web-lighthouse';
import { median, render, toJson, type WebBenchResults } from './web-report';

const run = (overrides: Partial<PageRun> = {}): PageRun => ({
  performance: 96,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 900,
  lcpMs: 1500,
  cls: 0.01,
  tbtMs: 50,
  jsBytes: 80_000,
  totalBytes: 150_000,
  otherOriginBytes: 0,
  jsResourceBytes: 250_000,
  totalResourceBytes: 400_000,
  benchmarkIndex: 1000,
  failedAudits: [],
  ...overrides,
});

const results = (pages: WebBenchResults['pages']): WebBenchResults => ({
  mode: 'mobile',
  runsPerPage: 3,
  lighthouseVersion: '12.8.2',
  chromium: 'Chromium',
  machine: 'test machine',
  load: { before: 1, after: 1 },
  retried: 0,
  pages,
  floor: [run({ benchmarkIndex: 900 }), run({ benchmarkIndex: 1100 })],
});

describe('median', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('toJson', () => {
  it('judges each figure by its own median against its target, the byte budgets on the home page only', () => {
    const heavy = { jsBytes: 500_000, totalBytes: 700_000 };
    const json = toJson(
      results([
        { name: 'home', path: '/', runs: [run(heavy), run({ ...heavy, lcpMs: 4000 }), run({ ...heavy, lcpMs: 4100 })] },
        { name: 'about', path: '/about', runs: [run(heavy)] },
      ]),
    );
    const verdicts = (index: number) =>
      Object.fromEntries((json.pages[index]?.targets ?? []).map((t) => [t.metric, t.verdict]));
    expect(verdicts(0)).toMatchObject({
      perf: 'met',
      LCP: 'not met',
      FCP: 'no target',
      'first-load JS': 'not met',
      'all first-load': 'not met',
    });
    expect(verdicts(1)).toMatchObject({ LCP: 'met', 'first-load JS': 'no target', 'all first-load': 'no target' });
    expect(json.floor.benchmarkIndex).toEqual({ median: 1000, min: 900, max: 1100 });
  });
});

describe('render', () => {
  it('prints the targets row, one row per page with its tally, and the floor', () => {
    const text = render(results([{ name: 'home', path: '/', runs: [run()] }])).join('\n');
    expect(text).toMatch(/^target\s+≥ 95\s+≥ 100/m);
    expect(text).toMatch(/^\/\s+96 ✓.*9\/9$/m);
    expect(text).toContain('benchmarkIndex  median 1000 (min 900, max 1100)');
  });
});

describe('pageRunOf', () => {
  const category = (score: number, auditRefs: { id: string; weight: number; group?: string }[]) => ({
    score,
    auditRefs,
  });
  const report = {
    finalDisplayedUrl: 'http://localhost:6700/',
    environment: { benchmarkIndex: 1234 },
    categories: {
      performance: category(0.43, [
        { id: 'largest-contentful-paint', weight: 25, group: 'metrics' },
        { id: 'unused-javascript', weight: 0 },
      ]),
      accessibility: category(1, [{ id: 'link-name', weight: 7 }]),
      'best-practices': category(0.96, [{ id: 'inspector-issues', weight: 1 }]),
      seo: category(0.83, [{ id: 'robots-txt', weight: 1 }]),
    },
    audits: {
      'first-contentful-paint': { score: 0.2, scoreDisplayMode: 'numeric', numericValue: 4520 },
      'largest-contentful-paint': { score: 0.1, scoreDisplayMode: 'numeric', numericValue: 5180 },
      'cumulative-layout-shift': { score: 1, scoreDisplayMode: 'numeric', numericValue: 0 },
      'total-blocking-time': { score: 0.1, scoreDisplayMode: 'numeric', numericValue: 1636 },
      'unused-javascript': { score: 0, scoreDisplayMode: 'metricSavings' },
      'link-name': { score: 1, scoreDisplayMode: 'binary' },
      'inspector-issues': { score: 0, scoreDisplayMode: 'binary' },
      'robots-txt': { score: 0, scoreDisplayMode: 'binary' },
      'network-requests': {
        score: null,
        scoreDisplayMode: 'informative',
        details: {
          items: [
            { url: 'http://localhost:6700/', resourceType: 'Document', transferSize: 2000, resourceSize: 1900 },
            {
              url: 'http://localhost:6700/assets/index.js',
              resourceType: 'Script',
              transferSize: 430_000,
              resourceSize: 429_000,
            },
            { url: 'http://localhost:6701/sdk.js', resourceType: 'Script', transferSize: 50_000, resourceSize: 49_000 },
            { url: 'data:image/svg+xml,<svg/>', resourceType: 'Image', transferSize: 0, resourceSize: 10 },
          ],
        },
      },
    },
  };

  it('reads the scores, metrics, bytes and the audits that cost a score something', () => {
    expect(pageRunOf(report)).toEqual({
      performance: 43,
      accessibility: 100,
      bestPractices: 96,
      seo: 83,
      fcpMs: 4520,
      lcpMs: 5180,
      cls: 0,
      tbtMs: 1636,
      jsBytes: 480_000,
      totalBytes: 482_000,
      otherOriginBytes: 50_000,
      jsResourceBytes: 478_000,
      totalResourceBytes: 479_900,
      benchmarkIndex: 1234,
      failedAudits: ['inspector-issues', 'robots-txt'],
    });
  });

  it('names what Chromium reported when the issues audit fails', () => {
    const details = {
      items: [
        {
          issueType: 'Content security policy',
          subItems: { items: [{ url: 'http://localhost:6701/sdk.js' }, { url: 'http://localhost:6701/sdk.js' }] },
        },
        { issueType: 'Generic' },
      ],
    };
    const withIssues = {
      ...report,
      audits: { ...report.audits, 'inspector-issues': { score: 0, scoreDisplayMode: 'binary', details } },
    };
    expect(pageRunOf(withIssues).failedAudits).toEqual([
      'inspector-issues: Content security policy (http://localhost:6701/sdk.js); Generic',
      'robots-txt',
    ]);
  });

  it('fails on a runtime error instead of reporting zeros', () => {
    expect(() => pageRunOf({ ...report, runtimeError: { code: 'NO_FCP', message: 'no paint' } })).toThrow(/NO_FCP/);
  });
});
