import { describe, expect, it } from 'vitest';
import { imageSourcesOf, ogSize, responsiveSizes, socialImageOf } from './media';

const id = '0b6f5a2e-3c1d-4e8f-9a7b-123456789abc';

describe('responsiveSizes', () => {
  it('stores each width below the image and the image capped at 1600, never enlarged', () => {
    expect(responsiveSizes(4000, 3000)).toEqual([
      { width: 480, height: 360 },
      { width: 960, height: 720 },
      { width: 1600, height: 1200 },
    ]);
    expect(responsiveSizes(700, 500)).toEqual([
      { width: 480, height: 343 },
      { width: 700, height: 500 },
    ]);
    expect(responsiveSizes(300, 200)).toEqual([{ width: 300, height: 200 }]);
  });

  it('gives the same list from the largest size as from the original', () => {
    for (const [w, h] of [
      [4000, 3000],
      [3000, 4000],
      [1601, 999],
      [5000, 17],
    ] as const) {
      const sizes = responsiveSizes(w, h);
      const largest = sizes[sizes.length - 1];
      if (!largest) throw new Error('no sizes');
      expect(responsiveSizes(largest.width, largest.height)).toEqual(sizes);
    }
  });

  it('sizes the social preview 1200 wide at most', () => {
    expect(ogSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(ogSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('imageSourcesOf', () => {
  it('derives both srcsets and the dimensions from an upload address', () => {
    expect(imageSourcesOf(`/media/${id}/1600x1200.webp`)).toEqual({
      src: `/media/${id}/1600x1200.webp`,
      width: 1600,
      height: 1200,
      avifSrcset: `/media/${id}/480x360.avif 480w, /media/${id}/960x720.avif 960w, /media/${id}/1600x1200.avif 1600w`,
      webpSrcset: `/media/${id}/480x360.webp 480w, /media/${id}/960x720.webp 960w, /media/${id}/1600x1200.webp 1600w`,
    });
  });

  it('knows nothing of other addresses, or of sizes the convention never makes', () => {
    expect(imageSourcesOf('/images/news/flag.svg')).toBeNull();
    expect(imageSourcesOf('https://example.org/photo.jpg')).toBeNull();
    expect(imageSourcesOf(`/media/${id}/2000x1500.webp`)).toBeNull();
  });
});

describe('socialImageOf', () => {
  it('points previews at a raster image', () => {
    expect(socialImageOf(`/media/${id}/1600x1200.webp`)).toBe(`/media/${id}/og.jpg`);
    expect(socialImageOf('/images/news/memorial-day-tribute.svg')).toBe('/images/news/memorial-day-tribute.jpg');
    expect(socialImageOf('https://example.org/photo.png')).toBe('https://example.org/photo.png');
  });
});
