import { z } from 'zod';

// The address convention and limits are plain values, apart so a page showing an image loads no
// schema (docs/decisions/038).
export * from './media-paths';

export const MediaFormat = z.enum(['avif', 'webp', 'jpeg', 'png']);
export type MediaFormat = z.infer<typeof MediaFormat>;

export const MediaVariantOut = z
  .object({
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    format: MediaFormat,
  })
  .meta({ id: 'MediaVariant' });

export const MediaUploaded = z
  .object({
    success: z.literal(true),
    data: z.object({
      id: z.uuid(),
      /** The largest WebP: what an article's or event's image address is set to. */
      url: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      /** The WebP variants as an `srcset` value. */
      srcset: z.string(),
      variants: z.array(MediaVariantOut),
      /** The JPEG for og:image. */
      ogImageUrl: z.string(),
    }),
  })
  .meta({ id: 'MediaUploaded' });
export type MediaUploaded = z.infer<typeof MediaUploaded>;

export const MediaUploadForm = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'A JPEG, PNG, WebP or AVIF image, 10 MB at most' }),
  })
  .meta({ id: 'MediaUploadForm' });
