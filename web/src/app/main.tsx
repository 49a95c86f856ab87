import './zod-config';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadPages } from '@/lib/lazy-page';
import { createQueryClient } from '@/lib/query-client';
import { readPublicConfig } from '@/lib/public-config';
import { keepFailedQueries, readServerRenderState } from '@/lib/server-render-state';
import { App } from './app';
import '../styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">');

const config = readPublicConfig();
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} config={config} />
  </StrictMode>
);

// A server-rendered public page comes with the data and the pages it was drawn from: hydrate it
// with the same cache and code, so nothing is fetched again and nothing changes on screen
// (docs/decisions/036). Other pages (the back office, sign-in) arrive as the empty shell.
// Hydrating inside a transition lets React yield to the browser every few milliseconds instead
// of holding the main thread for the whole page, so a tap or a scroll during hydration is not
// kept waiting; taps on buttons before hydration are replayed (docs/decisions/036).
const state = readServerRenderState();
if (state) {
  hydrate(queryClient, state.queries);
  keepFailedQueries(queryClient);
  void preloadPages(state.pages).then(() =>
    startTransition(() => {
      hydrateRoot(rootElement, app);
    }),
  );
} else {
  // The shell's title until the page sets its own. A server-rendered page came with its title,
  // which stays: hydration yields, and setting this there would show the wrong title meanwhile.
  document.title = config.orgName;
  createRoot(rootElement).render(app);
}
