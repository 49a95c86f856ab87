import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type MediaStore, type StoredObject, assertMediaKey } from './store';

const TYPE_OF_EXTENSION: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The embedded default: objects are files under `root` (DATA_DIR/media), written atomically. */
export function localMediaStore(root: string): MediaStore {
  const pathOf = (key: string) => {
    assertMediaKey(key);
    return join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside and renamed, so a reader never sees half an image.
      const partial = `${path}.${process.pid}.partial`;
      await writeFile(partial, body);
      await rename(partial, path);
    },
    async get(key): Promise<StoredObject | null> {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      const extension = key.slice(key.lastIndexOf('.') + 1);
      return {
        body: createReadStream(path),
        contentType: TYPE_OF_EXTENSION[extension] ?? 'application/octet-stream',
        contentLength: info.size,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
