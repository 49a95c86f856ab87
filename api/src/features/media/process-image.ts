import {
  MEDIA_MAX_PIXELS,
  MEDIA_OG_FILE,
  type MediaFormat,
  mediaFileName,
  mediaMessages,
  ogSize,
  responsiveSizes,
} from '@pillars/contracts';
import sharp from 'sharp';
import { AppError } from '../../lib/errors';

/** One file to store: its name under media/<id>/ and what it is. */
export interface ProcessedFile {
  file: string;
  body: Buffer;
  contentType: string;
  width: number;
  height: number;
  format: MediaFormat;
}

export interface ProcessedImage {
  sourceFormat: 'jpeg' | 'png' | 'webp' | 'avif';
  width: number;
  height: number;
  files: ProcessedFile[];
}

/**
 * What sharp reports for each accepted type. AVIF is read by libheif, which also reads HEIC: only
 * AV1-compressed HEIF is AVIF. Anything else (SVG, GIF, TIFF, PDF, text named .jpg) is refused.
 */
function acceptedFormat(metadata: sharp.Metadata): ProcessedImage['sourceFormat'] | null {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
      return metadata.format;
    case 'heif':
      return metadata.compression === 'av1' ? 'avif' : null;
    default:
      return null;
  }
}

// Decoding and encoding run on libuv's thread pool; more than two uploads at once would only
// queue there and starve the pool's other users (DNS, file reads), so the rest wait here.
const MAX_AT_ONCE = 2;
let running = 0;
const waiting: Array<() => void> = [];
async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Checks an upload by its content and makes the stored variants (docs/decisions/023): oriented by
 * its EXIF orientation, then every metadata (EXIF, GPS, ICC, XMP) dropped, as sharp does unless
 * asked to keep it; AVIF and WebP at each responsive size, and a JPEG for social previews.
 */
export function processImage(input: Buffer): Promise<ProcessedImage> {
  return oneOfFew(async () => {
    const options: sharp.SharpOptions = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' };
    // The header only, without sharp's pixel limit: with it, sharp refuses an over-large image as
    // if it were no image at all, and the answer could not say what is too large. The pixels are
    // decoded below, with the limit.
    let metadata: sharp.Metadata;
    try {
      metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', mediaMessages.unsupportedType);
    }
    const sourceFormat = acceptedFormat(metadata);
    if (!sourceFormat) throw new AppError('UNSUPPORTED_MEDIA_TYPE', mediaMessages.unsupportedType);
    const { width, height } = metadata.autoOrient;
    if (width * height > MEDIA_MAX_PIXELS) {
      throw new AppError('PAYLOAD_TOO_LARGE', mediaMessages.tooManyPixels(width, height));
    }

    const sizes = responsiveSizes(width, height);
    const largest = sizes[sizes.length - 1] ?? { width, height };
    // Decoded once (JPEG shrinks while it decodes), turned upright and brought down to the largest
    // size stored; every variant is made from these pixels rather than decoding the upload again.
    let pixels: { data: Buffer; info: sharp.OutputInfo };
    try {
      pixels = await sharp(input, options)
        .rotate()
        .resize(largest.width, largest.height, { fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', mediaMessages.unsupportedType);
    }
    const { channels } = pixels.info;
    const oriented = sharp(pixels.data, { raw: { width: largest.width, height: largest.height, channels } });
    // AVIF at effort 2, not the default 4: a 4000×3000 photo's variants take 0.8–1.5 s instead of
    // 5.5–7 s on two busy cores, for AVIF files some 10% larger (docs/decisions/023).
    const encode = async (
      size: { width: number; height: number },
      format: 'avif' | 'webp' | 'jpeg',
      file: string,
    ): Promise<ProcessedFile> => {
      const resized = oriented.clone().resize(size.width, size.height, { fit: 'fill' });
      const encoded =
        format === 'avif'
          ? resized.avif({ quality: 55, effort: 2 })
          : format === 'webp'
            ? resized.webp({ quality: 80 })
            : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
      try {
        const body = await encoded.toBuffer();
        return { file, body, contentType: `image/${format}`, ...size, format };
      } catch {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', mediaMessages.unsupportedType);
      }
    };
    const files = await Promise.all([
      ...sizes.map((size) => encode(size, 'avif', mediaFileName(size, 'avif'))),
      ...sizes.map((size) => encode(size, 'webp', mediaFileName(size, 'webp'))),
      encode(ogSize(width, height), 'jpeg', MEDIA_OG_FILE),
    ]);
    return { sourceFormat, width, height, files };
  });
}
