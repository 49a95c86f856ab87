import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadFont } from './preload-font';

function tagsFor(files: string[]) {
  const hook = preloadFont().transformIndexHtml as { handler: IndexHtmlTransformHook };
  const bundle = Object.fromEntries(files.map((name) => [name, { type: 'asset' }]));
  const context = { path: '/index.html', filename: 'index.html', bundle } as unknown as IndexHtmlTransformContext;
  return hook.handler.call(undefined as never, '<html></html>', context);
}

describe('preloadFont', () => {
  it('preloads the display face, as a CORS font request', () => {
    expect(tagsFor(['assets/index-abc.js', 'assets/source-serif-4-latin-700-normal-CGGdTIBe.woff2'])).toEqual([
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          href: '/assets/source-serif-4-latin-700-normal-CGGdTIBe.woff2',
          as: 'font',
          type: 'font/woff2',
          crossorigin: '',
        },
        injectTo: 'head',
      },
    ]);
  });

  it('fails the build when the face is missing, rather than preloading nothing', () => {
    expect(() => tagsFor(['assets/index-abc.js'])).toThrow('expected one display font file, found 0');
  });
});
