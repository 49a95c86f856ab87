import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * How far from the viewport a deferred part starts to load: a screen and a half above and below
 * it. A visitor scrolling at an ordinary pace finds it ready; one who jumps to it by a link (a
 * `#section` in the URL) scrolls it into view, which loads it at once. On a phone the first
 * screen and a half holds the top of every public page, and none of its forms.
 */
export const NEAR_VIEWPORT_MARGIN = '150% 0px';

/** How long to wait for the anchor to be drawn (a client-side navigation draws it after the render that asks). */
const ANCHOR_WAIT_MS = 2000;

/**
 * Resolves once the element with this id comes within NEAR_VIEWPORT_MARGIN of the viewport. At
 * once on the server and where the browser has no IntersectionObserver; also if the element is
 * not drawn within ANCHOR_WAIT_MS, so nothing waits on an anchor that never comes. Once `signal`
 * aborts it stops watching and never resolves.
 */
export function whenNearViewport(anchorId: string, signal?: AbortSignal): Promise<void> {
  if (typeof window === 'undefined' || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    if (signal?.aborted) return;
    let stopped = false;
    let observer: IntersectionObserver | undefined;
    let giveUp = 0;
    const stop = () => {
      stopped = true;
      window.clearTimeout(giveUp);
      observer?.disconnect();
    };
    giveUp = window.setTimeout(() => {
      stop();
      resolve();
    }, ANCHOR_WAIT_MS);
    signal?.addEventListener('abort', stop, { once: true });
    const watch = () => {
      if (stopped) return;
      const anchor = document.getElementById(anchorId);
      if (!anchor) {
        window.requestAnimationFrame(watch);
        return;
      }
      window.clearTimeout(giveUp);
      observer = new IntersectionObserver(
        (entries) => {
          if (stopped || !entries.some((entry) => entry.isIntersecting)) return;
          stop();
          resolve();
        },
        { rootMargin: NEAR_VIEWPORT_MARGIN },
      );
      observer.observe(anchor);
    };
    watch();
  });
}

/**
 * `React.lazy` whose code is fetched only once the element `anchorId` (the part's section) nears
 * the viewport (docs/decisions/038). For parts far down a page whose code, and what that code
 * fetches (the card provider's SDK), the first screen does not need.
 *
 * The server waits for nothing and draws the part. In the browser, hydration keeps that HTML as
 * it is, not yet interactive, until the code arrives: React leaves a server-drawn Suspense
 * boundary in place while something inside it suspends. On a client-side navigation the
 * Suspense fallback holds the place instead.
 */
// `any`, as in React's own `lazy`: the loaded component's props are whatever it declares.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNearViewport<T extends ComponentType<any>>(
  anchorId: string,
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy<T>(() => whenNearViewport(anchorId).then(load));
}
