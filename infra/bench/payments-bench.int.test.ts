import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchRun } from './bench-run';
import { REPO_ROOT } from './children';

/**
 * The payments benchmark in miniature, run the way a developer runs it (its own PostgreSQL with
 * pg_stat_statements, Redis, and every service in a process of its own). It asserts that the run
 * completes, the ledger holds one charge per payment and every target gets a figure, never what
 * the figures are: timings on a shared machine prove nothing.
 */
describe('payments benchmark (short form)', () => {
  const run = benchRun('pillars-bench-test-');

  it('runs every phase in separate processes and reports a figure for every target', async () => {
    const args = ['--donations', '20', '--concurrency', '5', '--idle', '3', '--rate', '20', '--duration', '2'];
    const { stdout, json } = await run('infra/bench/payments-bench.ts', [...args, '--timeout', '100']);
    const results = json as {
      targets: { name: string; figure: string; value: number | null; met: boolean | null }[];
      apart: {
        payments: number;
        acceptedRate: number;
        chargeRate: number;
        apiCpuMsPerPayment: number | null;
        workerCpuMsPerPayment: number | null;
      } | null;
      phases: { phase: string; payments: number; succeeded: number; statementsUnavailable: string | null }[];
      ledger: { ok: boolean; payments: number; charges: number };
      floor: { insertAddMs: number; noopProcessMs: number } | null;
      layout: Record<string, number | null>;
    };
    expect(results.ledger).toMatchObject({ ok: true, payments: 20 + 20 + 20 + 3 + 40, charges: 103 });
    expect(results.apart?.payments).toBe(20);
    // Each tier's CPU over its own part of the apart phase, from /proc.
    expect(results.apart?.apiCpuMsPerPayment).toBeGreaterThan(0);
    expect(results.apart?.workerCpuMsPerPayment).toBeGreaterThan(0);
    expect(results.phases.map((p) => [p.phase, p.payments, p.succeeded])).toEqual([
      ['burst', 20, 20],
      ['idle', 3, 3],
      ['steady', 40, 40],
    ]);
    expect(results.floor?.insertAddMs).toBeGreaterThan(0);
    expect(results.floor?.noopProcessMs).toBeGreaterThan(0);
    // Five processes of the app side, each its own PID.
    const pids = ['orchestrator', 'load client', 'api', 'worker', 'sandbox'].map((name) => results.layout[name]);
    expect(new Set(pids).size).toBe(5);

    // Every target has a measured figure; SQL counts may be missing only with a stated reason
    // (a TEST_DATABASE_URL server without pg_stat_statements).
    expect(results.targets.map((t) => t.name)).toContain('API CPU per accepted donation (apart)');
    expect(results.targets).toHaveLength(8);
    const sqlUnavailable = results.phases[0]?.statementsUnavailable;
    for (const target of results.targets) {
      if (target.name.startsWith('SQL') && sqlUnavailable) continue;
      expect(target.value, target.name).toEqual(expect.any(Number));
      expect(target.met, target.name).toEqual(expect.any(Boolean));
    }
    for (const target of results.targets) expect(stdout).toContain(target.name);
    expect(stdout).toContain('exactly one charge per payment');
  }, 120_000);

  it('repeats a run, ends with each figure’s median and range, and profiles each phase', async () => {
    const profiles = await mkdtemp(join(tmpdir(), 'pillars-bench-profiles-'));
    try {
      const args = ['--donations', '10', '--concurrency', '5', '--phases', 'apart,burst,floor', '--repeat', '2'];
      const { stdout } = await run('infra/bench/payments-bench.ts', [
        ...args,
        '--cpu-prof',
        profiles,
        '--timeout',
        '100',
      ]);

      const summary = stdout.slice(stdout.indexOf('Median of 2 runs'));
      expect(summary).toMatch(/\| figure +\| +run 1 \| +run 2 \| +median \| +range/);
      expect(summary).toMatch(
        /\| accepted\/s ÷ INSERT \+ queue\.add floor +\| +[\d.]+ \| +[\d.]+ \| +[\d.]+ \| [\d.]+–[\d.]+ \| ≥ 0\.25/,
      );
      expect(summary).toMatch(/\| burst CPU ms per payment: worker +\| +[\d.]+ \| +[\d.]+ \|/);
      expect(summary).toMatch(/\| API CPU per accepted donation \(apart\) +\| +[\d.]+ \| +[\d.]+ \| .* \| ≤ 2 ms/);
      // One profile per process (and the worker's e-mail thread) and phase; the apart phase's API
      // one covers its accepts only, its worker and e-mail ones the charges.
      expect((await readdir(profiles)).sort()).toEqual([
        'apart-api.cpuprofile',
        'apart-email.cpuprofile',
        'apart-worker.cpuprofile',
        'burst-api.cpuprofile',
        'burst-email.cpuprofile',
        'burst-worker.cpuprofile',
      ]);

      // The second run's profile of the burst, and the summary reads it.
      const summarise = [
        'infra/bench/profile-summary.ts',
        '--payments',
        '10',
        join(profiles, 'burst-worker.cpuprofile'),
        join(profiles, 'burst-email.cpuprofile'),
      ];
      const read = spawnSync(process.execPath, ['--import', 'tsx', ...summarise], { cwd: REPO_ROOT, encoding: 'utf8' });
      expect(read.status).toBe(0);
      expect(read.stdout).toMatch(/^burst-worker\.cpuprofile: \d+ ms busy = [\d.]+ ms\/payment over 10 payments/);
      expect(read.stdout).toContain('self time by package or file');
      // The e-mail thread's own profile: the receipts it sent, not the main thread's charges.
      expect(read.stdout).toMatch(/^burst-email\.cpuprofile: \d+ ms busy = [\d.]+ ms\/payment over 10 payments/m);
      const email = read.stdout.slice(read.stdout.indexOf('burst-email.cpuprofile'));
      expect(email).toContain('sendEmail');
      expect(email).toMatch(/^ {2}thread CPU \(\/proc\): \d+ ms = [\d.]+ ms\/payment$/m);
    } finally {
      await rm(profiles, { recursive: true, force: true });
    }
  }, 180_000);
});
