import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

describe('precompress', () => {
  it('writes .br and .gz beside text files that shrink, never beside index.html or fonts', async () => {
    const root = await mkdtemp(join(tmpdir(), 'precompress-'));
    afterAll(() => rm(root, { recursive: true, force: true }));
    const dist = join(root, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    const script = 'export const words = ["liberty", "liberty", "liberty"];\n'.repeat(50);
    await writeFile(join(dist, 'assets', 'index-abc.js'), script);
    await writeFile(join(dist, 'assets', 'tiny-abc.js'), 'x');
    await writeFile(join(dist, 'assets', 'face-abc.woff2'), 'wOF2'.repeat(100));
    await writeFile(join(dist, 'index.html'), '<html>'.repeat(100));

    const plugin = precompress();
    const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
    configResolved({ root, build: { outDir: 'dist' } } as ResolvedConfig);
    const closeBundle = plugin.closeBundle as (this: { info: (message: string) => void }) => Promise<void>;
    await closeBundle.call({ info: () => {} });

    expect((await readdir(join(dist, 'assets'))).sort()).toEqual([
      'face-abc.woff2',
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'tiny-abc.js',
    ]);
    expect(await readdir(dist)).not.toContain('index.html.br');
    const path = join(dist, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(await readFile(`${path}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${path}.gz`)).toString()).toBe(script);
  });
});
