/**
 * Uploaded images and the address convention that lets pages find every size of one without asking
 * the API (docs/decisions/023). An uploaded image is served at `/media/<id>/<width>x<height>.<ext>`
 * in AVIF and WebP at each width of `responsiveSizes`, and at `/media/<id>/og.jpg` for social previews.
 */

/** The largest upload accepted, checked while the body is read. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Decompression bombs: a small file may claim a huge canvas; sharp refuses more pixels than this. */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** Widths of the responsive variants; an image is never enlarged, so a narrow one has fewer. */
const MEDIA_MAX_WIDTH = 1600;
export const MEDIA_WIDTHS = [480, 960, MEDIA_MAX_WIDTH] as const;
/** Social previews: JPEG (the networks show no SVG, and not every one shows WebP), this wide at most. */
export const MEDIA_OG_WIDTH = 1200;
/** The types accepted, by their content. */
export const MEDIA_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** 56 for 56,000,000 pixels, 50.2 for 50,150,000: a count of pixels as people read it. */
const megapixels = (pixels: number) => String(Math.round(pixels / 100_000) / 10);

export const mediaMessages = {
  unsupportedType: 'Upload a JPEG, PNG, WebP or AVIF image.',
  tooLarge: 'Images must be 10 MB or smaller.',
  tooManyPixels: (width: number, height: number) =>
    `This image is ${width} × ${height} pixels (${megapixels(width * height)} megapixels); images must be at most ${megapixels(MEDIA_MAX_PIXELS)} megapixels.`,
  missingFile: 'Choose an image to upload.',
} as const;

export interface Size {
  width: number;
  height: number;
}

/**
 * The sizes an image of `width`×`height` is stored at, largest last: each width of MEDIA_WIDTHS
 * below the image's own, then the image itself capped at the largest. Heights are derived from the
 * largest size, so applying this to the largest size gives the same list: a page holding only the
 * largest variant's address knows every other one.
 */
export function responsiveSizes(width: number, height: number): Size[] {
  const max = MEDIA_MAX_WIDTH;
  const top: Size =
    width <= max ? { width, height } : { width: max, height: Math.max(1, Math.round((height * max) / width)) };
  const smaller = MEDIA_WIDTHS.filter((w) => w < top.width).map((w) => ({
    width: w,
    height: Math.max(1, Math.round((top.height * w) / top.width)),
  }));
  return [...smaller, top];
}

/** The social preview's size: MEDIA_OG_WIDTH wide at most, in the image's own proportions. */
export function ogSize(width: number, height: number): Size {
  if (width <= MEDIA_OG_WIDTH) return { width, height };
  return { width: MEDIA_OG_WIDTH, height: Math.max(1, Math.round((height * MEDIA_OG_WIDTH) / width)) };
}

export const mediaFileName = (size: Size, extension: 'avif' | 'webp') => `${size.width}x${size.height}.${extension}`;
export const MEDIA_OG_FILE = 'og.jpg';
export const mediaPath = (id: string, file: string) => `/media/${id}/${file}`;

const MEDIA_URL = /^(?:https?:\/\/[^/]+)?\/media\/([0-9a-f-]{36})\/(\d+)x(\d+)\.(?:webp|avif)$/;

/** What a page needs to show an image responsively; null for an address that is not one of our uploads. */
export interface ImageSources {
  src: string;
  width: number;
  height: number;
  avifSrcset: string;
  webpSrcset: string;
}

export function imageSourcesOf(url: string): ImageSources | null {
  const match = MEDIA_URL.exec(url);
  if (!match) return null;
  const [, id, w, h] = match as unknown as [string, string, string, string];
  const sizes = responsiveSizes(Number(w), Number(h));
  const largest = sizes[sizes.length - 1];
  if (!largest || largest.width !== Number(w) || largest.height !== Number(h)) return null;
  const srcset = (extension: 'avif' | 'webp') =>
    sizes.map((size) => `${mediaPath(id, mediaFileName(size, extension))} ${size.width}w`).join(', ');
  return {
    src: mediaPath(id, mediaFileName(largest, 'webp')),
    width: largest.width,
    height: largest.height,
    avifSrcset: srcset('avif'),
    webpSrcset: srcset('webp'),
  };
}

/**
 * The raster image for og:image and twitter:image: an upload's JPEG, or for the demo's SVGs under
 * /images/ the JPEG beside each (web/public/images, rendered by web/scripts/render-previews.ts).
 * Any other address is used as it is.
 */
export function socialImageOf(url: string): string {
  const match = MEDIA_URL.exec(url);
  if (match) return mediaPath(match[1] as string, MEDIA_OG_FILE);
  if (/^\/images\/.+\.svg$/.test(url)) return url.replace(/\.svg$/, '.jpg');
  return url;
}
