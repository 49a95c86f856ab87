import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import { localMediaStore } from './local-store';
import { s3MediaStore } from './s3-store';
import type { MediaStore } from './store';

export { localMediaStore } from './local-store';
export { s3MediaStore, type S3StoreOptions } from './s3-store';
export { MEDIA_KEY, type MediaStore, type StoredObject } from './store';

/** DATA_DIR's relative paths are from the repository root (config). */
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

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
  const dataDir = isAbsolute(config.DATA_DIR) ? config.DATA_DIR : join(REPO_ROOT, config.DATA_DIR);
  return localMediaStore(join(dataDir, 'media'));
}
