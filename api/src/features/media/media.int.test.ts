import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError, MEDIA_MAX_BYTES, MediaUploaded, imageSourcesOf, mediaMessages } from '@pillars/contracts';
import { auditLog, media } from '@pillars/platform/db';
import { localMediaStore } from '@pillars/platform/media';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { createTestAdmin, signIn } from '../../test/admin-session';
import { testApp, useAppInfra } from '../../test/test-app';

const database = await useTestDatabase();
const infra = await useAppInfra(database);
const root = await mkdtemp(join(tmpdir(), 'media-'));
const app = testApp(database, { ...infra, media: localMediaStore(root) });
const admin = await createTestAdmin(database.db);
const cookie = await signIn(app, admin);

afterAll(() => rm(root, { recursive: true, force: true }));

/** A photo as a phone sends it: taken sideways (EXIF orientation 6) with the place it was taken. */
async function phonePhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .composite([
      {
        input: await sharp({ create: { width: width / 2, height: height / 2, channels: 3, background: '#123456' } })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Someone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .toBuffer();
}

function upload(
  body: Blob,
  name: string,
  headers: Record<string, string> = { cookie, 'sec-fetch-site': 'same-origin' },
) {
  const form = new FormData();
  form.append('file', body, name);
  return app.request('/api/admin/media', { method: 'POST', body: form, headers });
}

const storedFiles = async () => (await readdir(root, { recursive: true })).filter((f) => f.includes('.'));
const mediaRows = async () => database.db.select().from(media);

describe('POST /api/admin/media', () => {
  it('stores a photo upright, without its metadata, in AVIF and WebP at each width and a JPEG preview', async () => {
    const photo = await phonePhoto(4000, 3000);
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('Someone');

    const res = await upload(new Blob([photo], { type: 'image/jpeg' }), 'IMG_0001.JPG');
    expect(res.status).toBe(201);
    const { data } = MediaUploaded.parse(await res.json());

    // Orientation 6: the 4000×3000 sensor image is a 3000×4000 portrait; capped at 1600 wide.
    expect(data).toMatchObject({ width: 1600, height: 2133, url: `/media/${data.id}/1600x2133.webp` });
    expect(data.ogImageUrl).toBe(`/media/${data.id}/og.jpg`);
    expect(data.srcset).toBe(
      [`480x640`, `960x1280`, `1600x2133`].map((s) => `/media/${data.id}/${s}.webp ${s.split('x')[0]}w`).join(', '),
    );
    expect(data.variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual([
      'avif 480x640',
      'avif 960x1280',
      'avif 1600x2133',
      'webp 480x640',
      'webp 960x1280',
      'webp 1600x2133',
      'jpeg 1200x1600',
    ]);
    // The pages' convention finds the same siblings from the address alone.
    expect(imageSourcesOf(data.url)?.webpSrcset).toBe(data.srcset);

    for (const variant of data.variants) {
      const served = await app.request(variant.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(`image/${variant.format}`);
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ width: variant.width, height: variant.height });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // Upright: the top-left quarter of the sensor image (dark) is now at the top right.
    const og = await sharp(Buffer.from(await (await app.request(data.ogImageUrl)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => og.data[(y * og.info.width + x) * og.info.channels] ?? -1;
    expect(pixel(og.info.width - 10, 10)).toBeLessThan(60);
    expect(pixel(10, 10)).toBeGreaterThan(120);

    const [row] = await database.db.select().from(media).where(eq(media.id, data.id));
    expect(row).toMatchObject({ sourceFormat: 'jpeg', width: 3000, height: 4000, uploadedBy: admin.id });
    expect(row?.variants).toHaveLength(7);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, data.id));
    expect(audit).toMatchObject({ action: 'media.uploaded', entityType: 'media', actorUserId: admin.id });
  });

  it('keeps a small PNG at its own size, never enlarged', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer();
    const res = await upload(new Blob([png], { type: 'image/png' }), 'logo.png');
    expect(res.status).toBe(201);
    const { data } = MediaUploaded.parse(await res.json());
    expect(data.variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual([
      'avif 300x200',
      'webp 300x200',
      'jpeg 300x200',
    ]);
  });

  it('refuses a text file named .jpg, an SVG and a GIF by their content, storing nothing', async () => {
    const filesBefore = await storedFiles();
    const rowsBefore = (await mediaRows()).length;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    for (const [body, name] of [
      [new Blob(['not an image at all'], { type: 'image/jpeg' }), 'photo.jpg'],
      [new Blob([svg], { type: 'image/svg+xml' }), 'drawing.svg'],
      [new Blob([gif], { type: 'image/gif' }), 'anim.gif'],
    ] as const) {
      const res = await upload(body, name);
      expect(res.status).toBe(415);
      expect(ApiError.parse(await res.json())).toEqual({
        error: mediaMessages.unsupportedType,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await mediaRows()).toHaveLength(rowsBefore);
  });

  it('refuses a file over 10 MB with 413, storing nothing', async () => {
    const filesBefore = await storedFiles();
    const rowsBefore = (await mediaRows()).length;
    const big = new Uint8Array(MEDIA_MAX_BYTES + 1);
    big.set(await phonePhoto(64, 48));
    const res = await upload(new Blob([big], { type: 'image/jpeg' }), 'huge.jpg');
    expect(res.status).toBe(413);
    expect(ApiError.parse(await res.json())).toEqual({ error: mediaMessages.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await mediaRows()).toHaveLength(rowsBefore);
  });

  it('refuses a PNG over the pixel limit with 413 saying its size and the limit, storing nothing', async () => {
    const filesBefore = await storedFiles();
    const rowsBefore = (await mediaRows()).length;
    // 56 megapixels of one colour: a few kilobytes of PNG, far below the byte limit.
    const png = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(png.length).toBeLessThan(MEDIA_MAX_BYTES);
    const res = await upload(new Blob([png], { type: 'image/png' }), 'wide.png');
    expect(res.status).toBe(413);
    expect(ApiError.parse(await res.json())).toEqual({
      error: 'This image is 8000 × 7000 pixels (56 megapixels); images must be at most 50 megapixels.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(mediaMessages.tooManyPixels(8000, 7000)).toContain('8000 × 7000');
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await mediaRows()).toHaveLength(rowsBefore);
  });

  it('stops reading a body past the limit, whatever the form holds', async () => {
    const form = new FormData();
    form.append('other', 'x'.repeat(MEDIA_MAX_BYTES + 128 * 1024));
    const res = await app.request('/api/admin/media', {
      method: 'POST',
      body: form,
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(413);
  });

  it('refuses a request with no file', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const res = await app.request('/api/admin/media', {
      method: 'POST',
      body: form,
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(400);
    expect(ApiError.parse(await res.json()).error).toBe(mediaMessages.missingFile);
  });

  it('answers 401 without a session and 403 to a cross-site request', async () => {
    const photo = new Blob([await phonePhoto(64, 48)], { type: 'image/jpeg' });
    expect((await upload(photo, 'a.jpg', { 'sec-fetch-site': 'same-origin' })).status).toBe(401);
    expect((await upload(photo, 'a.jpg', { cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });
});

describe('GET /media/<id>/<file>', () => {
  it('serves a stored variant immutable, typed, unsniffable and revalidated by ETag', async () => {
    const res = await upload(new Blob([await phonePhoto(800, 600)], { type: 'image/jpeg' }), 'a.jpg');
    const { data } = MediaUploaded.parse(await res.json());
    const served = await app.request(data.url);
    expect(served.status).toBe(200);
    expect(Object.fromEntries(served.headers)).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
    });
    const etag = served.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    await served.arrayBuffer();
    const again = await app.request(data.url, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for an unknown object and for a path that is not a media key', async () => {
    for (const path of [
      `/media/${crypto.randomUUID()}/480x360.webp`,
      `/media/${crypto.randomUUID()}/..%2F..%2Fetc%2Fpasswd`,
      '/media/x/y.webp',
    ]) {
      expect((await app.request(path)).status).toBe(404);
    }
  });
});
