import { Readable } from 'node:stream';
import { createRoute } from '@hono/zod-openapi';
import {
  MEDIA_MAX_BYTES,
  type MediaUploaded,
  MediaUploadForm,
  MediaUploaded as MediaUploadedSchema,
  authResponseMessages,
  mediaMessages,
  mediaPath,
} from '@pillars/contracts';
import type { Database } from '@pillars/platform/db';
import { MEDIA_KEY, type MediaStore } from '@pillars/platform/media';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { apiError, featureRouter, json, openapiRoute } from '../../lib/openapi';
import { actorOf } from '../../lib/audit';
import { saveUpload } from './media.service';
import { processImage } from './process-image';

const uploadRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['admin'],
  summary: 'Upload an image: checked by content, stripped of metadata, stored in responsive sizes',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: MediaUploadForm } } } },
  responses: {
    201: json('The stored image and the addresses of its variants', MediaUploadedSchema),
    400: apiError('No file in the form'),
    401: apiError('No valid session'),
    403: apiError('A cross-site request'),
    413: apiError('Larger than 10 MB, or more than 50 megapixels'),
    415: apiError('Not a JPEG, PNG, WebP or AVIF image'),
  },
});

/** Room for the multipart envelope around a file of MEDIA_MAX_BYTES; the file itself is checked exactly. */
const ENVELOPE_BYTES = 64 * 1024;

/** POST /api/admin/media, behind requireSession and the CSRF check (app.ts). */
export function mediaAdminRoutes(deps: { db: Database; store: MediaStore }) {
  const app = featureRouter();
  // Counted while the body arrives, so an oversized upload is refused before it is all read.
  app.use(
    '/',
    bodyLimit({
      maxSize: MEDIA_MAX_BYTES + ENVELOPE_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', mediaMessages.tooLarge);
      },
    }),
  );
  openapiRoute(app, uploadRoute, async (c) => {
    const session = c.get('session');
    if (!session) throw new AppError('UNAUTHORIZED', authResponseMessages.authenticationRequired);
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError('BAD_REQUEST', mediaMessages.missingFile);
    }
    const file = form.file;
    if (!(file instanceof File)) throw new AppError('BAD_REQUEST', mediaMessages.missingFile);
    if (file.size > MEDIA_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', mediaMessages.tooLarge);

    const started = performance.now();
    const image = await processImage(Buffer.from(await file.arrayBuffer()));
    const processedMs = Math.round(performance.now() - started);

    const id = await saveUpload(deps, actorOf(session), image);
    c.get('logger').info(
      {
        event: 'media.uploaded',
        mediaId: id,
        sourceFormat: image.sourceFormat,
        width: image.width,
        height: image.height,
        bytes: file.size,
        storedBytes: image.files.reduce((sum, v) => sum + v.body.length, 0),
        processedMs,
        totalMs: Math.round(performance.now() - started),
      },
      'image uploaded',
    );
    return c.json(uploadedBody(id, image.files), 201);
  });
  return app;
}

function uploadedBody(id: string, files: Awaited<ReturnType<typeof processImage>>['files']): MediaUploaded {
  const webp = files.filter((v) => v.format === 'webp');
  const largest = webp[webp.length - 1];
  const og = files.find((v) => v.format === 'jpeg');
  if (!largest || !og) throw new Error('processing made no WebP or no JPEG');
  return {
    success: true,
    data: {
      id,
      url: mediaPath(id, largest.file),
      width: largest.width,
      height: largest.height,
      srcset: webp.map((v) => `${mediaPath(id, v.file)} ${v.width}w`).join(', '),
      variants: files.map((v) => ({ url: mediaPath(id, v.file), width: v.width, height: v.height, format: v.format })),
      ogImageUrl: mediaPath(id, og.file),
    },
  };
}

/**
 * GET /media/<id>/<file>: the stored objects, through the app whichever store holds them, so pages
 * need no other origin in their policy. An object never changes once written: cached for a year.
 */
export function mediaFileRoutes(store: MediaStore) {
  return new Hono<AppEnv>().get('/:id/:file', async (c) => {
    const key = `media/${c.req.param('id')}/${c.req.param('file')}`;
    const notFound = () => c.json({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    if (!MEDIA_KEY.test(key)) return notFound();
    const object = await store.get(key);
    if (!object) return notFound();
    const headers = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      ETag: object.etag,
    };
    if (c.req.header('if-none-match') === object.etag) {
      object.body.destroy();
      return c.body(null, 304, headers);
    }
    return c.body(Readable.toWeb(object.body) as ReadableStream, 200, {
      ...headers,
      'Content-Type': object.contentType,
      'Content-Length': String(object.contentLength),
    });
  });
}
