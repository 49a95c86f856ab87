import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security-policy';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

const SDK = 'https://acme.sdk.paytheorystudy.com/';
const SANDBOX_SDK = 'http://localhost:5090/sdk.js';

type Case = {
  case: string;
  config: Parameters<typeof contentSecurityPolicy>[0];
  hashes?: string[];
  /** The directives the case is about, each with its whole list of sources. */
  expected: Record<string, string[]>;
};

describe('contentSecurityPolicy', () => {
  const cases: Case[] = [
    {
      case: 'allows Pay Theory’s SDK script, its hosted fields’ origin as frames and its token service',
      config: { PAYTHEORY_SDK_URL: SDK },
      expected: {
        'script-src': [`'self'`, 'https://acme.sdk.paytheorystudy.com'],
        'frame-src': ['https://acme.tags.static.paytheorystudy.com'],
        'connect-src': [`'self'`, 'https://acme.paytheorystudy.com'],
        'img-src': [`'self'`, 'data:'],
      },
    },
    {
      case: 'allows a configured token service instead of the derived one',
      config: { PAYTHEORY_SDK_URL: SDK, PAYTHEORY_TOKEN_SERVICE_ORIGIN: 'https://tokens.acme.example' },
      expected: { 'connect-src': [`'self'`, 'https://tokens.acme.example'] },
    },
    {
      case: 'frames the configured fields origin, and never the SDK origin (the sandbox on two ports)',
      config: { PAYTHEORY_SDK_URL: SANDBOX_SDK, PAYTHEORY_FIELDS_ORIGIN: 'http://localhost:5091' },
      expected: {
        'script-src': [`'self'`, 'http://localhost:5090'],
        'frame-src': ['http://localhost:5091'],
        'connect-src': [`'self'`],
      },
    },
    {
      case: 'allows no frames and no provider script without an SDK, and no one may frame the pages',
      config: {},
      expected: {
        'script-src': [`'self'`],
        'frame-src': [`'none'`],
        'frame-ancestors': [`'none'`],
        'object-src': [`'none'`],
      },
    },
    {
      case: 'loads fonts from our own origin (the self-hosted display face, preloaded from /assets) or inline data',
      config: {},
      expected: { 'font-src': [`'self'`, 'data:'] },
    },
    {
      case: 'runs the inline scripts it is given by their hashes, before the provider’s origin',
      config: { PAYTHEORY_SDK_URL: SANDBOX_SDK },
      hashes: [`'sha256-abc='`],
      expected: { 'script-src': [`'self'`, `'sha256-abc='`, 'http://localhost:5090'] },
    },
  ];
  for (const { case: name, config, hashes, expected } of cases) {
    it(name, () => {
      const csp = directives(contentSecurityPolicy(config, hashes));
      expect(Object.fromEntries(Object.keys(expected).map((directive) => [directive, csp.get(directive)]))).toEqual(
        expected,
      );
    });
  }
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
