/** Product rule: one minute per 1000 characters of content, rounded up. */
export const CHARACTERS_PER_MINUTE = 1000;

/** Minutes an article takes to read: content length / 1000, rounded up, at least 1. */
export function readTimeMinutes(content: string): number {
  return Math.max(1, Math.ceil(content.length / CHARACTERS_PER_MINUTE));
}
