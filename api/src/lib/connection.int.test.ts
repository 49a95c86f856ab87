import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flushOutboxMarks } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { QUEUE_MONITOR_CONTENT_SECURITY_POLICY, QUEUE_MONITOR_PATH } from '../features/admin/queue-monitor';
import { createTestAdmin, signIn } from '../test/admin-session';
import { answersCounted, rawExchange, rawPostHead, sendOn, statusOf } from '../test/raw-http';
import { testApp, useAppInfra } from '../test/test-app';
import { HTTP_TIMEOUTS, listen } from './http-server';
import { CUT_MARKER, MAX_LOGGED_PATH } from './request-logger';
import { donationBody } from '../test/donation-body';

// The connection as a client meets it (docs/decisions/027): refused bodies, aborted uploads,
// timeouts, logged paths, over a real socket to the server the API runs on.
const database = await useTestDatabase();
const infra = await useAppInfra(database);
const logged: string[] = [];
const logger = createLogger({ level: 'debug', destination: { write: (line: string) => logged.push(line) } });
const app = testApp(database, { ...infra, logger });
const server = listen(app, { hostname: '127.0.0.1', port: 0 });
await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
const { port } = server.address() as AddressInfo;
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await flushOutboxMarks(database.db);
});

const donation = () => JSON.stringify(donationBody());

const send = (agent: Agent, method: string, path: string, body?: string, chunked = false) =>
  sendOn(agent, port, { method, path, ...(body === undefined ? {} : { body }), chunked });

describe('a refused body on a kept-alive connection', () => {
  it.each([
    ['with its Content-Length', false],
    ['chunked', true],
  ])('answers 413 %s with Connection: close, and the next request on the agent gets its answer', async (_, chunked) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, 'POST', '/api/donations', 'x'.repeat(1024 * 1024), chunked);
      expect(refused).toMatchObject({ status: 413, connection: 'close' });
      const next = await send(agent, 'POST', '/api/donations', donation());
      expect(statusOf(next)).toBe(202);
    } finally {
      agent.destroy();
    }
  });

  it('keeps the connection alive after a body read whole', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, 'POST', '/api/donations', donation());
      expect(first).toMatchObject({ status: 202, connection: 'keep-alive' });
      expect(statusOf(await send(agent, 'POST', '/api/donations', donation()))).toBe(202);
    } finally {
      agent.destroy();
    }
  });
});

const metricsCount = async (status: number) => answersCounted(await (await app.request('/metrics')).text(), status);

/** Waits until the server has logged the line of the request to `path` (it logs after the socket closed). */
async function loggedLineFor(path: string): Promise<{ level: number; status: number; msg: string }> {
  for (let i = 0; i < 200; i++) {
    const line = logged.map((l) => JSON.parse(l) as { path?: string; level: number; status: number; msg: string });
    const found = line.find((l) => l.path === path);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no request line for ${path}`);
}

describe('a body that never arrives whole', () => {
  it.each([
    ['an upload closed halfway', 'Content-Length: 400', '{"firstName":"Mar', true],
    ['a chunked upload closed halfway', 'Transfer-Encoding: chunked', '11\r\n{"firstName":"Mar\r\n', true],
    [
      'a malformed chunked body',
      'Transfer-Encoding: chunked',
      '11\r\n{"firstName":"Mar\r\nZZ\r\n}\r\n0\r\n\r\n',
      false,
    ],
  ])('%s is a client error: no 500 counted, nothing logged at error level', async (_, framing, body, close) => {
    const path = `/api/donations?case=${randomUUID()}`;
    const before = await metricsCount(500);
    logged.length = 0;
    await rawExchange(port, rawPostHead(path, framing) + body, close);
    const line = await loggedLineFor('/api/donations');
    expect(line).toMatchObject({ status: 400, msg: 'request done' });
    expect(logged.map((l) => (JSON.parse(l) as { level: number }).level).filter((level) => level >= 50)).toEqual([]);
    expect(await metricsCount(500)).toBe(before);
  });
});

describe('timeouts', () => {
  it('cuts slow headers and a slow body within 30 s, and outlasts a load balancer’s 60 s idle timeout', () => {
    expect({
      headersTimeout: server.headersTimeout,
      requestTimeout: server.requestTimeout,
      keepAliveTimeout: server.keepAliveTimeout,
    }).toEqual({ headersTimeout: 10_000, requestTimeout: 25_000, keepAliveTimeout: 65_000 });
    // Node checks the deadlines every interval: a request is cut at most that late.
    expect(server.requestTimeout + HTTP_TIMEOUTS.connectionsCheckingInterval).toBeLessThanOrEqual(30_000);
    expect(server.headersTimeout + HTTP_TIMEOUTS.connectionsCheckingInterval).toBeLessThanOrEqual(15_000);
  });

  it('announces its keep-alive timeout, so a client pool closes an idle connection first', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port, path: '/api/auth/me', agent }, (res) => {
          res.resume();
          resolve(res.headers['keep-alive'] as string | undefined);
        })
          .on('error', reject)
          .end();
      });
      expect(keepAlive).toBe('timeout=65');
    } finally {
      agent.destroy();
    }
  });
  // The payments bench's steady phase once aborted with "fetch failed": its clients sat idle a few
  // seconds between phases, and the server, on Node's default 5 s keep-alive, closed idle sockets
  // just as a busy client (its own timers late) sent the next request on them. A pause past 5 s
  // must leave the connection open, so the client's side always closes first.
  it('keeps an idle connection past Node’s default 5 s, and the next request reuses it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number | undefined; reused: boolean }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/api/auth/me', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, reused: req.reusedSocket }));
        });
        req.on('error', reject).end();
      });
    try {
      expect(await get()).toEqual({ status: 401, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get()).toEqual({ status: 401, reused: true });
    } finally {
      agent.destroy();
    }
  }, 15_000);
});

describe('the access log', () => {
  it(`cuts a long path to ${MAX_LOGGED_PATH} characters and marks it cut`, async () => {
    logged.length = 0;
    const longPath = `/api/news/${'a'.repeat(10_000)}`;
    const res = await app.request(longPath);
    expect(res.status).toBe(404);
    const line = logged
      .map((l) => JSON.parse(l) as { msg: string; path: string })
      .find((l) => l.msg === 'request done');
    expect(line?.path).toBe(`${longPath.slice(0, MAX_LOGGED_PATH)}${CUT_MARKER}`);
    expect(logged.join('')).not.toContain('a'.repeat(MAX_LOGGED_PATH));
  });
});

describe('the queue monitor', () => {
  it('has a Content-Security-Policy no one may frame, on its page and its API', async () => {
    const cookie = await signIn(app, await createTestAdmin(database.db));
    for (const path of [QUEUE_MONITOR_PATH, `${QUEUE_MONITOR_PATH}/api/queues`]) {
      const res = await app.request(path, { headers: { cookie } });
      expect({ path, status: res.status, csp: res.headers.get('content-security-policy') }).toEqual({
        path,
        status: 200,
        csp: QUEUE_MONITOR_CONTENT_SECURITY_POLICY,
      });
    }
    expect(QUEUE_MONITOR_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });
});
