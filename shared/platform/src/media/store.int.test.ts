import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { provideTestS3 } from '@pillars/testing/s3';
import { afterAll, describe, expect, it } from 'vitest';
import { localMediaStore } from './local-store';
import { s3MediaStore } from './s3-store';
import type { MediaStore } from './store';

// The same contract against each store: the local folder always, and a real S3-compatible server
// (MinIO through testcontainers when a Docker engine answers, else s3rver).
const root = await mkdtemp(join(tmpdir(), 'media-store-'));
const s3 = await provideTestS3();
afterAll(async () => {
  await s3.stop();
  await rm(root, { recursive: true, force: true });
});

const stores: Array<[string, MediaStore]> = [
  ['local folder', localMediaStore(root)],
  [`S3 (${s3.source})`, s3MediaStore(s3)],
];

describe.each(stores)('media store: %s', (_name, store) => {
  const key = (file: string) => `media/${crypto.randomUUID()}/${file}`;

  it('gives back what it was given, with its type and length', async () => {
    const k = key('480x360.webp');
    await store.put(k, Buffer.from('RIFF-bytes-of-a-webp'), 'image/webp');
    const object = await store.get(k);
    expect(object).toMatchObject({ contentType: 'image/webp', contentLength: 20 });
    expect(object?.etag).toMatch(/^".+"$/);
    if (!object) throw new Error('stored object not found');
    expect(await text(object.body)).toBe('RIFF-bytes-of-a-webp');
  });

  it('answers null for a missing key, and deletes (twice without error)', async () => {
    const k = key('og.jpg');
    expect(await store.get(k)).toBeNull();
    await store.put(k, Buffer.from('jpeg'), 'image/jpeg');
    await store.delete(k);
    await store.delete(k);
    expect(await store.get(k)).toBeNull();
  });

  it('refuses keys that are not media keys', async () => {
    await expect(store.put('../../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow('not a media key');
    await expect(store.get('media/x/../../secret.png')).rejects.toThrow('not a media key');
  });
});
