import { type Database, type MediaVariant, media } from '@pillars/platform/db';
import type { MediaStore } from '@pillars/platform/media';
import { type Actor, writeAudit } from '../../lib/audit';
import type { processImage } from './process-image';

type ProcessedImage = Awaited<ReturnType<typeof processImage>>;

/**
 * Stores a processed image's variants, then its row and audit entry in one transaction; returns
 * its id. No row, no objects: when any step fails, what was stored of the upload goes again.
 */
export async function saveUpload(
  deps: { db: Database; store: MediaStore },
  actor: Actor,
  image: ProcessedImage,
): Promise<string> {
  const { db, store } = deps;
  const id = crypto.randomUUID();
  const keyOf = (name: string) => `media/${id}/${name}`;
  const stored: string[] = [];
  try {
    for (const variant of image.files) {
      await store.put(keyOf(variant.file), variant.body, variant.contentType);
      stored.push(keyOf(variant.file));
    }
    const variants: MediaVariant[] = image.files.map((v) => ({
      width: v.width,
      height: v.height,
      format: v.format,
      key: keyOf(v.file),
      bytes: v.body.length,
    }));
    await db.transaction(async (tx) => {
      await tx.insert(media).values({
        id,
        sourceFormat: image.sourceFormat,
        width: image.width,
        height: image.height,
        variants,
        uploadedBy: actor.userId,
      });
      await writeAudit(tx, actor, {
        action: 'media.uploaded',
        entityType: 'media',
        entityId: id,
        after: { sourceFormat: image.sourceFormat, width: image.width, height: image.height },
      });
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => store.delete(key)));
    throw error;
  }
  return id;
}
