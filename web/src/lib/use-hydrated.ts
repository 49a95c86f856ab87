import { EVENT_TIME_ZONE } from '@pillars/contracts';
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates its HTML, true afterwards (and
 * on pages the browser renders itself). What only the browser knows (its time zone, the history
 * state) is read once this is true, so hydration draws exactly what the server drew.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * The zone to draw news times in: undefined (the viewer's own, a product rule) once hydrated;
 * before that the organisation's, which the server also uses, since it cannot know the viewer's.
 */
export function useNewsTimeZone(): string | undefined {
  return useHydrated() ? undefined : EVENT_TIME_ZONE;
}
