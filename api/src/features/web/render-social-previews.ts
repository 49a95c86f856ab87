/**
 * Renders each SVG image of the demo content (web/public/images) to a JPEG beside it, 1200×630,
 * for og:image and twitter:image: the major networks show no SVG preview (docs/decisions/023).
 * Run once after adding or changing an SVG, and commit the JPEGs:
 *   node --import tsx api/src/features/web/render-social-previews.ts
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const DEMO_IMAGES_DIR = fileURLToPath(new URL('../../../../web/public/images', import.meta.url));

/** The SVGs under the demo images folder, as paths relative to it. */
export async function demoSvgs(): Promise<string[]> {
  const files = await readdir(DEMO_IMAGES_DIR, { recursive: true });
  return files.filter((file) => file.endsWith('.svg')).sort();
}

async function main(): Promise<void> {
  for (const svg of await demoSvgs()) {
    const jpeg = await sharp(join(DEMO_IMAGES_DIR, svg), { density: 144 })
      .resize(1200, 630, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    await writeFile(join(DEMO_IMAGES_DIR, svg.replace(/\.svg$/, '.jpg')), jpeg);
    process.stdout.write(`${svg} → ${Math.round(jpeg.length / 1024)} KB\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
