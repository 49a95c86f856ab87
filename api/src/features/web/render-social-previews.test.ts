import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { socialImageOf } from '@pillars/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_IMAGES_DIR, demoSvgs } from './render-social-previews';

describe('the demo images’ social previews', () => {
  it('exist beside every SVG as a 1200×630 JPEG', async () => {
    const svgs = await demoSvgs();
    expect(svgs.length).toBeGreaterThan(0);
    for (const svg of svgs) {
      const preview = socialImageOf(`/images/${svg}`).replace(/^\/images\//, '');
      expect(preview).toMatch(/\.jpg$/);
      const path = join(DEMO_IMAGES_DIR, preview);
      expect(existsSync(path), `${preview}: run render-social-previews.ts`).toBe(true);
      expect(await sharp(path).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    }
  });
});
