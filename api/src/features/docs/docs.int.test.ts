import { ApiError } from '@pillars/contracts';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { testApp, useAppInfra } from '../../test/test-app';
import { DOCS_CONTENT_SECURITY_POLICY, DOCS_SCRIPT_PATH } from './docs.routes';

const database = await useTestDatabase();
const infra = await useAppInfra(database);
const app = testApp(database, infra);

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };

async function openapiDocument(): Promise<Document> {
  const res = await app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}

type Component = { properties?: object; required?: string[] };

/** The document's named schemas (an OpenAPI 3 document; the parser's type also admits Swagger 2). */
function componentsOf(document: Document): Record<string, Component | undefined> {
  return (document as { components?: { schemas?: Record<string, Component> } }).components?.schemas ?? {};
}

/** "GET /api/payments/{id}" for each handler the app serves under /api, middleware and the 404 catch-all aside. */
function registeredApiRoutes(): string[] {
  const routes = app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
    .map((r) => `${r.method} ${r.path.replaceAll(/:([^/]+)/g, '{$1}')}`);
  return [...new Set(routes)].sort();
}

function documentedRoutes(document: Document): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await openapiDocument();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('lists exactly the routes the app serves under /api', async () => {
    const documented = documentedRoutes(await openapiDocument());
    expect(documented).toEqual(registeredApiRoutes());
    // The product's calls are there by name, not only "whatever is registered".
    expect(documented).toEqual(
      expect.arrayContaining([
        'POST /api/donations',
        'PATCH /api/donations/{id}/status',
        'POST /api/process-payment',
        'POST /api/process-membership-payment',
        'GET /api/payments/{id}',
        'POST /api/events/{slug}/register',
        'PATCH /api/event-registrations/{id}/payment',
        'GET /api/admin/contributors',
        'GET /api/admin/deposits',
        'GET /api/admin/deposits/{batch}',
        'GET /api/admin/deposits/{batch}/export',
        'POST /api/webhooks/paytheory/{secret}',
      ]),
    );
  });

  it('documents 413 on every body and 415 on every JSON body read as JSON', async () => {
    const document = await openapiDocument();
    const statusesOf = (path: string, method: string) =>
      Object.keys((document.paths[path]?.[method] as { responses: object }).responses);
    for (const [path, method] of [
      ['/api/donations', 'post'],
      ['/api/admin/news/{id}', 'put'],
      ['/api/auth/login', 'post'],
    ] as const) {
      expect(statusesOf(path, method)).toEqual(expect.arrayContaining(['413', '415']));
    }
    expect(statusesOf('/api/webhooks/paytheory/{secret}', 'post')).toContain('413');
    expect(statusesOf('/api/webhooks/paytheory/{secret}', 'post')).not.toContain('415');
    expect(statusesOf('/api/news', 'get')).not.toContain('413');
  });

  it('declares the one error contract on every error answer (4xx, 5xx)', async () => {
    const document = await openapiDocument();
    const responses = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) =>
        Object.entries((operation as { responses: Record<string, { content?: Record<string, unknown> }> }).responses),
      ),
    );
    // Errors are 4xx and 5xx; a 3xx (a former slug's redirect) carries no body.
    const errors = responses.filter(([status]) => /^[45]/.test(status));
    expect(errors.length).toBeGreaterThan(0);
    for (const [, response] of errors) {
      expect(response.content?.['application/json']).toEqual({ schema: { $ref: '#/components/schemas/ApiError' } });
    }
    const apiError = componentsOf(document).ApiError;
    expect(Object.keys(apiError?.properties ?? {})).toEqual(Object.keys(ApiError.shape));
    expect(apiError?.required).toEqual(['error', 'code']);
  });

  it('names the shared contracts, so a client generator gets one type per contract', async () => {
    const document = await openapiDocument();
    const named = Object.keys(componentsOf(document));
    for (const contract of [
      'DonationRequest',
      'PaymentAccepted',
      'PaymentStatus',
      'EventDetail',
      'ContributorsResponse',
    ]) {
      expect(named).toContain(contract);
    }
  });
});

describe('GET /api/docs', () => {
  it('renders the document with the viewer our app serves, under its own policy', async () => {
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(DOCS_CONTENT_SECURITY_POLICY);
    const html = await res.text();
    expect(html).toContain(`<script src="${DOCS_SCRIPT_PATH}"></script>`);
    expect(html).toContain('data-url="/api/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves the viewer script the build copied out of the npm package', async () => {
    const res = await app.request(DOCS_SCRIPT_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toContain('api-reference');
  });
});
