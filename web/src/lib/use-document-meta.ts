import { socialImageOf } from '@pillars/contracts';
import { createContext, useContext, useEffect } from 'react';
import { usePublicConfig } from './use-public-config';

export type DocumentMeta = {
  /** The page's own title; the organisation's name is appended. */
  title: string;
  description?: string;
  /** Absolute or site-relative image address; made absolute on the canonical host. */
  image?: string;
  /** 'article' for news, 'website' otherwise. */
  type?: 'article' | 'website';
};

/**
 * Given by the server render only: receives the page's meta as it renders, for the server to
 * write the title and description into the HTML (docs/decisions/036). In the browser there is
 * none, and the effect below sets them.
 */
export const DocumentMetaCollector = createContext<((meta: DocumentMeta) => void) | null>(null);

type MetaKey = { attribute: 'name' | 'property'; key: string };

const tags = {
  description: { attribute: 'name', key: 'description' },
  ogTitle: { attribute: 'property', key: 'og:title' },
  ogDescription: { attribute: 'property', key: 'og:description' },
  ogImage: { attribute: 'property', key: 'og:image' },
  ogUrl: { attribute: 'property', key: 'og:url' },
  ogType: { attribute: 'property', key: 'og:type' },
  ogSiteName: { attribute: 'property', key: 'og:site_name' },
  twitterCard: { attribute: 'name', key: 'twitter:card' },
  twitterTitle: { attribute: 'name', key: 'twitter:title' },
  twitterDescription: { attribute: 'name', key: 'twitter:description' },
  twitterImage: { attribute: 'name', key: 'twitter:image' },
} satisfies Record<string, MetaKey>;

/** Sets a meta tag and returns how to put back what was there before. */
function setMeta({ attribute, key }: MetaKey, content: string | undefined): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !element;
  const previous = element?.getAttribute('content') ?? null;
  if (content === undefined) {
    if (created) return () => {};
    element?.remove();
    return () => element && document.head.append(element);
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.setAttribute('content', content);
  return () => {
    if (created) element.remove();
    else if (previous !== null) element.setAttribute('content', previous);
  };
}

function absolute(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/**
 * The page title and its social metadata (Open Graph and Twitter cards), set while the page is
 * shown. When it goes the metadata is restored and the title is the site's name again: not the
 * title found at mount, which on a server-rendered page is already this page's own.
 * `null` leaves the document as it is (e.g. while loading).
 */
export function useDocumentMeta(meta: DocumentMeta | null): void {
  const { orgName, publicUrl } = usePublicConfig();
  // Effects do not run on the server: it is told during the render, the last page to say wins.
  const collect = useContext(DocumentMetaCollector);
  if (collect && meta) collect(meta);
  const title = meta?.title;
  const description = meta?.description;
  const image = meta?.image;
  const type = meta?.type ?? 'website';

  useEffect(() => {
    if (title === undefined) return;
    const fullTitle = `${title} | ${orgName}`;
    // Previews show a raster image: an upload's JPEG, or the demo SVG's (docs/decisions/023).
    const imageUrl = image ? absolute(socialImageOf(image), publicUrl) : undefined;
    const pageUrl = absolute(window.location.pathname, publicUrl);
    document.title = fullTitle;
    const restore = [
      setMeta(tags.description, description),
      setMeta(tags.ogTitle, title),
      setMeta(tags.ogDescription, description),
      setMeta(tags.ogImage, imageUrl),
      setMeta(tags.ogUrl, pageUrl),
      setMeta(tags.ogType, type),
      setMeta(tags.ogSiteName, orgName),
      setMeta(tags.twitterCard, imageUrl ? 'summary_large_image' : 'summary'),
      setMeta(tags.twitterTitle, title),
      setMeta(tags.twitterDescription, description),
      setMeta(tags.twitterImage, imageUrl),
    ];
    return () => {
      document.title = orgName;
      for (const undo of restore.reverse()) undo();
    };
  }, [title, description, image, type, orgName, publicUrl]);
}
