import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type MediaStore, type StoredObject, assertMediaKey } from './store';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** Unset: AWS itself. Set for MinIO and other S3-compatible servers (path-style addressing). */
  endpoint?: string | undefined;
  /** Unset: the SDK's default chain (AWS_ACCESS_KEY_ID…, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** Production: objects in an S3-compatible bucket, through the official AWS SDK. */
export function s3MediaStore(options: S3StoreOptions): MediaStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertMediaKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key): Promise<StoredObject | null> {
      assertMediaKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return {
          body: answer.Body as Readable,
          contentType: answer.ContentType ?? 'application/octet-stream',
          contentLength: answer.ContentLength ?? 0,
          etag: answer.ETag ?? `"${key}"`,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      assertMediaKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
