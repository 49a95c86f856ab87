import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type PublicConfig, SERVER_RENDER_STATE_ELEMENT_ID } from '@pillars/contracts';
import type { Logger } from '@pillars/platform/logger';

/**
 * What the web app's server entry (web/src/app/entry-server.tsx, built by `vite build` into
 * web/dist-ssr/ beside web/dist/) exports: the renderer of the public pages (docs/decisions/036).
 */
/** The title and description a rendered page set for itself (the web app's `DocumentMeta`). */
export type RenderedMeta = { title: string; description?: string; image?: string; type?: 'article' | 'website' };

export type RenderResult =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: number; html: string; state: unknown; meta?: RenderedMeta | null };

export interface ServerRenderer {
  isServerRendered(path: string): boolean;
  setApiFetch(fetcher: typeof fetch): void;
  render(request: { path: string; search: string; config: PublicConfig }): Promise<RenderResult>;
}

/** The server bundle sits beside the static files: `<web>/dist-ssr/` for `<web>/dist/`. */
export function serverBundleOf(staticDir: string): string {
  return join(staticDir, '..', 'dist-ssr', 'entry-server.js');
}

function isServerRenderer(module: unknown): module is ServerRenderer {
  if (typeof module !== 'object' || module === null) return false;
  const exports = module as Record<string, unknown>;
  return ['isServerRendered', 'setApiFetch', 'render'].every((name) => typeof exports[name] === 'function');
}

/**
 * Imports the server bundle once, at start. Without one (a static directory built without it,
 * as in the API's own tests) every page is the client-rendered shell, as before server rendering.
 */
export async function loadServerRenderer(staticDir: string, logger: Logger): Promise<ServerRenderer | null> {
  const bundle = serverBundleOf(staticDir);
  if (!existsSync(bundle)) {
    logger.warn({ bundle }, 'no server bundle: public pages are rendered in the browser only');
    return null;
  }
  const module: unknown = await import(pathToFileURL(bundle).href);
  if (!isServerRenderer(module)) throw new Error(`${bundle} is not the web app's server entry`);
  return module;
}

/** Redirects the API answers (a former slug's 301) are followed, as the browser's fetch does. */
const MAX_REDIRECTS = 3;

/**
 * The fetch the server render's queries use: GETs to the API app in-process, on the canonical
 * origin, without the visitor's cookies (public pages show the same to everyone).
 */
export function inProcessFetch(apiFetch: (request: Request) => Promise<Response>, origin: string): typeof fetch {
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input), origin);
    for (let hop = 0; ; hop++) {
      const response = await apiFetch(new Request(url, { method: 'GET', signal: init?.signal ?? null }));
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location || hop === MAX_REDIRECTS) return response;
      url = new URL(location, url);
    }
  };
}

/** JSON inside <script> must not be able to close the element. */
export function escapeForScript(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const EMPTY_ROOT = '<div id="root"></div>';

/** The page's HTML in the shell's root element, and the state the browser hydrates from after it. */
export function withRenderedPage(shell: string, html: string, state: unknown): string {
  const json = escapeForScript(JSON.stringify(state));
  const script = `<script id="${SERVER_RENDER_STATE_ELEMENT_ID}" type="application/json">${json}</script>`;
  // A function replacement: the page's HTML may contain "$&" and similar patterns.
  return shell.replace(EMPTY_ROOT, () => `<div id="root">${html}</div>${script}`);
}
