import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files a browser fetches as they are; fonts and raster images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;

/**
 * index.html is a template the API renders per request (public config, social metadata), so it
 * is compressed on the fly there (api/src/lib/compression.ts), never served as built.
 */
const RENDERED = new Set(['index.html']);

export function brotliBytes(content: Buffer): Buffer {
  return brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

export function gzipBytesOf(content: Buffer): Buffer {
  return gzipSync(content, { level: 9 });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the strongest
 * settings (done once here instead of on every request), when that is smaller than the file.
 * The API serves them by the request's Accept-Encoding (serveStatic's `precompressed`).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      let written = 0;
      for (const file of await filesUnder(outDir)) {
        const name = relative(outDir, file);
        if (!COMPRESSIBLE.test(name) || RENDERED.has(name)) continue;
        const content = await readFile(file);
        for (const [suffix, compressed] of [
          ['.br', brotliBytes(content)],
          ['.gz', gzipBytesOf(content)],
        ] as const) {
          if (compressed.length >= content.length) continue;
          await writeFile(file + suffix, compressed);
          written += 1;
        }
      }
      this.info(`precompressed ${written} file(s) (.br, .gz)`);
    },
  };
}
