import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { scrollToSection } from './scroll';

/** Product rule: the home page waits 100 ms so its sections exist before scrolling. */
export const HASH_SCROLL_DELAY_MS = 100;

const USER_SCROLL_EVENTS = ['wheel', 'touchmove', 'keydown'] as const;

function sectionIdFromHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    // A malformed escape such as "#%E0" names no section; ignore it rather than crash the page.
    return '';
  }
}

/**
 * On mount, scrolls to the section named in the URL fragment (e.g. /#events) after 100 ms.
 * News and event cards that arrive later are taller than their placeholders and push the
 * section down, so it is aligned once more when loading ends, unless the visitor has moved.
 */
export function useHashScroll(delayMs = HASH_SCROLL_DELAY_MS): void {
  // The server never sees the fragment; its render has no section to scroll to.
  const [target] = useState(() => (typeof window === 'undefined' ? '' : sectionIdFromHash(window.location.hash)));
  const progress = useRef({ scrolled: false, settled: false });
  const fetching = useIsFetching();

  useEffect(() => {
    if (!target) return;
    const state = progress.current;
    const timer = window.setTimeout(() => {
      scrollToSection(target);
      state.scrolled = true;
    }, delayMs);
    const onUserScroll = () => {
      state.settled = true;
    };
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, onUserScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, onUserScroll);
    };
  }, [target, delayMs]);

  useEffect(() => {
    const state = progress.current;
    if (!target || fetching > 0 || !state.scrolled || state.settled) return;
    state.settled = true;
    scrollToSection(target);
  }, [target, fetching]);
}
