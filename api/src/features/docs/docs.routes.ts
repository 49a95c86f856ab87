import { readFile } from 'node:fs/promises';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { featureRouter, openapiRoute, operation } from '../../lib/openapi';
import { DOCS_VIEWER_FILE } from './viewer-file';

/** Where the viewer's page loads its script from: our origin, so no CDN is needed or allowed. */
export const DOCS_SCRIPT_PATH = '/api/docs/scalar.js';

/**
 * The docs page's own policy, narrower than the web app's: only our script, the document fetched
 * from our origin, and inline styles (the viewer injects its stylesheet at run time). The
 * viewer's default web fonts come from its vendor's CDN, so they are turned off and fonts fall
 * back to the system's.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  `default-src 'none'`,
  `script-src 'self'`,
  `style-src 'self' 'unsafe-inline'`,
  `connect-src 'self'`,
  `img-src 'self' data:`,
  `font-src 'self' data:`,
  `base-uri 'none'`,
  `form-action 'none'`,
  `frame-ancestors 'none'`,
].join('; ');

/**
 * The viewer reads the document and nothing else: its hosted extras (AI chat, MCP generation,
 * developer toolbar, telemetry, request client) would call its vendor's servers, which the
 * policy blocks and this machine cannot reach anyway.
 */
const viewerConfiguration = JSON.stringify({
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  telemetry: false,
});

/** An empty `<script>` with data attributes configures the viewer without inline code, which CSP forbids. */
const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Pillars API</title>
    <!-- The site's icon: without a link the browser asks for /favicon.ico, which is not a page (404). -->
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi.json" data-configuration='${viewerConfiguration}'></script>
    <script src="${DOCS_SCRIPT_PATH}"></script>
  </body>
</html>
`;

const tags = ['docs'];

const openapiDocument = operation('get', '/openapi.json', {
  tags,
  summary: 'This document: the OpenAPI 3.1 description of every /api route',
  ok: {
    description: 'The OpenAPI document',
    content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
  },
});

const docsPage = operation('get', '/docs', {
  tags,
  summary: 'The document rendered for people to read and try',
  ok: { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } },
});

const docsScript = operation('get', '/docs/scalar.js', {
  tags,
  summary: "The docs page's viewer script",
  ok: { description: 'JavaScript', content: { 'text/javascript': { schema: z.string() } } },
});

/** Serves the OpenAPI document that `document` builds, and a viewer for it. Mounted at /api. */
type OpenAPIDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

export function docsRoutes(document: () => OpenAPIDocument) {
  const app = featureRouter();
  // Built on first request: the document is the same until the process restarts.
  let built: OpenAPIDocument | undefined;
  let script: Promise<string> | undefined;

  openapiRoute(app, openapiDocument, (c) => c.json((built ??= document()), 200));

  openapiRoute(app, docsPage, (c) => {
    c.header('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY);
    c.header('Cache-Control', 'no-cache');
    return c.html(DOCS_PAGE, 200);
  });

  openapiRoute(app, docsScript, async (c) => {
    script ??= readFile(DOCS_VIEWER_FILE, 'utf8').catch((cause: unknown) => {
      script = undefined;
      throw new Error(`the API reference viewer is not built (${DOCS_VIEWER_FILE}): run \`npm run build\``, { cause });
    });
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(await script, 200);
  });

  return app;
}
