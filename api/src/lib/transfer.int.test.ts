import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PUBLIC_CONFIG_PLACEHOLDER } from '@pillars/contracts';
import { events, newsArticles } from '@pillars/platform/db';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { createTestAdmin, signIn } from '../test/admin-session';
import { testApp, useAppInfra } from '../test/test-app';
import { donationBody } from '../test/donation-body';
import { listen } from './http-server';
import { PUBLIC_IMAGE_CACHE, PUBLIC_READ_CACHE } from './public-cache';

const database = await useTestDatabase();
const infra = await useAppInfra(database);

// A built web app as the web build leaves it: a hashed script with its .br and .gz beside it,
// a stylesheet without them, a site image and the index.html template.
const dir = await mkdtemp(join(tmpdir(), 'pillars-transfer-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const script = `export const pillars = [${Array.from({ length: 200 }, (_, i) => `"pillar ${i}"`).join(',')}];`;
const style = `.a{color:red}\n`.repeat(200);
await mkdir(join(dir, 'assets'));
await mkdir(join(dir, 'images'));
await writeFile(join(dir, 'assets', 'index-abc123.js'), script);
await writeFile(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
await writeFile(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
await writeFile(join(dir, 'assets', 'index-def456.css'), style);
await writeFile(join(dir, 'images', 'flag.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
await writeFile(
  join(dir, 'index.html'),
  `<html><head><title>Site</title>${PUBLIC_CONFIG_PLACEHOLDER}</head><body>${'<p>shell</p>'.repeat(200)}</body></html>`,
);
const app = testApp(database, { ...infra, env: { STATIC_DIR: dir } });

await database.db.insert(newsArticles).values(
  Array.from({ length: 6 }, (_, i) => ({
    slug: `article-${i}`,
    title: `Article ${i}`,
    excerpt: 'An excerpt long enough that the list is worth compressing. '.repeat(4),
    content: 'Body.',
    imageUrl: '/images/news/flag.svg',
    publishedAt: new Date('2025-06-14T12:00:00Z'),
  })),
);
await database.db.insert(events).values({
  slug: 'harvest-supper',
  title: 'Harvest Supper',
  location: 'Grange Hall',
  startDate: new Date('2030-10-01T22:00:00Z'),
  endDate: new Date('2030-10-02T01:00:00Z'),
});

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
const varyOf = (res: Response) => (res.headers.get('vary') ?? '').toLowerCase();

describe('Content-Encoding', () => {
  it('serves a built script precompressed, Brotli first, gzip next, as it is otherwise', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(script);

    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(script);

    for (const acceptEncoding of ['identity', '']) {
      const plain = await get('/assets/index-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(script);
    }
    for (const res of [br, gzip]) {
      expect(varyOf(res)).toContain('accept-encoding');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('compresses a text file without a precompressed copy on the fly', async () => {
    const res = await get('/assets/index-def456.css', { 'accept-encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBeNull();
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(style);
  });

  it('compresses the rendered page and JSON answers on the fly, and says they vary', async () => {
    const page = await get('/', { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(varyOf(page)).toContain('accept-encoding');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = brotliDecompressSync(await bytes(page)).toString();
    expect(html).toContain('<script id="app-config" type="application/json">');

    const news = await get('/api/news', { 'accept-encoding': 'gzip' });
    expect(news.headers.get('content-encoding')).toBe('gzip');
    expect(varyOf(news)).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(await bytes(news)).toString())).toHaveLength(6);

    const plain = await get('/api/news', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(varyOf(plain)).toContain('accept-encoding');
    expect(await plain.json()).toHaveLength(6);
  });

  it('sends answers under 1 KB as they are, with their Content-Length', async () => {
    for (const path of ['/api/auth/me', '/api/news/no-such-article', '/api/events']) {
      const res = await get(path, { 'accept-encoding': 'br, gzip' });
      const body = await bytes(res);
      expect(body.length).toBeLessThan(1024);
      expect({
        path,
        encoding: res.headers.get('content-encoding'),
        length: res.headers.get('content-length'),
      }).toEqual({ path, encoding: null, length: String(body.length) });
    }
    expect(JSON.parse((await bytes(await get('/api/auth/me', { 'accept-encoding': 'br' }))).toString())).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('leaves images as they are', async () => {
    const res = await get('/images/flag.svg', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    // 42 bytes: under the threshold where a coding pays for itself.
    expect(res.headers.get('content-encoding')).toBeNull();
  });

  it('sends a streamed CSV export under 1 KB whole, with its length and the session answer’s no-store', async () => {
    const cookie = await signIn(app, await createTestAdmin(database.db));
    const res = await get('/api/admin/contributors/export', { cookie, 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csv = await bytes(res);
    expect(res.headers.get('content-length')).toBe(String(csv.length));
    expect(csv.toString().split('\n')[0]).toMatch(/\w+,\w+/);
  });
});

describe('Cache-Control by kind of answer', () => {
  it('keeps public reads for a minute, with an ETag a revalidation answers with 304', async () => {
    for (const path of ['/api/news', '/api/news/article-1', '/api/events', '/api/events/harvest-supper']) {
      const res = await get(path);
      expect({ path, status: res.status, cacheControl: res.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        cacheControl: PUBLIC_READ_CACHE,
      });
      const tag = res.headers.get('etag');
      expect(tag).toMatch(/^W\/"/);
      const again = await get(path, { 'if-none-match': tag ?? '' });
      expect({ path, status: again.status, cacheControl: again.headers.get('cache-control') }).toEqual({
        path,
        status: 304,
        cacheControl: PUBLIC_READ_CACHE,
      });
    }
  });

  it('does not keep a missing article or event', async () => {
    for (const path of ['/api/news/no-such-article', '/api/events/no-such-event']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).not.toBe(PUBLIC_READ_CACHE);
    }
  });

  it('keeps the site’s images for a day', async () => {
    expect((await get('/images/flag.svg')).headers.get('cache-control')).toBe(PUBLIC_IMAGE_CACHE);
  });

  it('never lets a cache keep session, manage or admin answers', async () => {
    const cookie = await signIn(app, await createTestAdmin(database.db));
    for (const [path, headers] of [
      ['/api/auth/me', { cookie }],
      ['/api/admin/contributors', { cookie }],
      ['/api/admin/contributors', {}],
      ['/api/manage', {}],
    ] as const) {
      const res = await get(path, { ...headers, 'accept-encoding': 'br' });
      expect({ path, cacheControl: res.headers.get('cache-control') }).toEqual({ path, cacheControl: 'no-store' });
      expect(res.headers.get('etag')).toBeNull();
    }
  });

  it('answers pages with no-cache: always revalidated, as the page names the current scripts', async () => {
    expect((await get('/news/article-1')).headers.get('cache-control')).toBe('no-cache');
  });
});

// The app over Node's server, as production serves it: its answers are the adapter's own.
const server = listen(app, { hostname: '127.0.0.1', port: 0 });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
const { port } = server.address() as AddressInfo;

describe("over Node's server, as production answers", () => {
  type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

  /** Node's client: headers and bytes as sent, nothing decoded. */
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<Raw>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });

  it('sends a small JSON answer to a write whole, with its length, Vary and no-store', async () => {
    const body = JSON.stringify(donationBody({ paymentMethodToken: undefined }));
    const res = await send(
      'POST',
      '/api/donations',
      {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'accept-encoding': 'br, gzip',
      },
      body,
    );
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body.toString())).toMatchObject({ success: true });
    expect({
      encoding: res.headers['content-encoding'],
      length: res.headers['content-length'],
      vary: res.headers.vary,
      cacheControl: res.headers['cache-control'],
      nosniff: res.headers['x-content-type-options'],
    }).toEqual({
      encoding: undefined,
      length: String(res.body.length),
      vary: 'Accept-Encoding',
      cacheControl: 'no-store',
      nosniff: 'nosniff',
    });
  });

  it('still compresses a JSON answer over 1 KB, and says it varies', async () => {
    const res = await send('GET', '/api/news', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect({ encoding: res.headers['content-encoding'], vary: res.headers.vary }).toEqual({
      encoding: 'br',
      vary: 'Accept-Encoding',
    });
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toHaveLength(6);
  });
});
