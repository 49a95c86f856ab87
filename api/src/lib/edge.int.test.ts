import { randomBytes, randomUUID } from 'node:crypto';
import { type Server, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ApiError, PaymentAccepted } from '@pillars/contracts';
import { donations, idempotencyKeys, newsArticles, payments } from '@pillars/platform/db';
import { QUEUES, flushOutboxMarks } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { QUEUE_MONITOR_PATH } from '../features/admin/queue-monitor';
import { asAdmin, createTestAdmin, signIn } from '../test/admin-session';
import { testApp, useAppInfra } from '../test/test-app';
import { BODY_LIMITS, MAX_JSON_DEPTH, requestBodyMessages } from './request-body';
import { donationBody } from '../test/donation-body';

// The HTTP edge (docs/decisions/027): body sizes, JSON only as JSON, bounded nesting, database
// refusals of a request's values, one origin check on every path, no-store on personal answers.
const database = await useTestDatabase();
const { db } = database;
const infra = await useAppInfra(database);
const logged: string[] = [];
const logger = createLogger({ level: 'debug', destination: { write: (line: string) => logged.push(line) } });
const app = testApp(database, { ...infra, logger });
afterAll(() => flushOutboxMarks(db));

const rowsOf = async () => ({
  donations: (await db.select({ n: count() }).from(donations))[0]?.n,
  payments: (await db.select({ n: count() }).from(payments))[0]?.n,
  keys: (await db.select({ n: count() }).from(idempotencyKeys))[0]?.n,
});

async function errorOf(res: Response) {
  return ApiError.parse(await res.json());
}

/** A body that arrives in chunks with no Content-Length, as `Transfer-Encoding: chunked` does. */
function chunked(text: string, chunkSize = 8 * 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

describe('body size', () => {
  const oversized = JSON.stringify(donationBody({ firstName: 'x'.repeat(BODY_LIMITS.default) }));

  it('refuses a public write over the default limit with 413, by its Content-Length', async () => {
    const before = await rowsOf();
    const res = await app.request('/api/donations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(oversized.length) },
      body: oversized,
    });
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({
      error: requestBodyMessages.tooLarge(BODY_LIMITS.default),
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses a chunked body without Content-Length once it passes the limit', async () => {
    const before = await rowsOf();
    const request = new Request('http://localhost/api/donations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: chunked(oversized),
      duplex: 'half',
    });
    expect(request.headers.get('content-length')).toBeNull();
    const res = await app.request(request);
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await rowsOf()).toEqual(before);
  });

  it('accepts a chunked body within the limit', async () => {
    const res = await app.request(
      new Request('http://localhost/api/donations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: chunked(JSON.stringify(donationBody()), 64),
        duplex: 'half',
      }),
    );
    expect(res.status).toBe(202);
  });

  it('refuses an oversized chunked body over a real socket, before reading all of it', async () => {
    const server = serve({ fetch: (req: Request) => app.fetch(req), hostname: '127.0.0.1', port: 0 }) as Server;
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      const before = await rowsOf();
      const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
        (resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: '/api/donations', method: 'POST' }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          });
          req.on('error', reject);
          req.setHeader('content-type', 'application/json');
          // write() without a Content-Length: Node sends Transfer-Encoding: chunked.
          for (let i = 0; i < 16; i++) req.write(oversized.slice(i * 8192, (i + 1) * 8192) || ' ');
          req.end();
        },
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        error: requestBodyMessages.tooLarge(BODY_LIMITS.default),
        code: 'PAYLOAD_TOO_LARGE',
      });
      expect(await rowsOf()).toEqual(before);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("lets the news editor save the longest article, over the default limit, and refuses one over the editor's", async () => {
    const cookie = await signIn(app, await createTestAdmin(db));
    // 50,000 characters (the editor's maximum) of three-byte text: the largest legitimate article body.
    const article = {
      title: 'The longest article',
      excerpt: 'Long',
      content: '憲'.repeat(50_000),
      status: 'draft',
      publishedAt: new Date().toISOString(),
    };
    const body = JSON.stringify(article);
    expect(Buffer.byteLength(body)).toBeGreaterThan(BODY_LIMITS.default);
    const saved = await app.request('/api/admin/news', { method: 'POST', headers: asAdmin(cookie), body });
    expect(saved.status).toBe(201);

    const tooBig = JSON.stringify({ ...article, content: 'x'.repeat(BODY_LIMITS.editor) });
    const before = (await db.select({ n: count() }).from(newsArticles))[0]?.n;
    const refused = await app.request('/api/admin/news', { method: 'POST', headers: asAdmin(cookie), body: tooBig });
    expect(refused.status).toBe(413);
    expect((await db.select({ n: count() }).from(newsArticles))[0]?.n).toBe(before);
  });
});

describe('content type', () => {
  it.each([
    ['text/plain', { 'content-type': 'text/plain;charset=UTF-8' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['no Content-Type', {}],
  ])('refuses a public write sent as %s with 415 and stores nothing', async (_, headers: Record<string, string>) => {
    const before = await rowsOf();
    const res = await app.request('/api/donations', {
      method: 'POST',
      headers,
      body: new Blob([JSON.stringify(donationBody())]),
    });
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toEqual({ error: requestBodyMessages.notJson, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await rowsOf()).toEqual(before);
  });

  it('accepts application/json with a charset', async () => {
    const res = await app.request('/api/donations', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(donationBody()),
    });
    expect(res.status).toBe(202);
  });
});

describe('nesting depth', () => {
  const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  const membershipPayment = (membership: string) =>
    app.request('/api/process-membership-payment', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: `{"buyer":{"first_name":"A","last_name":"B","email":"a@example.org"},"paymentMethod":"card","membership":${membership}}`,
    });

  it('refuses a body nested 30,000 levels deep (within the size limit) with an Idempotency-Key: 400, nothing stored', async () => {
    const before = await rowsOf();
    // 60 KB of brackets: deep enough to overflow any recursive walk (JSON.stringify fails near 5,000).
    const res = await membershipPayment(`{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}`);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ error: requestBodyMessages.tooDeep, code: 'BAD_REQUEST' });
    expect(await rowsOf()).toEqual(before);
  });

  it("answers the issue's probe, 100,000 levels, with the size limit's 413", async () => {
    const before = await rowsOf();
    const res = await membershipPayment(nested(100_000));
    expect(res.status).toBe(413);
    expect(await rowsOf()).toEqual(before);
  });

  it('reads a body at the depth limit, brackets inside strings not counted', async () => {
    const deepest = nested(MAX_JSON_DEPTH - 1);
    const res = await app.request('/api/donations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...donationBody({ lastName: '[{'.repeat(10) }), extra: JSON.parse(deepest) as unknown }),
    });
    expect(res.status).toBe(202);
  });
});

describe('a NUL character in a text field', () => {
  it('is not a 500, and nothing in the log carries the submitted values', async () => {
    const marker = `nul-${randomUUID().slice(0, 8)}`;
    const email = `${marker}@example.org`;
    const before = await rowsOf();
    logged.length = 0;
    const res = await app.request('/api/donations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(donationBody({ firstName: `Mar\u0000${marker}`, email, phone: '555-010-4242' })),
    });
    expect(res.status).toBeLessThan(500);
    expect(res.status).toBe(400);
    expect(await rowsOf()).toEqual(before);
    const log = logged.join('');
    expect(log).not.toContain(marker);
    expect(log).not.toContain('555-010-4242');
  });
});

describe('a value too large for an index', () => {
  // Random, so PostgreSQL cannot compress it under the index row limit (54000 today, in the
  // sign-in throttle's key); whichever layer refuses it, not a 500 and not in the log.
  it('is not a 500: a 60 KB username at sign-in', async () => {
    logged.length = 0;
    const marker = `u${randomUUID().slice(0, 8)}`;
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: marker + randomBytes(30_000).toString('hex'), password: 'wrong' }),
    });
    expect(res.status).toBeLessThan(500);
    expect(logged.join('')).not.toContain(marker);
  });
});

describe('origin check on every path', () => {
  const pausePath = `${QUEUE_MONITOR_PATH}/api/queues/${QUEUES.webhooks}/pause`;
  const resumePath = `${QUEUE_MONITOR_PATH}/api/queues/${QUEUES.webhooks}/resume`;
  const queue = infra.queues.bullQueue(QUEUES.webhooks);

  it('refuses a cross-site queue-monitor write with a valid session: 403, the queue untouched', async () => {
    const cookie = await signIn(app, await createTestAdmin(db));
    const jobsBefore = await queue.count();
    const pause = await app.request(pausePath, {
      method: 'PUT',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(pause.status).toBe(403);
    expect(await errorOf(pause)).toEqual({ error: 'Cross-site request refused.', code: 'FORBIDDEN' });
    expect(await queue.isPaused()).toBe(false);

    const add = await app.request(`${QUEUE_MONITOR_PATH}/api/queues/${QUEUES.webhooks}/add`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ name: 'forged', data: {} }),
    });
    expect(add.status).toBe(403);
    expect(await queue.count()).toBe(jobsBefore);
  });

  it('lets the queue monitor pause and resume a queue from our own pages', async () => {
    const cookie = await signIn(app, await createTestAdmin(db));
    const pause = await app.request(pausePath, { method: 'PUT', headers: asAdmin(cookie) });
    expect(pause.status).toBe(200);
    expect(await queue.isPaused()).toBe(true);
    const resume = await app.request(resumePath, { method: 'PUT', headers: asAdmin(cookie) });
    expect(resume.status).toBe(200);
    expect(await queue.isPaused()).toBe(false);
  });
});

describe('Cache-Control', () => {
  it('is no-store on answers with personal data or a session', async () => {
    const admin = await createTestAdmin(db);
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.username, password: admin.password }),
    });
    expect(login.headers.get('set-cookie')).toBeTruthy();
    expect(login.headers.get('cache-control')).toBe('no-store');
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';

    const accepted = await app.request('/api/donations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(donationBody()),
    });
    expect(accepted.headers.get('cache-control')).toBe('no-store');
    const { paymentId } = PaymentAccepted.parse(await accepted.json());

    const reads = [
      ['/api/auth/me', { cookie }],
      ['/api/admin/users', { cookie }],
      ['/api/admin/contributors', { cookie }],
      ['/api/admin/contributors', {}],
      ['/api/manage', {}],
      [`/api/payments/${paymentId}`, {}],
      [`/api/event-registrations/${randomUUID()}`, {}],
      [QUEUE_MONITOR_PATH, { cookie }],
      [`${QUEUE_MONITOR_PATH}/api/queues`, { cookie }],
    ] as const;
    for (const [path, headers] of reads) {
      const res = await app.request(path, { headers });
      expect({ path, cacheControl: res.headers.get('cache-control') }).toEqual({ path, cacheControl: 'no-store' });
    }
  });

  it('leaves public reads cacheable', async () => {
    for (const path of ['/api/news', '/api/events']) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).not.toBe('no-store');
    }
  });
});

describe('/docs', () => {
  it('sends readers to the API docs', async () => {
    const res = await app.request('/docs');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/api/docs');
  });
});
