import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image';

const id = '0b6f5a2e-3c1d-4e8f-9a7b-123456789abc';

describe('ResponsiveImage', () => {
  it('offers an upload in AVIF and WebP at each width, with its own dimensions', () => {
    const { container } = render(
      <ResponsiveImage src={`/media/${id}/960x720.webp`} alt="Flag" width={640} height={360} sizes="100vw" />,
    );
    const img = screen.getByRole('img', { name: 'Flag' });
    expect(img.getAttribute('width')).toBe('960');
    expect(img.getAttribute('height')).toBe('720');
    expect(img.getAttribute('srcset')).toBe(`/media/${id}/480x360.webp 480w, /media/${id}/960x720.webp 960w`);
    expect(img.getAttribute('sizes')).toBe('100vw');
    const sources = [...container.querySelectorAll('source')].map((s) => [s.type, s.getAttribute('srcset')]);
    expect(sources).toEqual([
      ['image/avif', `/media/${id}/480x360.avif 480w, /media/${id}/960x720.avif 960w`],
      ['image/webp', `/media/${id}/480x360.webp 480w, /media/${id}/960x720.webp 960w`],
    ]);
  });

  it('shows any other address as it is, in the box it was given', () => {
    const { container } = render(
      <ResponsiveImage src="/images/news/flag.svg" alt="Flag" width={640} height={360} sizes="100vw" />,
    );
    const img = screen.getByRole('img', { name: 'Flag' });
    expect(img.getAttribute('src')).toBe('/images/news/flag.svg');
    expect(img.getAttribute('width')).toBe('640');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(container.querySelector('picture')).toBeNull();
  });
});
