import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security-policy';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('contentSecurityPolicy', () => {
  it('allows Pay Theory’s SDK script, its hosted fields’ origin as frames and its token service', () => {
    const csp = directives(contentSecurityPolicy({ PAYTHEORY_SDK_URL: 'https://acme.sdk.paytheorystudy.com/' }));
    expect(csp.get('script-src')).toEqual([`'self'`, 'https://acme.sdk.paytheorystudy.com']);
    expect(csp.get('frame-src')).toEqual(['https://acme.tags.static.paytheorystudy.com']);
    expect(csp.get('connect-src')).toEqual([`'self'`, 'https://acme.paytheorystudy.com']);
    expect(csp.get('img-src')).toEqual([`'self'`, 'data:']);
  });

  it('allows a configured token service instead of the derived one', () => {
    const csp = directives(
      contentSecurityPolicy({
        PAYTHEORY_SDK_URL: 'https://acme.sdk.paytheorystudy.com/',
        PAYTHEORY_TOKEN_SERVICE_ORIGIN: 'https://tokens.acme.example',
      }),
    );
    expect(csp.get('connect-src')).toEqual([`'self'`, 'https://tokens.acme.example']);
  });

  it('frames the configured fields origin, and never the SDK origin (the sandbox on two ports)', () => {
    const csp = directives(
      contentSecurityPolicy({
        PAYTHEORY_SDK_URL: 'http://localhost:5090/sdk.js',
        PAYTHEORY_FIELDS_ORIGIN: 'http://localhost:5091',
      }),
    );
    expect(csp.get('script-src')).toEqual([`'self'`, 'http://localhost:5090']);
    expect(csp.get('frame-src')).toEqual(['http://localhost:5091']);
    expect(csp.get('connect-src')).toEqual([`'self'`]);
  });

  it('allows no frames and no provider script without an SDK, and no one may frame the pages', () => {
    const csp = directives(contentSecurityPolicy({}));
    expect(csp.get('script-src')).toEqual([`'self'`]);
    expect(csp.get('frame-src')).toEqual([`'none'`]);
    expect(csp.get('frame-ancestors')).toEqual([`'none'`]);
    expect(csp.get('object-src')).toEqual([`'none'`]);
  });

  it('loads fonts from our own origin: the self-hosted display face, preloaded from /assets', () => {
    const csp = directives(contentSecurityPolicy({}));
    expect(csp.get('font-src')).toContain(`'self'`);
  });

  it('runs the inline scripts it is given by their hashes, before the provider’s origin', () => {
    const csp = directives(
      contentSecurityPolicy({ PAYTHEORY_SDK_URL: 'http://localhost:5090/sdk.js' }, [`'sha256-abc='`]),
    );
    expect(csp.get('script-src')).toEqual([`'self'`, `'sha256-abc='`, 'http://localhost:5090']);
  });
});

describe('inlineScriptHashes', () => {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('hashes the exact text of each inline script, whitespace included', () => {
    const html = `<head><script>\n  hold();\n</script></head><body><script type="module">go()</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha256('\n  hold();\n'), sha256('go()')]);
  });

  it('leaves out scripts loaded from a file and data blocks, which run nothing inline', () => {
    const html = [
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<script id="app-config" type="application/json">{"a":1}</script>',
      '<script type=application/ld+json>{}</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});
