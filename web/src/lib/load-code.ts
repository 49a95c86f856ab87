/** What a visitor is told when code a step needs cannot be fetched (offline, or replaced by a deploy). */
export const CODE_UNAVAILABLE = 'This step could not load. Check your connection and try again.';

/**
 * Loads code a step needs on demand (`import()`), rejecting with `message` instead of the
 * browser's "Failed to fetch dynamically imported module …" when it cannot. A payment step loads
 * its code before it charges anything, so a failed load never leaves a charge half done
 * (docs/decisions/038).
 */
export async function loadCode<T>(load: () => Promise<T>, message: string = CODE_UNAVAILABLE): Promise<T> {
  try {
    return await load();
  } catch {
    throw new Error(message);
  }
}
