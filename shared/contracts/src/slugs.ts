/**
 * Addresses of articles and events: lower-case words of the title joined by hyphens, ASCII only
 * (accents dropped), at most SLUG_MAX characters, never empty. Browser-safe, so the editor shows
 * the address the server will derive.
 */
export const SLUG_MAX = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The longest address a lookup reads; a longer one is answered "not found" unread. */
export const SLUG_LOOKUP_MAX = 200;

/**
 * Whether an address may name an article or an event: the `Slug` schema's rule as a plain
 * function, for pages that load no schema (docs/decisions/038).
 */
export function isSlug(value: string): boolean {
  return value.length > 0 && value.length <= SLUG_LOOKUP_MAX && SLUG_PATTERN.test(value);
}

export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'untitled';
}
