import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The display face's file as the build names it (web/src/styles.css): hashed, so found by pattern. */
export const DISPLAY_FONT = /^assets\/source-serif-4-latin-700-normal-[\w-]+\.woff2$/;

/**
 * `<link rel="preload" as="font">` for the headings' font in index.html, so the browser fetches it
 * with the page instead of after the stylesheet: with `font-display: optional` it is then used on
 * the first paint (docs/decisions/038). Fonts are fetched in CORS mode, hence `crossorigin`.
 */
export function preloadFont(pattern: RegExp = DISPLAY_FONT): Plugin {
  return {
    name: 'preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {}).filter((name) => pattern.test(name));
        if (files.length !== 1) throw new Error(`expected one display font file, found ${files.length}`);
        const tags: HtmlTagDescriptor[] = files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        }));
        return tags;
      },
    },
  };
}
