import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { defaultPublicConfig } from './public-config';
import { type DocumentMeta, useDocumentMeta } from './use-document-meta';
import { PublicConfigContext } from './use-public-config';

const config = { ...defaultPublicConfig, orgName: 'Pillars', publicUrl: 'https://pillars.org' };
const wrapper = ({ children }: { children: ReactNode }) => (
  <PublicConfigContext value={config}>{children}</PublicConfigContext>
);
const meta = (key: string) =>
  document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;

describe('useDocumentMeta', () => {
  it('sets the title and social metadata, and restores them when the page goes', () => {
    // As the server wrote it for this very page: leaving gives the site's name, not this.
    document.title = 'Memorial Day | Pillars';
    const { unmount } = renderHook(
      () =>
        useDocumentMeta({
          title: 'Memorial Day',
          description: 'We remember.',
          image: '/images/news/memorial.svg',
          type: 'article',
        } satisfies DocumentMeta),
      { wrapper },
    );
    expect(document.title).toBe('Memorial Day | Pillars');
    expect(meta('og:title')).toBe('Memorial Day');
    expect(meta('og:description')).toBe('We remember.');
    expect(meta('og:image')).toBe('https://pillars.org/images/news/memorial.jpg');
    expect(meta('og:type')).toBe('article');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:title')).toBe('Memorial Day');
    expect(meta('description')).toBe('We remember.');
    unmount();
    expect(document.title).toBe('Pillars');
    expect(meta('og:title')).toBeNull();
  });

  it('leaves the document alone while there is nothing to show', () => {
    document.title = 'Site';
    renderHook(() => useDocumentMeta(null), { wrapper });
    expect(document.title).toBe('Site');
  });
});
