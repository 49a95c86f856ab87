import { SERVER_RENDER_STATE_ELEMENT_ID } from '@pillars/contracts';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api';

/**
 * What a server render hands the browser beside its HTML (docs/decisions/036): the query cache
 * it rendered from, so hydration draws the same page without asking the API again, and the lazy
 * pages it drew, so their code is loaded before hydration starts.
 */
export type ServerRenderState = {
  queries: DehydratedState;
  pages: string[];
};

/** A failed query's error as JSON: an Error's own fields do not survive JSON.stringify. */
type ErrorJson = { status: number; bodyText: string; statusText: string } | { message: string };

export function errorToJson(error: unknown): ErrorJson {
  if (error instanceof ApiRequestError) {
    const statusText = error.message.slice(`${error.status}: `.length);
    return { status: error.status, bodyText: error.bodyText, statusText };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

function errorFromJson(json: unknown): Error {
  if (typeof json === 'object' && json !== null) {
    if ('status' in json && typeof json.status === 'number') {
      const text = (key: string) => (key in json ? String((json as Record<string, unknown>)[key]) : '');
      return new ApiRequestError(json.status, text('bodyText'), text('statusText'));
    }
    if ('message' in json) return new Error(String(json.message));
  }
  return new Error(String(json));
}

/** The state as JSON: failed queries (a 404 page) travel too, their errors as plain fields. */
export function serializeState(state: ServerRenderState): unknown {
  const queries = state.queries.queries.map((query) =>
    query.state.error === null
      ? query
      : { ...query, state: { ...query.state, error: errorToJson(query.state.error), fetchFailureReason: null } },
  );
  return { ...state, queries: { ...state.queries, queries } };
}

/** The embedded state, its errors back to what the browser's query functions throw; null if absent. */
export function readServerRenderState(doc: Document = document): ServerRenderState | null {
  const text = doc.getElementById(SERVER_RENDER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as ServerRenderState;
    const queries = state.queries.queries.map((query) =>
      query.state.error === null || query.state.error === undefined
        ? query
        : { ...query, state: { ...query.state, error: errorFromJson(query.state.error) } },
    );
    return { pages: state.pages, queries: { ...state.queries, queries } };
  } catch {
    return null;
  }
}

/**
 * A query that failed while the server rendered (an unknown article's 404) is shown as failed,
 * not fetched again when its page mounts: otherwise both the server's render and the browser's
 * hydration would draw the loading state instead of "not found". The server and the browser both
 * apply this, so they draw the same page; the page's own retry button still asks again.
 */
export function keepFailedQueries(queryClient: QueryClient): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status === 'error') queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
}
