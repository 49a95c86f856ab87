import { describe, expect, it } from 'vitest';
import { type BundleFiles, gzipBytes, initialChunks } from './initial-js-budget';

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

  it('measures gzip size', () => {
    expect(gzipBytes('a'.repeat(10_000))).toBeLessThan(100);
  });
});
