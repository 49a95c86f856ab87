import { useEffect } from 'react';

declare global {
  interface Window {
    /**
     * Set by the inline script in index.html: stops holding clicks and gives the button last
     * clicked before the page's code took over, if it is still on the page (docs/decisions/036).
     */
    __takeEarlyClick?: () => HTMLElement | null;
  }
}

/**
 * Clicks again, once the page is hydrated, the button a visitor clicked before: on a
 * server-rendered page a button is drawn before its code arrives, and a tap on it then would
 * otherwise do nothing. Only the last click counts: an impatient visitor taps a dead button
 * twice, and toggling a menu twice would undo what they asked for. The browser's user activation
 * outlives the wait, so a button that opens a window still may.
 */
export function useReplayEarlyClick(): void {
  useEffect(() => {
    const take = window.__takeEarlyClick;
    if (!take) return;
    delete window.__takeEarlyClick;
    const button = take();
    if (!button) return;
    // After the commit, not inside it: parts of the page behind a Suspense boundary hydrate
    // after the root, and React hydrates the clicked part at once only for an event that
    // arrives outside its own rendering.
    const timer = window.setTimeout(() => button.click());
    return () => window.clearTimeout(timer);
  }, []);
}
