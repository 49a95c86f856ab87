import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NewsList } from '@pillars/shared/contracts';
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

function start(): { child: ChildProcess; output: () => string } {
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
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

function interrupt(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

const postgresUp = () => postgresAnswers(`postgres://postgres:postgres@127.0.0.1:${postgresPort}/postgres`);

describe('npm start on embedded defaults', () => {
  it(
    'serves the app and seeded content, stops cleanly on Ctrl-C, and keeps its data',
    { timeout: 180_000 },
    async () => {
      await mkdir(staticDir);
      await writeFile(join(staticDir, 'index.html'), '<html><head><!--app-config--></head><body>app</body></html>');

      const first = start();
      await untilReady(first);
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      // Metrics, not the web app's HTML (docs/decisions/029).
      expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/^process_cpu_seconds_total\{service="api"\}/m);
      expect(await (await fetch(`${base}/`)).text()).toContain('id="app-config"');
      const news = NewsList.parse(await (await fetch(`${base}/api/news`)).json());
      expect(news.length).toBeGreaterThanOrEqual(6);
      expect(first.output()).toContain('seeded demo content');

      expect(await interrupt(first.child)).toBe(0);
      expect(await postgresUp()).toBe(false);

      // Second run: same data directory, nothing re-seeded, the same articles.
      const second = start();
      await untilReady(second);
      const again = NewsList.parse(await (await fetch(`${base}/api/news`)).json());
      expect(again.map((n) => n.id)).toEqual(news.map((n) => n.id));
      expect(second.output()).not.toContain('seeded demo content');
      expect(await interrupt(second.child)).toBe(0);
      expect(await postgresUp()).toBe(false);
    },
  );
});
