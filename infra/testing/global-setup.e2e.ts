import { randomBytes } from 'node:crypto';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, viteCli } from '@pillars/embedded/paths';
import { buildApi } from './api-build';
import { findChromium } from './chromium';
import { provideTestPostgres, withDatabase } from './postgres';
import { freePort } from './provision';
import { dropDatabase } from './template-database';

const E2E_PUBLIC_URL = 'https://pillars.example.org';
/** The first admin, created by the app at start from ADMIN_USERNAME / ADMIN_PASSWORD. */
const E2E_ADMIN = { username: 'journey-admin', password: 'journeys need a strong passphrase' };

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before it was ready`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}

/**
 * Browser journeys run against the product as `npm start` runs it: the web app is built, then
 * the launcher migrates and seeds an empty database and serves everything on one port.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build: the
  // journeys test the production bundle, as `npm start` serves it.
  execFileSync(process.execPath, [viteCli(), 'build', '--logLevel', 'warn'], {
    cwd: join(REPO_ROOT, 'web'),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  buildApi();

  const postgres = await provideTestPostgres();
  // Password-reset e-mails land here as .eml files; the journeys read the link from them.
  const mailboxDir = await mkdtemp(join(tmpdir(), 'pillars-e2e-mailbox-'));
  const database = `e2e_${process.pid}`;
  let app: ChildProcess | undefined;
  const teardown = async () => {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app?.once('exit', resolve));
      app.kill('SIGTERM');
      await exited;
    }
    await dropDatabase(postgres.adminUrl, database).catch(() => undefined);
    await rm(mailboxDir, { recursive: true, force: true });
    await postgres.stop();
  };

  try {
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();

    const [port, sandboxPort, fieldsPort] = [await freePort(), await freePort(), await freePort()];
    app = spawn(process.execPath, ['--import', 'tsx', 'infra/launcher/start.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SEED_DEMO_CONTENT: 'true',
        DATABASE_URL: withDatabase(postgres.adminUrl, database),
        PORT: String(port),
        SANDBOX_PORT: String(sandboxPort),
        // The hosted fields' second origin; the launcher passes it to the api for the CSP.
        SANDBOX_FIELDS_PORT: String(fieldsPort),
        // The worker's /healthz and /metrics on any free port: other suites run workers meanwhile.
        WORKER_METRICS_PORT: '0',
        // Production refuses the demo key of the rate limits' pseudonyms (docs/decisions/026).
        RATE_LIMIT_HASH_KEY: randomBytes(32).toString('hex'),
        HOST: '127.0.0.1',
        // The canonical host differs from where the journeys browse, as on a preview deployment.
        PUBLIC_URL: E2E_PUBLIC_URL,
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        MAILBOX_DIR: mailboxDir,
        LOG_LEVEL: 'warn',
        // Every journey browses from this machine's one address (docs/decisions/026).
        RATE_LIMITS_RELAXED: 'true',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilReady(`${baseUrl}/readyz`, app, 60_000);
    project.provide('chromiumPath', chromiumPath);
    project.provide('e2eBaseUrl', baseUrl);
    project.provide('e2ePublicUrl', E2E_PUBLIC_URL);
    project.provide('e2eAdmin', E2E_ADMIN);
    project.provide('e2eMailboxDir', mailboxDir);
    project.provide('e2eSandboxUrl', `http://127.0.0.1:${sandboxPort}`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
