import type { PublicConfig } from '@pillars/contracts';
import { type Query, type QueryClient, dehydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import type { SsrContext } from 'wouter';
import { setQueryFetch } from '@/lib/api';
import { RenderedPagesContext } from '@/lib/lazy-page';
import { ResponseStatusContext } from '@/lib/not-found-status';
import { type DocumentMeta, DocumentMetaCollector } from '@/lib/use-document-meta';
import { createQueryClient } from '@/lib/query-client';
import { keepFailedQueries, serializeState } from '@/lib/server-render-state';
import { App } from './app';

/**
 * Paths the browser renders itself (docs/decisions/036): the back office, sign-in and password
 * reset, the donors' self-service pages and an event's payment step. They are personal or
 * behind a session, so the server has nothing to draw for them and answers the plain shell.
 */
const CLIENT_RENDERED = [
  /^\/admin(\/|$)/,
  /^\/login\/?$/,
  /^\/forgot-password\/?$/,
  /^\/reset-password\/?$/,
  /^\/manage(\/|$)/,
  /^\/events\/[^/]+\/payment(\/|$)/,
];

export function isServerRendered(path: string): boolean {
  return !CLIENT_RENDERED.some((pattern) => pattern.test(path));
}

/** Renders, fetches what the render asked for (and loads what it suspended on), and renders again, at most this many times. */
const MAX_PASSES = 4;

export type RenderRequest = {
  /** The path without its query, e.g. /news/flag-day. */
  path: string;
  /** The query string without its "?", e.g. type=contribution&amount=1776. */
  search: string;
  config: PublicConfig;
};

export type RenderResult =
  | { kind: 'redirect'; location: string }
  /** `meta`: the title and description the page set, for the server to write into the HTML. */
  | { kind: 'page'; status: number; html: string; state: unknown; meta: DocumentMeta | null };

/**
 * The API's answers to the queries' GETs, called in-process by the server (the same paths and
 * JSON the browser gets). Set once at start.
 */
export function setApiFetch(fetcher: typeof fetch): void {
  setQueryFetch(fetcher);
}

/** Queries the render created but nothing has fetched: what the page will show once they answer. */
function unfetched(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle')
    .filter((query) => (query.options as { enabled?: unknown }).enabled !== false);
}

/**
 * The whole page as HTML. A component that throws would leave its Suspense fallback in the HTML
 * for the browser to retry; the page is refused instead, so the caller serves the plain shell
 * and logs why.
 */
async function renderToHtml(tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  // progressiveChunkSize: React would otherwise move a large finished part (a long page) out of
  // place, to be put back by an inline script, which the Content-Security-Policy refuses.
  const { prelude } = await prerender(tree, {
    onError: (error) => void errors.push(error),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, 'the page failed to render on the server');
  return html;
}

/**
 * Renders a public page with its data. A render only shows what is in the query cache: the
 * queries it creates are fetched (through their own query functions, so the JSON is parsed as
 * in the browser) and the page is drawn again, until it asks for nothing new. `prerender` waits
 * for every lazy page and part, so the HTML is the whole page, never a loading fallback.
 */
export async function render({ path, search, config }: RenderRequest): Promise<RenderResult> {
  const queryClient = createQueryClient();
  for (let pass = 1; ; pass++) {
    const ssrContext: SsrContext = {};
    const pages = new Set<string>();
    let status = 200;
    const respondWith = (code: number) => {
      status = code;
    };
    let meta: DocumentMeta | null = null;
    const collectMeta = (pageMeta: DocumentMeta) => {
      meta = pageMeta;
    };
    const html = await renderToHtml(
      <StrictMode>
        <ResponseStatusContext value={respondWith}>
          <DocumentMetaCollector value={collectMeta}>
            <RenderedPagesContext value={pages}>
              <Router ssrPath={path} ssrSearch={search} ssrContext={ssrContext}>
                <App queryClient={queryClient} config={config} />
              </Router>
            </RenderedPagesContext>
          </DocumentMetaCollector>
        </ResponseStatusContext>
      </StrictMode>,
    );
    if (ssrContext.redirectTo) return { kind: 'redirect', location: ssrContext.redirectTo };
    const missing = unfetched(queryClient);
    // A part that suspended (its code was loading) comes out as its fallback plus an inline script
    // that swaps it in, which the Content-Security-Policy refuses and which needs JavaScript. Its
    // code is loaded now: the next pass draws it in place.
    const suspended = html.includes('<script');
    if (missing.length === 0 && !suspended) {
      const queries = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
      return {
        kind: 'page',
        status,
        html,
        state: serializeState({ queries, pages: [...pages] }),
        meta,
      };
    }
    if (pass === MAX_PASSES) throw new Error(`the page still waited for data or code after ${pass} renders`);
    // A failed query is drawn as the page's error state, as in the browser.
    if (missing.length > 0) await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
    keepFailedQueries(queryClient);
  }
}
