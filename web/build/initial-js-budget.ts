import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Issue 4: the home page's initial JavaScript stays under 150 kB gzip. */
export const INITIAL_JS_BUDGET_BYTES = 150 * 1000;

type Chunk = { type: 'chunk'; code: string; isEntry: boolean; imports: string[] };
type Asset = { type: 'asset' };
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

export function gzipBytes(code: string): number {
  return gzipSync(code, { level: 9 }).length;
}

/**
 * Prints the initial JavaScript's gzip size after each production build and fails the build
 * when it is over budget, so a heavy import into the home page is caught where it is made.
 */
export function initialJsBudget(budgetBytes = INITIAL_JS_BUDGET_BYTES): Plugin {
  return {
    name: 'initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = bundle as unknown as BundleFiles;
      const names = initialChunks(files);
      const total = names.reduce((sum, name) => {
        const file = files[name];
        return sum + (file?.type === 'chunk' ? gzipBytes(file.code) : 0);
      }, 0);
      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
      const summary = `initial JS: ${kb(total)} gzip in ${names.length} chunk(s), budget ${kb(budgetBytes)}`;
      if (total > budgetBytes) this.error(`${summary}: over budget. Load the new code lazily (import()).`);
      this.info(summary);
    },
  };
}
