import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.(QUERY);
  if (!media) return () => {};
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const readPreference = () => window.matchMedia?.(QUERY).matches ?? false;

/**
 * Whether the visitor asked for reduced motion, following changes. The server cannot know, so it
 * renders (and hydration starts from) "no preference"; the browser's answer follows at once.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, readPreference, () => false);
}
