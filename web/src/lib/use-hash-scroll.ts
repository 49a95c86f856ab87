import { useEffect, useState } from 'react';
import { scrollToSection } from './scroll';

/** Product rule: the home page waits 100 ms so its sections exist before scrolling. */
export const HASH_SCROLL_DELAY_MS = 100;

/**
 * How long after the scroll the section is kept in place while what is above it arrives: news
 * and event cards, their carousels' code and images are taller than what held their place.
 */
export const HASH_FOLLOW_MS = 5000;

/** The visitor's own moves: from the first of them, where the page is is theirs. */
const VISITOR_EVENTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

function sectionIdFromHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    // A malformed escape such as "#%E0" names no section; ignore it rather than crash the page.
    return '';
  }
}

/**
 * On mount, scrolls to the section named in the URL fragment (e.g. /#events) after 100 ms, then
 * follows it while the page above it changes height (a smooth scroll started earlier would stop
 * short by what arrived meanwhile), for five seconds or until the visitor scrolls, taps or types.
 */
export function useHashScroll(delayMs = HASH_SCROLL_DELAY_MS): void {
  // The server never sees the fragment; its render has no section to scroll to.
  const [target] = useState(() => (typeof window === 'undefined' ? '' : sectionIdFromHash(window.location.hash)));

  useEffect(() => {
    if (!target) return;
    const main = document.getElementById('main-content') ?? document.body;
    let observer: ResizeObserver | undefined;
    const scroll = window.setTimeout(() => {
      if (!scrollToSection(target) || typeof ResizeObserver === 'undefined') return;
      let observed = false;
      observer = new ResizeObserver(() => {
        // The first call only reports the size the page already had.
        if (observed) scrollToSection(target);
        observed = true;
      });
      observer.observe(main);
    }, delayMs);
    const follow = window.setTimeout(stop, delayMs + HASH_FOLLOW_MS);
    for (const type of VISITOR_EVENTS) window.addEventListener(type, stop, { passive: true });
    function stop() {
      window.clearTimeout(scroll);
      window.clearTimeout(follow);
      observer?.disconnect();
      for (const type of VISITOR_EVENTS) window.removeEventListener(type, stop);
    }
    return stop;
  }, [target, delayMs]);
}
