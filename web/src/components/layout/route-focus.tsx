import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { layoutTexts } from './layout-texts';

/** How long after a navigation the new page's heading is waited for (lazy code, then its data). */
export const HEADING_WAIT_MS = 5000;

/** An element's text as a screen reader reads it: what is inside `aria-hidden` subtrees left out. */
export function spokenText(element: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      parts.push(node.textContent ?? '');
      return;
    }
    if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return;
    node.childNodes.forEach(walk);
  };
  walk(element);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * After a client-side navigation, moves focus to the new page's main heading and announces it
 * (docs/decisions/039): otherwise focus stays on a link that left the page, or falls to <body>,
 * and a screen reader says nothing. Not on the first load, nor when the URL names a section (the
 * section scroll handles that). The heading is waited for, since pages load lazily and then their
 * data (React keeps the previous page hidden meanwhile, its heading is skipped); a loading heading
 * replaced by the real one passes focus on, unless the visitor has moved focus meanwhile. Effects only, so the server renders the same empty status as the browser.
 */
export function RouteFocus() {
  const [location] = useLocation();
  const previous = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const firstLoad = previous.current === null;
    const changed = previous.current !== location;
    previous.current = location;
    if (firstLoad || !changed || window.location.hash) return;
    const main = document.getElementById('main-content');
    if (!main) return;

    // Where focus was when the page changed (the link followed, a submit button).
    const leftOn = document.activeElement;
    let focused: HTMLElement | null = null;
    const focusHeading = () => {
      // The visitor moved on (typed, clicked): leave their focus alone.
      const active = document.activeElement;
      if (active !== document.body && active !== leftOn && active !== focused) return true;
      // While the next page loads, React keeps the previous one in the page, hidden (display: none).
      const heading = Array.from(main.querySelectorAll('h1')).find((h) => !h.closest('[style*="display: none"]'));
      if (!heading || heading === focused) return false;
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      focused = heading;
      setAnnouncement(layoutTexts.navigatedTo(spokenText(heading)));
      return false;
    };
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    focusHeading();
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [location]);

  return (
    <p role="status" aria-atomic="true" className="sr-only">
      {announcement}
    </p>
  );
}
