import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '@pillars/embedded/paths';
import { REPO_ROOT } from './children';
import { METRICS, WebBenchJson } from './web-report';

/**
 * The public pages benchmark in miniature: the product started as `npm start` starts it, one
 * Lighthouse run of the home page and one of the floor page. It asserts that the run completes
 * and the report is whole (every figure and target present, the JSON parses), never what the
 * figures are: timings on a shared machine prove nothing.
 */
describe('web benchmark (short form)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pillars-web-bench-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('audits the home page and the floor page and reports every figure with its target', async () => {
    const jsonFile = join(dir, 'results.json');
    // An existing build is served as it is; the build is the bench's own step, not what this checks.
    const build = existsSync(join(WEB_DIST, 'index.html')) ? ['--no-build'] : [];
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'infra/bench/web-bench.ts',
        '--runs',
        '1',
        '--pages',
        'home',
        ...build,
        '--json',
        jsonFile,
        '--timeout',
        '200',
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });

    const results = WebBenchJson.parse(JSON.parse(await readFile(jsonFile, 'utf8')));
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
