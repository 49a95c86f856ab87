import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from '@pillars/embedded/paths';
import { benchRun } from './bench-run';
import { METRICS, WebBenchJson } from './web-report';

/**
 * The public pages benchmark in miniature: the product started as `npm start` starts it, one
 * Lighthouse run of the home page and one of the floor page. It asserts that the run completes
 * and the report is whole (every figure and target present, the JSON parses), never what the
 * figures are: timings on a shared machine prove nothing.
 */
describe('web benchmark (short form)', () => {
  const run = benchRun('pillars-web-bench-test-');

  it('audits the home page and the floor page and reports every figure with its target', async () => {
    // An existing build is served as it is; the build is the bench's own step, not what this checks.
    const build = existsSync(join(WEB_DIST, 'index.html')) ? ['--no-build'] : [];
    const args = ['--runs', '1', '--pages', 'home', ...build, '--timeout', '200'];
    const { stdout, json } = await run('infra/bench/web-bench.ts', args);
    const results = WebBenchJson.parse(json);
    expect(results).toMatchObject({ mode: 'mobile', runsPerPage: 1 });
    expect(results.pages.map((page) => [page.name, page.path, page.runs])).toEqual([['home', '/', 1]]);
    const [home] = results.pages;
    expect(home?.targets.map((t) => t.metric)).toEqual(METRICS.map((m) => m.label));
    // Every target of the home page is judged; FCP has no target.
    expect(home?.targets.filter((t) => t.verdict === 'no target').map((t) => t.metric)).toEqual(['FCP']);
    expect(home?.median.totalBytes).toBeGreaterThan(0);
    expect(results.floor.runs).toBe(1);
    expect(results.floor.benchmarkIndex.median).toBeGreaterThan(0);
    expect(results.floor.staticPage.lcpMs).toBeGreaterThan(0);

    // The printed table has the targets row and the page's row.
    expect(stdout).toMatch(/^target\s/m);
    expect(stdout).toMatch(/^\/\s.*\d+\/9$/m);
    expect(stdout).toContain('benchmarkIndex');
  }, 240_000);
});
