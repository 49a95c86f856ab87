import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError, PUBLIC_CONFIG_PLACEHOLDER, PublicConfig } from '@pillars/contracts';
import { createDatabase, events, keepOldSlug, slugRedirects } from '@pillars/platform/db';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { testRecords } from './test/records';
import { testApp, useAppInfra } from './test/test-app';

const database = await useTestDatabase();
const infra = await useAppInfra(database);
const app = testApp(database, infra);
const { insertArticle } = testRecords(database.db);

describe('health', () => {
  it('GET /healthz answers while the process is up', async () => {
    const res = await app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz reports the database and the queue backend up', async () => {
    const res = await app.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      checks: { database: 'up', queues: 'up', queueBackend: 'redis' },
    });
  });

  it('GET /readyz answers 503 when the database is unreachable', async () => {
    const unreachable = createDatabase('postgres://nobody:nothing@127.0.0.1:1/none', { max: 1 });
    afterAll(() => unreachable.close());
    const res = await testApp(unreachable, infra).request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'not ready', checks: { database: 'down' } });
  });
});

describe('errors', () => {
  it.each(['/api', '/api/', '/api/nothing-here', '/api/news-feed/1'])(
    'unknown API path %s is a JSON 404',
    async (path) => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await app.request(path, { method });
        expect(res.status).toBe(404);
        expect(ApiError.parse(await res.json())).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
      }
    },
  );

  it('an unexpected failure is a generic 500 whose details stay in the log', async () => {
    const broken = createDatabase('postgres://nobody:secret-detail@127.0.0.1:1/none', { max: 1 });
    afterAll(() => broken.close());
    const res = await testApp(broken, infra).request('/api/news');
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
    expect(body).not.toMatch(/ECONNREFUSED|secret-detail|127\.0\.0\.1/);
  });

  it('every response carries a request id', async () => {
    const res = await app.request('/api/news');
    expect(res.headers.get('x-request-id')).toMatch(/.{8,}/);
  });
});

describe('serving the built web app', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pillars-web-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  await mkdir(join(dir, 'assets'));
  await writeFile(
    join(dir, 'index.html'),
    `<html><head><title>Site</title><meta name="description" content="About the site" />${PUBLIC_CONFIG_PLACEHOLDER}</head><body></body></html>`,
  );
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'export {}');
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const webApp = testApp(database, {
    ...infra,
    env: { STATIC_DIR: dir, ORG_NAME: 'Liberty </script> League', PUBLIC_URL: 'https://liberty.example' },
  });

  it.each(['/', '/news/some-article', '/admin/members', '/no/such/page'])(
    'answers %s with index.html carrying the public config',
    async (path) => {
      const res = await webApp.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      const json = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      expect(PublicConfig.parse(JSON.parse(json ?? 'null'))).toMatchObject({
        orgName: 'Liberty </script> League',
        publicUrl: 'https://liberty.example',
      });
    },
  );

  it('serves hashed assets with a long cache and other files as they are', async () => {
    const asset = await webApp.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await webApp.request('/favicon.svg')).status).toBe(200);
  });

  it('renders an article’s title and social metadata for link previews, escaped', async () => {
    await insertArticle({
      slug: 'flag-day',
      title: 'Flag Day "</title><script>alert(1)</script>',
      excerpt: 'Why we fly it & what it means.',
    });
    const html = await (await webApp.request('/news/flag-day')).text();
    expect(html).toContain('<title>Flag Day &quot;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Liberty');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<meta property="og:description" content="Why we fly it &amp; what it means." />');
    expect(html).toContain('<meta property="og:image" content="https://liberty.example/images/news/flag.jpg" />');
    expect(html).toContain('<meta property="og:url" content="https://liberty.example/news/flag-day" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta name="description" content="Why we fly it &amp; what it means." />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('answers a published article’s former address with a 301 to its current page', async () => {
    const row = await insertArticle({ slug: 'new-address', title: 'Moved', excerpt: 'Moved.' });
    await database.db.insert(slugRedirects).values({ kind: 'news', oldSlug: 'old-address', targetId: row.id });
    const res = await webApp.request('/news/old-address');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/news/new-address');
  });

  it('gives a draft no link preview: it is not public', async () => {
    await insertArticle({ slug: 'secret-draft', title: 'Secret draft', excerpt: 'Not yet.', status: 'draft' });
    const html = await (await webApp.request('/news/secret-draft')).text();
    expect(html).not.toContain('Secret draft');
    expect(html).not.toContain('og:title');
  });

  it('moves an event’s former address to its current one, and gives a draft no preview', async () => {
    const event = {
      title: 'Harvest Supper',
      location: 'Grange Hall',
      startDate: new Date('2030-10-01T22:00:00Z'),
      endDate: new Date('2030-10-02T01:00:00Z'),
    };
    const [moved] = await database.db
      .insert(events)
      .values({ ...event, slug: 'harvest-supper-2030' })
      .returning({ id: events.id });
    await keepOldSlug(database.db, 'event', 'harvest-supper', moved?.id ?? '', 'harvest-supper-2030');
    const old = await webApp.request('/events/harvest-supper');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/events/harvest-supper-2030');
    expect(await (await webApp.request('/events/harvest-supper-2030')).text()).toContain('og:title');

    await database.db
      .insert(events)
      .values({ ...event, title: 'Secret Supper', slug: 'secret-supper', status: 'draft' });
    const draft = await webApp.request('/events/secret-supper');
    expect(draft.status).toBe(200);
    expect(await draft.text()).not.toContain('Secret Supper');
  });

  it('serves the plain page for an unknown article, for the app to show its not-found state', async () => {
    const html = await (await webApp.request('/news/no-such-article')).text();
    // Titled with the configured name (escaped), not the one the template was built with.
    expect(html).toContain('<title>Liberty &lt;/script&gt; League</title>');
    expect(html).not.toContain('<title>Site</title>');
    expect(html).not.toContain('og:title');
  });

  it('sends a Content-Security-Policy with the pages: our scripts, the provider’s SDK and fields, no framing', async () => {
    const sdkApp = testApp(database, {
      ...infra,
      env: { STATIC_DIR: dir, PAYTHEORY_SDK_URL: 'https://acme.sdk.paytheorystudy.com/' },
    });
    const csp = (await sdkApp.request('/membership')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://acme.sdk.paytheorystudy.com;");
    expect(csp).toContain('frame-src https://acme.tags.static.paytheorystudy.com;');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('serves the reset page with Referrer-Policy: no-referrer, so its token never leaks to another site', async () => {
    const res = await webApp.request('/reset-password?token=abc');
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('still answers unknown API paths with JSON', async () => {
    const res = await webApp.request('/api/unknown');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
