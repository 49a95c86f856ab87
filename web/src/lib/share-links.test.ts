import { describe, expect, it } from 'vitest';
import { canonicalUrl, shareUrl } from './share-links';

describe('canonicalUrl', () => {
  it('keeps the page address on the canonical host', () => {
    expect(canonicalUrl('https://pillars.org/news/a?x=1', 'https://pillars.org')).toBe(
      'https://pillars.org/news/a?x=1',
    );
  });

  it('moves a preview host to the canonical host, keeping path, query and fragment', () => {
    expect(canonicalUrl('https://pr-12.preview.app/news/a?x=1#top', 'https://pillars.org/')).toBe(
      'https://pillars.org/news/a?x=1#top',
    );
  });

  it('keeps a canonical base path', () => {
    expect(canonicalUrl('http://localhost:5173/events/b', 'https://example.org/site')).toBe(
      'https://example.org/site/events/b',
    );
  });

  it('falls back to the page address when the configured host is not a URL', () => {
    expect(canonicalUrl('http://localhost:5000/news/a', 'not a url')).toBe('http://localhost:5000/news/a');
  });
});

describe('shareUrl', () => {
  const url = 'https://pillars.org/news/a b';
  it('builds the LinkedIn share-offsite link', () => {
    expect(shareUrl('linkedin', url, 'T')).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fpillars.org%2Fnews%2Fa%20b',
    );
  });
  it('builds the WhatsApp link with the title and the address as text', () => {
    expect(shareUrl('whatsapp', 'https://pillars.org/n', 'Hello & bye')).toBe(
      'https://wa.me/?text=Hello%20%26%20bye%20https%3A%2F%2Fpillars.org%2Fn',
    );
  });
  it('builds the Telegram link with the address and the title', () => {
    expect(shareUrl('telegram', 'https://pillars.org/n', 'Hi')).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fpillars.org%2Fn&text=Hi',
    );
  });
});
