import type { Readable } from 'node:stream';

/** One stored object as the store hands it back: its bytes as a stream, its type and length. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  contentLength: number;
  /** Strong validator of the bytes (the store's own: an S3 ETag, or size and mtime on disk). */
  etag: string;
}

/**
 * Where uploaded images live (docs/decisions/023): a folder under DATA_DIR by default, an
 * S3-compatible bucket in production. Keys are `media/<id>/<file>`; objects never change once
 * written, so readers may cache them forever.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when no object has this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are ours (media/<uuid>/<file>), never a client's path; this refuses anything else. */
export const MEDIA_KEY = /^media\/[0-9a-f-]{36}\/[a-z0-9x]+\.(avif|webp|jpg|png)$/;

export function assertMediaKey(key: string): void {
  if (!MEDIA_KEY.test(key)) throw new Error(`not a media key: ${key}`);
}
