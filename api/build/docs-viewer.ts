import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DOCS_VIEWER_FILE } from '../src/features/docs/viewer-file';

/**
 * `npm run build -w api`: copies Scalar's self-contained browser build (one script, no network at
 * run time) from the devDependency @scalar/api-reference to where the docs route serves it.
 */
export async function buildDocsViewer(): Promise<void> {
  const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
  await mkdir(dirname(DOCS_VIEWER_FILE), { recursive: true });
  await copyFile(join(dirname(main), 'browser', 'standalone.js'), DOCS_VIEWER_FILE);
}

await buildDocsViewer();
