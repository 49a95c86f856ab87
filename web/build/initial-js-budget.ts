import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { DISPLAY_FONT } from './preload-font.ts';

/**
 * The home page's initial JavaScript stays within 90 kB compressed, as the browser
 * receives it: Brotli, precompressed at build time (web/build/precompress.ts). Its gzip size (for a
 * client that sends no `br`) may not grow past where it stands (docs/decisions/038).
 */
export const INITIAL_JS_BUDGET = { brotli: 90 * 1000, gzip: 100 * 1000 };
/** Everything the first paint fetches (scripts, stylesheet, preloaded font), compressed (docs/decisions/038). */
export const FIRST_LOAD_BUDGET_BYTES = 200 * 1000;

type Chunk = {
  type: 'chunk';
  code: string;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type Asset = { type: 'asset'; source?: string | Uint8Array };
export type BundleFiles = Record<string, Chunk | Asset>;

/**
 * The JavaScript a first visit downloads before the page can run: the entry chunk and every
 * chunk it imports statically, transitively. Lazy chunks (`import()`) are left out.
 */
export function initialChunks(bundle: BundleFiles): string[] {
  const entries = Object.entries(bundle).filter(([, file]) => file.type === 'chunk' && file.isEntry);
  const seen = new Set<string>();
  const visit = (name: string) => {
    const file = bundle[name];
    if (seen.has(name) || file?.type !== 'chunk') return;
    seen.add(name);
    for (const imported of file.imports) visit(imported);
  };
  for (const [name] of entries) visit(name);
  return [...seen].sort();
}

/** The other files the first paint needs: the initial chunks' stylesheets and the preloaded font. */
export function firstLoadAssets(bundle: BundleFiles, chunks: string[]): string[] {
  const css = chunks.flatMap((name) => {
    const file = bundle[name];
    return file?.type === 'chunk' ? [...(file.viteMetadata?.importedCss ?? [])] : [];
  });
  const fonts = Object.keys(bundle).filter((name) => DISPLAY_FONT.test(name));
  return [...new Set([...css, ...fonts])].sort();
}

export function gzipBytes(code: string | Uint8Array): number {
  return gzipSync(code, { level: 9 }).length;
}

export function brotliBytes(code: string | Uint8Array): number {
  return brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
    .length;
}

/** A font file is compressed already: sent as it is. */
function sentBytes(name: string, content: string | Uint8Array): { gzip: number; brotli: number } {
  if (name.endsWith('.woff2')) return { gzip: content.length, brotli: content.length };
  return { gzip: gzipBytes(content), brotli: brotliBytes(content) };
}

/**
 * Prints the initial JavaScript's compressed size, and all the first load's, after each
 * production build and fails the build when one is over budget, so a heavy import into the home
 * page is caught where it is made.
 */
export function initialJsBudget(budget = INITIAL_JS_BUDGET, firstLoadBudget = FIRST_LOAD_BUDGET_BYTES): Plugin {
  return {
    name: 'initial-js-budget',
    apply: 'build',
    // Once the files are written: Vite's own last steps (the preload map of lazy imports) are in the code by then.
    writeBundle(_options, bundle) {
      const files = bundle as unknown as BundleFiles;
      const sizeOf = (names: string[]) =>
        names.reduce(
          (sum, name) => {
            const file = files[name];
            const content = file?.type === 'chunk' ? file.code : file?.source;
            if (content === undefined) return sum;
            const sent = sentBytes(name, content);
            return { gzip: sum.gzip + sent.gzip, brotli: sum.brotli + sent.brotli };
          },
          { gzip: 0, brotli: 0 },
        );
      const chunks = initialChunks(files);
      const js = sizeOf(chunks);
      const assets = firstLoadAssets(files, chunks);
      const rest = sizeOf(assets);
      const all = { gzip: js.gzip + rest.gzip, brotli: js.brotli + rest.brotli };
      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      const summary =
        `initial JS: ${kb(js.brotli)} brotli (budget ${kb(budget.brotli)}), ${kb(js.gzip)} gzip ` +
        `(budget ${kb(budget.gzip)}) in ${chunks.length} chunk(s); first load with ${assets.join(', ')}: ` +
        `${kb(all.brotli)} brotli, ${kb(all.gzip)} gzip (budget ${kb(firstLoadBudget)})`;
      if (js.brotli > budget.brotli || js.gzip > budget.gzip)
        this.error(`${summary}: initial JS over budget. Load the new code lazily (import()).`);
      if (all.gzip > firstLoadBudget) this.error(`${summary}: first load over budget.`);
      this.info(summary);
    },
  };
}
