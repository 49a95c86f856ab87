import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NewsList } from '@pillars/contracts';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresAnswers } from '@pillars/embedded/postgres';
import { freePort } from '@pillars/testing/provision';
import { REPO_ROOT } from '@pillars/embedded/paths';

// The quick start itself: with no DATABASE_URL the launcher runs an embedded PostgreSQL under
// DATA_DIR, migrates, seeds once, serves on PORT, and Ctrl-C stops everything, database last.
const dataDir = await mkdtemp(join(tmpdir(), 'pillars-launcher-'));
await chmod(dataDir, 0o755);
const staticDir = join(dataDir, 'web');
const port = await freePort();
const postgresPort = await freePort();
const sandboxPort = await freePort();
const sandboxFieldsPort = await freePort();
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/launcher/start.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(postgresPort),
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_FIELDS_PORT: String(sandboxFieldsPort),
      // The worker's /healthz and /metrics on any free port: other suites run workers meanwhile.
      WORKER_METRICS_PORT: '0',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, as a shell gives a job: Ctrl-C goes to the whole group.
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function untilReady(run: { child: ChildProcess; output: () => string }): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!run.output().includes(`running at http://localhost:${port}`)) {
    if (run.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`launcher did not start:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Ctrl-C as a terminal sends it: SIGINT to every process in the launcher's process group. */
async function interrupt(child: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (exitCode) => resolve(exitCode));
    process.kill(-(child.pid ?? 0), 'SIGINT');
  });
  return { code, ms: performance.now() - started };
}

interface LogLine {
  level: number;
  pid?: number;
  name?: string;
  msg: string;
  service?: string;
}

/** The pino lines of a run (the launcher's banner and other plain text are skipped). */
function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The stop is ordered (every service stopped before the database) and logs no error. */
function expectCleanStop(output: string): void {
  const lines = logLines(output);
  expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  const index = (name: string, msg: string) => lines.findIndex((line) => line.name === name && line.msg === msg);
  const databaseStopped = index('database', 'embedded PostgreSQL stopped');
  expect(databaseStopped).toBeGreaterThan(0);
  for (const [name, msg] of [
    ['api', 'stopped'],
    ['worker', 'stopped'],
    ['sandbox-provider', 'sandbox provider stopped'],
  ] as const) {
    const at = index(name, msg);
    expect(at, `${name}: ${msg}`).toBeGreaterThan(0);
    expect(at, `${name} stopped before the database`).toBeLessThan(databaseStopped);
  }
}

/**
 * The connections the stack holds, by process (application_name), not counting the one asking.
 * Queues on PostgreSQL (no REDIS_URL), as `npm start` runs them (docs/decisions/006).
 */
async function heldConnections(): Promise<{ total: number; byName: Record<string, number> }> {
  const client = new pg.Client(`postgres://postgres:postgres@127.0.0.1:${postgresPort}/postgres`);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; count: number }>(
      `SELECT application_name AS name, count(*)::int AS count FROM pg_stat_activity
        WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() GROUP BY 1`,
    );
    const byName = Object.fromEntries(rows.map((row) => [row.name, row.count]));
    return { total: rows.reduce((sum, row) => sum + row.count, 0), byName };
  } finally {
    await client.end();
  }
}

const postgresUp = () => postgresAnswers(`postgres://postgres:postgres@127.0.0.1:${postgresPort}/postgres`);

/** Ctrl-C to a run: it exits 0 with the database down and a clean, ordered stop. Returns how long it took. */
async function stopCleanly(run: ReturnType<typeof start>): Promise<{ ms: number }> {
  const stopped = await interrupt(run.child);
  expect(stopped.code).toBe(0);
  expect(await postgresUp()).toBe(false);
  expectCleanStop(run.output());
  return stopped;
}

describe('npm start on embedded defaults', () => {
  it(
    'serves the app and seeded content, stops cleanly on Ctrl-C, and keeps its data',
    { timeout: 180_000 },
    async () => {
      await mkdir(staticDir);
      await writeFile(join(staticDir, 'index.html'), '<html><head><!--app-config--></head><body>app</body></html>');

      const first = start();
      await untilReady(first);
      // "ready" only once every service answered its readiness check.
      const lines = logLines(first.output());
      const readyAt = lines.findIndex((line) => line.name === 'launcher' && line.msg === 'ready');
      for (const [name, msg] of [
        ['worker', 'worker started'],
        ['api', 'api listening'],
        ['sandbox-provider', 'sandbox provider listening'],
      ] as const) {
        const at = lines.findIndex((line) => line.name === name && line.msg === msg);
        expect(at, `${name}: ${msg}`).toBeGreaterThanOrEqual(0);
        expect(at, `${name} started before "ready"`).toBeLessThan(readyAt);
      }
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      // Metrics, not the web app's HTML (docs/decisions/029).
      expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/^process_cpu_seconds_total\{service="api"\}/m);
      expect(await (await fetch(`${base}/`)).text()).toContain('id="app-config"');
      const news = NewsList.parse(await (await fetch(`${base}/api/news`)).json());
      expect(news.length).toBeGreaterThanOrEqual(6);
      expect(first.output()).toContain('seeded demo content');
      // The connection budget of an idle start, just after its start-up jobs and these requests.
      const held = await heldConnections();
      expect(held.total, JSON.stringify(held.byName)).toBeLessThanOrEqual(15);
      expect(held.byName['worker-queues'], 'the worker: one queue pool and one LISTEN').toBeLessThanOrEqual(4);

      const firstStop = await stopCleanly(first);

      // Second run: same data directory, nothing re-seeded, the same articles.
      const second = start();
      await untilReady(second);
      const again = NewsList.parse(await (await fetch(`${base}/api/news`)).json());
      expect(again.map((n) => n.id)).toEqual(news.map((n) => n.id));
      expect(second.output()).not.toContain('seeded demo content');
      const secondStop = await stopCleanly(second);

      // Third run: a launcher killed outright leaves nothing running; its services and the
      // database notice the closed IPC channel and stop themselves.
      const third = start();
      await untilReady(third);
      const killedAt = performance.now();
      process.kill(third.child.pid ?? 0, 'SIGKILL');
      const deadline = Date.now() + 30_000;
      while ((await postgresUp()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const orphanedMs = performance.now() - killedAt;
      expect(await postgresUp()).toBe(false);
      expect(
        await fetch(`${base}/readyz`).then(
          () => 'answered',
          () => 'refused',
        ),
      ).toBe('refused');
      expect(logLines(third.output()).filter((line) => line.level >= 50)).toEqual([]);
      // Every process that logged (each service, the database keeper) is gone, not only those whose
      // ports are checked above: a service whose stop hangs would otherwise run on unseen.
      const pids = [...new Set(logLines(third.output()).flatMap((line) => (line.pid ? [line.pid] : [])))];
      expect(pids.length).toBeGreaterThanOrEqual(4);
      const running = () => pids.filter(isRunning);
      await expect.poll(running, { timeout: 30_000, interval: 200 }).toEqual([]);

      process.stdout.write(
        `Ctrl-C to exit: ${Math.round(firstStop.ms)} ms, ${Math.round(secondStop.ms)} ms; ` +
          `SIGKILLed launcher to database down: ${Math.round(orphanedMs)} ms\n`,
      );
    },
  );
});

/** Whether a process with this id still exists (signal 0 only checks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A port some other process holds, as a user's other program would. */
async function holdPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

describe('npm start with a port already taken', () => {
  it.each([
    ['WORKER_METRICS_PORT', 'worker'],
    ['SANDBOX_PORT', 'sandbox'],
  ])(
    '%s taken: exits non-zero without "ready" and shows the %s\'s last lines',
    // Within 60 s: the start's own deadline for a service to answer.
    { timeout: 60_000 },
    async (setting, service) => {
      const taken = await holdPort();
      try {
        const run = start({ [setting]: String(taken.port) });
        const code = await new Promise<number | null>((resolve) => run.child.once('exit', resolve));
        const output = run.output();
        expect(code).toBe(1);
        expect(logLines(output).map((line) => line.msg)).not.toContain('ready');
        expect(output).not.toContain('running at');
        // The report comes last, naming the service, with the service's own line about its port.
        const report = output.slice(
          output.lastIndexOf(`  ${service}: exited during start-up (exit code 1). Its last lines:`),
        );
        expect(report).toContain(
          `port ${taken.port} (${setting}) is already in use by another process: stop that process or set ${setting} to a free port`,
        );
        // The database it had started is stopped again.
        expect(await postgresUp()).toBe(false);
      } finally {
        await new Promise((resolve) => taken.server.close(resolve));
      }
    },
  );
});
