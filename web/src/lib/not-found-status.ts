import { createContext, useContext } from 'react';

/** Given by the server render: receives the HTTP status the page asks for (docs/decisions/036). */
export const ResponseStatusContext = createContext<((status: number) => void) | null>(null);

/**
 * A page that says "not found" answers HTTP 404 when the server renders it, so crawlers and
 * link checkers see a missing page as missing. In the browser there is no server render and
 * this does nothing.
 */
export function useNotFoundStatus(notFound = true): void {
  const respondWith = useContext(ResponseStatusContext);
  if (notFound) respondWith?.(404);
}
