import { join } from 'node:path';
import { type Config, fromRepoRoot } from '../config';
import { localMediaStore } from './local-store';
import { s3MediaStore } from './s3-store';
import type { MediaStore } from './store';

export { localMediaStore } from './local-store';
export { s3MediaStore, type S3StoreOptions } from './s3-store';
export { MEDIA_KEY, type MediaStore, type StoredObject } from './store';

/** MEDIA_S3_BUCKET set: the bucket; unset: the folder DATA_DIR/media (docs/decisions/023). */
export function mediaStoreOf(config: Config): MediaStore {
  if (config.MEDIA_S3_BUCKET) {
    const { MEDIA_S3_ACCESS_KEY_ID: accessKeyId, MEDIA_S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
    return s3MediaStore({
      bucket: config.MEDIA_S3_BUCKET,
      region: config.MEDIA_S3_REGION,
      endpoint: config.MEDIA_S3_ENDPOINT,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    });
  }
  return localMediaStore(join(fromRepoRoot(config.DATA_DIR), 'media'));
}
