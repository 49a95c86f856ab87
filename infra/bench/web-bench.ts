/**
 * Public pages benchmark (docs/decisions/040): builds the web app, starts the product as `npm start` does
 * (infra/launcher/start.ts on its embedded defaults: an embedded PostgreSQL in a temporary data
 * directory, seeded with the demo content, the sandbox card provider, the worker and the API),
 * runs Lighthouse with the system Chromium N times per public page and prints the medians beside
 * the public pages' targets (METRICS in web-report.ts) and the machine's floor of the same run. Figures only; no assertion
 * (docs/decisions/015, 017).
 *
 *   node --import tsx infra/bench/web-bench.ts [--runs N] [--pages LIST] [--desktop] [--port P]
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigSchema } from '@pillars/platform/config';
import { viteCli } from '@pillars/embedded/paths';
import { freePort } from '@pillars/testing/provision';
import { type Child, REPO_ROOT, spawnNode, waitUntilReady } from './children';
import {
  BenchFailure,
  RUN_OPTIONS,
  Teardown,
  UsageError,
  abortableRun,
  commandLine,
  errorOf,
  intOption,
  progress,
  untilAborted,
} from './common';
import { type Auditor, LighthouseRunError, type PageRun, startAuditor } from './web-lighthouse';
import { type PageResult, type WebBenchResults, render, toJson } from './web-report';

const USAGE = `usage: node --import tsx infra/bench/web-bench.ts [options]   (npm run bench:web -- [options])

  --runs N        Lighthouse runs per page (default 3, max 20); the table shows each figure's median
  --pages LIST    comma-separated: home, membership, event, article, about, privacy, success, or paths
                  such as /news (default: all seven names)
  --desktop       Lighthouse's desktop config instead of its default mobile emulation
  --port P        use ports P to P+6 (app, sandbox, its fields, PostgreSQL, floor page, Chromium,
                  worker metrics); default: free ports
  --no-build      serve the existing web/dist instead of building it first
  --json FILE     also write the figures, targets and floor as JSON
  --timeout S     overall limit in seconds (default 1800); the run then aborts and exits 1
`;

/** The public pages, by the names `--pages` takes; `event` and `article` are found in the seeded content. */
const PAGE_NAMES = ['home', 'membership', 'event', 'article', 'about', 'privacy', 'success'] as const;
const FIXED_PATHS: Record<string, string> = {
  home: '/',
  membership: '/membership',
  about: '/about',
  privacy: '/privacy-policy',
  // Without a payment's hand-off the page shows its general thanks; it renders on its own.
  success: '/success',
};

const START_UP_MS = 120_000;
const TEARDOWN_STEP_MS = 100_000;
/** The launcher stops the worker (up to 60 s for active charges) and then its database. */
const PRODUCT_STOP_GRACE_MS = 90_000;
const PORTS_USED = 7;
/** Attempts at one Lighthouse run before the bench gives up on it. */
const RUN_ATTEMPTS = 3;

interface Options {
  runs: number;
  pages: string[];
  desktop: boolean;
  port: number | undefined;
  build: boolean;
  json: string | undefined;
  timeoutMs: number;
}

function parseOptions(argv: string[]): Options | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string' },
      pages: { type: 'string' },
      desktop: { type: 'boolean' },
      port: { type: 'string' },
      'no-build': { type: 'boolean' },
      ...RUN_OPTIONS,
    },
  });
  if (values.help) return 'help';
  const pages = (values.pages ?? PAGE_NAMES.join(','))
    .split(',')
    .map((page) => page.trim())
    .filter(Boolean);
  for (const page of pages) {
    if (!page.startsWith('/') && !(PAGE_NAMES as readonly string[]).includes(page)) {
      throw new UsageError(`--pages: "${page}" is neither one of ${PAGE_NAMES.join(', ')} nor a path`);
    }
  }
  if (pages.length === 0) throw new UsageError('--pages: name at least one page');
  return {
    runs: intOption(values.runs, 'runs', 3, 1, 20),
    pages,
    desktop: values.desktop ?? false,
    port: values.port === undefined ? undefined : intOption(values.port, 'port', 0, 1024, 65535 - PORTS_USED),
    build: !values['no-build'],
    json: values.json,
    timeoutMs: intOption(values.timeout, 'timeout', 1800, 10, 86_400) * 1000,
  };
}

/** Whether nothing listens on `port` yet (Chromium's launcher would reuse a browser found there). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createNetServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function portsFor(options: Options) {
  const ports =
    options.port === undefined
      ? await Promise.all(Array.from({ length: PORTS_USED }, () => freePort()))
      : Array.from({ length: PORTS_USED }, (_, i) => (options.port ?? 0) + i);
  for (const port of ports) {
    if (!(await portIsFree(port))) throw new UsageError(`port ${port} is in use; pick another --port`);
  }
  const [app, sandbox, fields, postgres, floor, chromium, workerMetrics] = ports as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { app, sandbox, fields, postgres, floor, chromium, workerMetrics };
}

/**
 * The product's environment: this process's without anything the app's config or the sandbox
 * reads (a developer's DATABASE_URL or PORT must not leak in), plus the embedded defaults on the
 * bench's ports and a temporary data directory, so the bench never touches `npm start`'s data.
 */
function productEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key in ConfigSchema.shape || key.startsWith('SANDBOX_')) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

/** A trivial page that scores 100 everywhere: what this machine and Chromium do at best. */
const FLOOR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title><meta name="description" content="A trivial static page, the benchmark's floor."></head>
<body><main><h1>Floor</h1><p>A heading and a sentence, served by the benchmark itself.</p></main></body></html>`;

function startFloorServer(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('User-agent: *\nAllow: /\n');
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FLOOR_PAGE);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const Slugs = z.array(z.object({ slug: z.string() }));

/** The first upcoming event and the newest article of the seeded content. */
async function contentPath(baseUrl: string, kind: 'event' | 'article', signal: AbortSignal): Promise<string> {
  const [api, prefix] = kind === 'event' ? ['/api/events', '/events/'] : ['/api/news', '/news/'];
  const res = await fetch(`${baseUrl}${api}`, { signal });
  if (!res.ok) throw new BenchFailure(`GET ${api} answered ${res.status}`);
  const [first] = Slugs.parse(await res.json());
  if (!first) throw new BenchFailure(`GET ${api} lists nothing: the demo content was not seeded`);
  return `${prefix}${encodeURIComponent(first.slug)}`;
}

function chromiumVersion(path: string): string {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return path;
  }
}

function lighthouseVersion(): string {
  const packageJson = join(REPO_ROOT, 'node_modules/lighthouse/package.json');
  return z.object({ version: z.string() }).parse(JSON.parse(readFileSync(packageJson, 'utf8'))).version;
}

async function measure(options: Options, teardown: Teardown, signal: AbortSignal, abort: (e: Error) => void) {
  const ports = await portsFor(options);
  if (options.build) {
    progress('building the web app');
    // As the browser journeys build it: NODE_ENV=production, whatever the caller's is.
    execFileSync(process.execPath, [viteCli(), 'build', '--logLevel', 'warn'], {
      cwd: join(REPO_ROOT, 'web'),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  signal.throwIfAborted();

  const dataDir = await mkdtemp(join(tmpdir(), 'pillars-web-bench-'));
  // mkdtemp makes it private to us; as root, PostgreSQL runs as another user that must enter it.
  await chmod(dataDir, 0o755);
  teardown.add('data directory', () => rm(dataDir, { recursive: true, force: true }));
  const baseUrl = `http://localhost:${ports.app}`;
  progress(`starting the product on ${baseUrl} (embedded PostgreSQL on ${ports.postgres}, demo content)`);
  let stopping = false;
  const product: Child = spawnNode({
    name: 'product',
    script: 'infra/launcher/start.ts',
    env: productEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(ports.app),
      // The address the pages call canonical: the one Lighthouse browses.
      PUBLIC_URL: baseUrl,
      DATA_DIR: join(dataDir, 'data'),
      MAILBOX_DIR: join(dataDir, 'mailbox'),
      EMBEDDED_POSTGRES_PORT: String(ports.postgres),
      SANDBOX_PORT: String(ports.sandbox),
      SANDBOX_FIELDS_PORT: String(ports.fields),
      WORKER_METRICS_PORT: String(ports.workerMetrics),
      SEED_DEMO_CONTENT: 'true',
      // Production refuses the demo key of the rate limits' pseudonyms (docs/decisions/026).
      RATE_LIMIT_HASH_KEY: randomBytes(32).toString('hex'),
      RATE_LIMITS_RELAXED: 'true',
    }),
    echo: true,
    ipc: true,
    // The launcher stops its services and database when the bench dies without a word.
    preload: ['./infra/launcher/exit-with-launcher.js'],
  });
  teardown.add('product', async () => {
    stopping = true;
    await product.stop(PRODUCT_STOP_GRACE_MS);
  });
  void product.exited.then(({ code, signal: killedBy }) => {
    if (!stopping)
      abort(
        new BenchFailure(`the product exited (code ${code}, signal ${killedBy}):\n  ${product.tail().join('\n  ')}`),
      );
  });
  await waitUntilReady(`http://127.0.0.1:${ports.app}/readyz`, product, START_UP_MS, signal);

  const pages: { name: string; path: string }[] = [];
  for (const page of options.pages) {
    if (page.startsWith('/')) pages.push({ name: page, path: page });
    else if (page === 'event' || page === 'article')
      pages.push({ name: page, path: await contentPath(baseUrl, page, signal) });
    else pages.push({ name: page, path: FIXED_PATHS[page] ?? '/' });
  }

  const floorServer = await startFloorServer(ports.floor);
  teardown.add('floor page server', () => new Promise<void>((resolve) => floorServer.close(() => resolve())));

  progress('starting Chromium');
  const auditor: Auditor = await untilAborted(startAuditor({ desktop: options.desktop, port: ports.chromium }), signal);
  teardown.add('Chromium', () => auditor.close());

  let retried = 0;
  const audit = async (label: string, url: string, run: number): Promise<PageRun> => {
    for (let attempt = 1; ; attempt++) {
      progress(`Lighthouse ${label}, run ${run} of ${options.runs}${attempt > 1 ? `, attempt ${attempt}` : ''}`);
      try {
        return await untilAborted(auditor.run(url), signal);
      } catch (error) {
        // Lighthouse asks for another run when its trace went wrong; anything else ends the bench.
        if (!(error instanceof LighthouseRunError) || attempt >= RUN_ATTEMPTS) throw error;
        progress(`${error.message}; running it again`);
        retried++;
      }
    }
  };
  const loadBefore = loadavg()[0] ?? 0;
  const results: PageResult[] = [];
  for (const page of pages) {
    const runs: PageRun[] = [];
    for (let run = 1; run <= options.runs; run++) runs.push(await audit(page.path, `${baseUrl}${page.path}`, run));
    results.push({ ...page, runs });
  }
  const floor: PageRun[] = [];
  for (let run = 1; run <= options.runs; run++)
    floor.push(await audit('floor page', `http://localhost:${ports.floor}/`, run));
  const cpu = cpus();
  const measured: WebBenchResults = {
    mode: options.desktop ? 'desktop' : 'mobile',
    runsPerPage: options.runs,
    lighthouseVersion: lighthouseVersion(),
    chromium: chromiumVersion(auditor.chromiumPath),
    machine: `${cpu.length} CPUs (${cpu[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()}, Node ${process.version}`,
    load: { before: loadBefore, after: loadavg()[0] ?? 0 },
    retried,
    pages: results,
    floor,
  };
  return measured;
}

async function main(): Promise<number> {
  const options = commandLine(parseOptions, USAGE);
  if (typeof options === 'number') return options;

  const run = abortableRun(options.timeoutMs);
  const { abort } = run;

  const teardown = new Teardown();
  let exitCode = 0;
  try {
    const results = await measure(options, teardown, run.signal, abort);
    process.stdout.write(`${render(results).join('\n')}\n`);
    if (options.json) await writeFile(options.json, `${JSON.stringify(toJson(results), null, 2)}\n`);
  } catch (error) {
    const reason = run.reasonOf(error);
    process.stderr.write(`\nbenchmark aborted: ${errorOf(reason).message}\n`);
    if (reason instanceof UsageError) process.stderr.write(`\n${USAGE}`);
    else if (!(reason instanceof BenchFailure) && reason instanceof Error && reason.stack) {
      process.stderr.write(`${reason.stack}\n`);
    }
    exitCode = run.interrupted() ? 130 : reason instanceof UsageError ? 2 : 1;
  } finally {
    await run.tearDown(teardown, TEARDOWN_STEP_MS);
  }
  return exitCode;
}

// Exit explicitly: a stray handle (a keep-alive socket, Lighthouse's connection) must not keep a finished run alive.
process.exit(await main());
