/**
 * Addresses of articles and events: lower-case words of the title joined by hyphens, ASCII only
 * (accents dropped), at most SLUG_MAX characters, never empty. Browser-safe, so the editor shows
 * the address the server will derive.
 */
export const SLUG_MAX = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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
