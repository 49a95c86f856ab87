import { describe, expect, it } from 'vitest';
import { type BundleFiles, brotliBytes, firstLoadAssets, gzipBytes, initialChunks } from './initial-js-budget';

const chunk = (imports: string[], isEntry = false) => ({ type: 'chunk' as const, code: 'x', isEntry, imports });

describe('initialChunks', () => {
  it('counts the entry and its static imports, transitively, but no lazy chunk', () => {
    const bundle: BundleFiles = {
      'index.js': chunk(['react.js', 'router.js'], true),
      'react.js': chunk([]),
      'router.js': chunk(['react.js']),
      'admin.js': chunk(['react.js']),
      'style.css': { type: 'asset' },
    };
    expect(initialChunks(bundle)).toEqual(['index.js', 'react.js', 'router.js']);
  });

  it('measures gzip and Brotli size', () => {
    expect(gzipBytes('a'.repeat(10_000))).toBeLessThan(100);
    expect(brotliBytes('a'.repeat(10_000))).toBeLessThan(100);
  });
});

describe('firstLoadAssets', () => {
  it('adds the initial chunks’ stylesheets and the preloaded display font, not a lazy chunk’s', () => {
    const withCss = (css: string[], imports: string[] = [], isEntry = false) => ({
      ...chunk(imports, isEntry),
      viteMetadata: { importedCss: new Set(css) },
    });
    const bundle: BundleFiles = {
      'index.js': withCss(['assets/index.css'], ['shared.js'], true),
      'shared.js': withCss(['assets/index.css']),
      'admin.js': withCss(['assets/admin.css']),
      'assets/index.css': { type: 'asset' },
      'assets/admin.css': { type: 'asset' },
      'assets/source-serif-4-latin-700-normal-AbC12_-x.woff2': { type: 'asset' },
      'assets/other-font.woff2': { type: 'asset' },
    };
    expect(firstLoadAssets(bundle, initialChunks(bundle))).toEqual([
      'assets/index.css',
      'assets/source-serif-4-latin-700-normal-AbC12_-x.woff2',
    ]);
  });
});
