/**
 * The payments benchmark's load client, a process of its own (started by payments-bench.ts with an
 * IPC channel): it creates card tokens at the sandbox provider untimed, then runs each phase the
 * orchestrator commands against the API over HTTP and answers with raw per-payment timings.
 * It only sends what a browser would: POST /api/donations, then long-polls of GET /api/payments/:id.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { MAX_PAYMENT_WAIT_MS, PaymentAccepted, PaymentStatus } from '@pillars/contracts';
import { type CardDetails, type CardProvider, createPayTheoryProvider } from '@pillars/money/provider';
import { BenchFailure, errorOf, runPool } from './common';
import {
  type ClientCommand as ClientCommandType,
  type ClientReply,
  type ClientSetup,
  type PaymentSample,
  type PhaseTimings,
  ClientCommand,
} from './protocol';

/** Cards the sandbox accepts; 25.00 is not one of its declining amounts (1.02, 1.93, 1.94). */
const CARDS: CardDetails[] = [
  { number: '4111111111111111', securityCode: '123', expMonth: '12', expYear: '2035', postalCode: '19106' },
  { number: '5454545454545454', securityCode: '123', expMonth: '12', expYear: '2035', postalCode: '19106' },
  { number: '343434343434343', securityCode: '1234', expMonth: '12', expYear: '2035', postalCode: '19106' },
  { number: '6542154846623459', securityCode: '123', expMonth: '12', expYear: '2035', postalCode: '19106' },
];
export const AMOUNT = '25.00';
const AMOUNT_CENTS = 2500;
/** Long-polls one payment may take before the client gives up on it (25 s each). */
const POLLS_PER_PAYMENT = 20;

const send = (reply: ClientReply) => process.send?.(reply);

// The orchestrator stops this process by signal; an abort ends every request in flight.
const stop = new AbortController();
setMaxListeners(0, stop.signal);

let setup: ClientSetup | undefined;
let tokens: string[] = [];
let donationCounter = 0;

async function tokenize(config: ClientSetup): Promise<number> {
  const provider: CardProvider = createPayTheoryProvider({
    graphqlUrl: config.graphqlUrl,
    merchantUid: config.merchantUid,
    secretKey: config.secretKey,
    liveMode: false,
    timeoutMs: 15_000,
  });
  const started = performance.now();
  tokens = new Array<string>(config.tokens);
  await runPool(config.tokens, 10, stop.signal, async (i) => {
    const card = CARDS[i % CARDS.length] as CardDetails;
    const outcome = await provider.tokenizeCard(card, {
      firstName: 'Bench',
      lastName: `Donor ${i}`,
      email: `bench+${i}@example.org`,
    });
    if (outcome.status !== 'tokenized') throw new BenchFailure(`the sandbox refused a test card: ${outcome.message}`);
    tokens[i] = outcome.paymentMethodId;
  });
  return performance.now() - started;
}

/** POST one donation; returns the payment id and, if the 202 already says so, its final state. */
async function submit(apiUrl: string): Promise<{ paymentId: string; settled: 'succeeded' | 'failed' | undefined }> {
  const i = donationCounter++;
  const body = {
    firstName: 'Bench',
    lastName: `Donor ${i}`,
    email: `bench+${i}@example.org`,
    phone: '555-010-1776',
    amount: AMOUNT,
    amountCents: String(AMOUNT_CENTS),
    paymentMethod: 'card',
    isRecurring: false,
    provider: 'paytheory',
    paymentMethodToken: tokens[i % tokens.length],
  };
  const res = await fetchResending(`${apiUrl}/api/donations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
    signal: stop.signal,
  });
  if (res.status !== 202) {
    throw new BenchFailure(`POST /api/donations answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
  const accepted = PaymentAccepted.parse(await res.json());
  const settled = accepted.status === 'succeeded' || accepted.status === 'failed' ? accepted.status : undefined;
  return { paymentId: accepted.paymentId, settled };
}

/**
 * fetch, sent once more when the connection was reset before any answer: a kept-alive socket the
 * server closed just as the client reused it. The API's keep-alive (65 s, docs/decisions/027)
 * outlasts the pauses between phases, so this is a belt to its braces. Both requests here are
 * safe to repeat: the POST carries the same Idempotency-Key.
 */
async function fetchResending(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = error instanceof TypeError ? (error.cause as { code?: string } | undefined) : undefined;
    // undici reports a socket the server closed under a request as ECONNRESET or, when the close
    // arrived first, as UND_ERR_SOCKET ("other side closed").
    if (cause?.code !== 'ECONNRESET' && cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

async function settle(apiUrl: string, paymentId: string): Promise<'succeeded' | 'failed'> {
  for (let poll = 0; poll < POLLS_PER_PAYMENT; poll++) {
    const res = await fetchResending(`${apiUrl}/api/payments/${paymentId}?waitMs=${MAX_PAYMENT_WAIT_MS}`, {
      signal: stop.signal,
    });
    if (res.status !== 200) {
      throw new BenchFailure(
        `GET /api/payments/${paymentId} answered ${res.status}: ${(await res.text()).slice(0, 300)}`,
      );
    }
    const status = PaymentStatus.parse(await res.json());
    if (status.state === 'succeeded' || status.state === 'failed') return status.state;
  }
  throw new BenchFailure(`payment ${paymentId} still not settled after ${POLLS_PER_PAYMENT} long-polls`);
}

/** One donation end to end: sent at `dueAt` (or as soon as possible after it), then long-polled. */
async function donate(apiUrl: string, dueAt: number): Promise<PaymentSample> {
  const sentAt = performance.now();
  const { paymentId, settled } = await submit(apiUrl);
  const acceptedAt = performance.now();
  const state = settled ?? (await settle(apiUrl, paymentId));
  return { paymentId, dueAt, sentAt, acceptedAt, settledAt: performance.now(), state };
}

function timingsOf(samples: PaymentSample[], startedAt: number): PhaseTimings {
  return {
    samples,
    firstSentAt: samples.reduce((first, s) => Math.min(first, s.sentAt), Number.POSITIVE_INFINITY),
    lastAcceptedAt: samples.reduce((last, s) => Math.max(last, s.acceptedAt), startedAt),
    lastSettledAt: samples.reduce((last, s) => Math.max(last, s.settledAt), startedAt),
  };
}

/**
 * Closed loop: each of `concurrency` lanes submits, then starts long-polling that payment in the
 * background and submits the next, so accepted/s measures the API alone.
 */
async function burst(apiUrl: string, donations: number, concurrency: number): Promise<PhaseTimings> {
  const startedAt = performance.now();
  const samples: PaymentSample[] = [];
  const polls: Promise<void>[] = [];
  await runPool(donations, concurrency, stop.signal, async () => {
    const sentAt = performance.now();
    const { paymentId, settled } = await submit(apiUrl);
    const acceptedAt = performance.now();
    polls.push(
      (settled ? Promise.resolve(settled) : settle(apiUrl, paymentId)).then((state) => {
        samples.push({ paymentId, dueAt: sentAt, sentAt, acceptedAt, settledAt: performance.now(), state });
      }),
    );
  });
  await Promise.all(polls);
  return timingsOf(samples, startedAt);
}

/** Submissions only, from `concurrency` lanes: what the API accepts while nothing is charged. */
async function acceptOnly(apiUrl: string, donations: number, concurrency: number): Promise<ClientReply> {
  const paymentIds: string[] = [];
  const acceptMs: number[] = [];
  let firstSentAt = Number.POSITIVE_INFINITY;
  let lastAcceptedAt = 0;
  await runPool(donations, concurrency, stop.signal, async () => {
    const sentAt = performance.now();
    firstSentAt = Math.min(firstSentAt, sentAt);
    const { paymentId } = await submit(apiUrl);
    const acceptedAt = performance.now();
    lastAcceptedAt = Math.max(lastAcceptedAt, acceptedAt);
    paymentIds.push(paymentId);
    acceptMs.push(acceptedAt - sentAt);
  });
  return { type: 'accepted', paymentIds, firstSentAt, lastAcceptedAt, acceptMs };
}

async function idle(apiUrl: string, donations: number): Promise<PhaseTimings> {
  const startedAt = performance.now();
  const samples: PaymentSample[] = [];
  for (let i = 0; i < donations; i++) samples.push(await donate(apiUrl, performance.now()));
  return timingsOf(samples, startedAt);
}

/**
 * Open loop: arrival k is due at start + k / rate, whatever happened to earlier ones, so a slow
 * answer never slows the offered load (no coordinated omission). Latency counts from `dueAt`.
 */
async function steady(apiUrl: string, rate: number, durationMs: number): Promise<PhaseTimings> {
  const total = Math.max(1, Math.round((rate * durationMs) / 1000));
  const intervalMs = 1000 / rate;
  const startedAt = performance.now() + 20;
  const inFlight: Promise<PaymentSample>[] = [];
  let next = 0;
  while (next < total) {
    stop.signal.throwIfAborted();
    const wait = startedAt + next * intervalMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Everything due by now goes out at once: a late timer does not lower the offered load.
    while (next < total && startedAt + next * intervalMs <= performance.now()) {
      inFlight.push(donate(apiUrl, startedAt + next * intervalMs));
      next++;
    }
  }
  return timingsOf(await Promise.all(inFlight), startedAt);
}

async function run(command: ClientCommandType): Promise<ClientReply> {
  if (command.type === 'setup') {
    setup = command.setup;
    return { type: 'ready', tokenizeMs: await tokenize(command.setup) };
  }
  if (!setup) throw new BenchFailure(`${command.type} before setup`);
  const { apiUrl } = setup;
  switch (command.type) {
    case 'burst':
      return { type: 'done', timings: await burst(apiUrl, command.donations, command.concurrency) };
    case 'accept':
      return acceptOnly(apiUrl, command.donations, command.concurrency);
    case 'idle':
      return { type: 'done', timings: await idle(apiUrl, command.donations) };
    case 'steady':
      return { type: 'done', timings: await steady(apiUrl, command.rate, command.durationMs) };
  }
}

if (!process.send) {
  process.stderr.write('load-client.ts is started by payments-bench.ts with an IPC channel\n');
  process.exit(2);
}
process.on('message', (raw: unknown) => {
  const command = ClientCommand.safeParse(raw);
  if (!command.success) {
    send({ type: 'failed', message: `unknown command: ${command.error.message}` });
    return;
  }
  run(command.data).then(send, (error: unknown) => send({ type: 'failed', message: errorOf(error).message }));
});
// Ended by the orchestrator: abort what is in flight, then exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stop.abort(new BenchFailure(`load client: ${signal}`));
    process.exit(0);
  });
}
process.on('disconnect', () => process.exit(0));
