import { socialImageOf } from '@pillars/contracts';

/**
 * Title and social metadata (Open Graph, Twitter card) rendered into index.html on the server:
 * the crawlers of LinkedIn, WhatsApp and Telegram read the HTML and run no JavaScript, so a
 * shared article or event shows its own title, summary and image only if the server puts them
 * there. The web app sets the same tags when the visitor navigates (useDocumentMeta).
 */

export type SocialMeta = {
  title: string;
  /** Absent: the site's description stays, and previews show none of their own. */
  description?: string;
  /**
   * The page's image, site-relative or absolute; previews get its raster version (socialImageOf) made
   * absolute on the canonical host.
   */
  image?: string | null;
  /** The page's path, e.g. /news/flag-day. */
  path: string;
  type: 'article' | 'website';
};

const MAX_DESCRIPTION = 300;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function absolute(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/** First paragraph-ish text, on one line and short enough for a preview card. */
export function summarise(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_DESCRIPTION ? flat : `${flat.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}

const TITLE = /<title>[\s\S]*?<\/title>/;

/**
 * The template with the site's own title, for a page that names none (the home page, the back
 * office): the organisation's configured name, not the one the template was built with.
 */
export function withSiteTitle(html: string, site: { orgName: string }): string {
  return html.replace(TITLE, () => `<title>${escapeHtml(site.orgName)}</title>`);
}

/**
 * Rewrites the template's <title> and description and adds the social tags. Every value is
 * escaped: titles and summaries are content that admins and seed files write.
 */
export function withSocialMeta(html: string, meta: SocialMeta, site: { orgName: string; publicUrl: string }): string {
  const title = `${meta.title} | ${site.orgName}`;
  const description = meta.description === undefined ? null : summarise(meta.description);
  const image = meta.image ? absolute(socialImageOf(meta.image), site.publicUrl) : null;
  const tags: Array<[attribute: 'name' | 'property', key: string, content: string]> = [
    ['property', 'og:title', meta.title],
    ['property', 'og:url', absolute(meta.path, site.publicUrl)],
    ['property', 'og:type', meta.type],
    ['property', 'og:site_name', site.orgName],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
  ];
  if (description !== null)
    tags.push(['property', 'og:description', description], ['name', 'twitter:description', description]);
  if (image) tags.push(['property', 'og:image', image], ['name', 'twitter:image', image]);
  const rendered = tags
    .map(([attribute, key, content]) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`)
    .join('\n    ');
  const titled = html.replace(TITLE, () => `<title>${escapeHtml(title)}</title>\n    ${rendered}`);
  if (description === null) return titled;
  return titled.replace(
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    () => `<meta name="description" content="${escapeHtml(description)}" />`,
  );
}
