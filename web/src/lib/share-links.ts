/**
 * The product's share links: LinkedIn share-offsite, WhatsApp wa.me text and Telegram's share
 * URL. The shared address is always on the canonical public host (PUBLIC_URL), so a page opened
 * on a preview or internal host never spreads that host's address.
 */

export type ShareNetwork = 'linkedin' | 'whatsapp' | 'telegram';

export const SHARE_NETWORKS: readonly ShareNetwork[] = ['linkedin', 'whatsapp', 'telegram'];

/** The page's address on the canonical host: its path, query and fragment kept. */
export function canonicalUrl(pageUrl: string, publicUrl: string): string {
  const page = new URL(pageUrl);
  let canonical: URL;
  try {
    canonical = new URL(publicUrl);
  } catch {
    return page.href;
  }
  if (page.origin === canonical.origin) return page.href;
  const base = canonical.pathname.replace(/\/$/, '');
  return new URL(`${base}${page.pathname}${page.search}${page.hash}`, canonical.origin).href;
}

export function shareUrl(network: ShareNetwork, url: string, title: string): string {
  const u = encodeURIComponent(url);
  switch (network) {
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${encodeURIComponent(title)}`;
  }
}
