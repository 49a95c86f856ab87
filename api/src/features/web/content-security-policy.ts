import { createHash } from 'node:crypto';
import { type Config, payTheoryBrowserOrigins } from '@pillars/platform/config';

/** A `<script>` element: its attributes and its text. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** A `type` that makes a script a data block (JSON), which the browser does not run. */
const DATA_BLOCK_TYPE = /\btype\s*=\s*["']?(?!module\b|text\/javascript\b)[\w/+.-]+/i;

/**
 * The hash sources (`'sha256-…'`) of the inline scripts a page's HTML runs: the shell's own
 * (the early-click holder, docs/decisions/036). Allowing each by its hash, not `'unsafe-inline'`,
 * keeps injected markup from running script. Scripts with a `src` and data blocks are left out.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(SCRIPT_ELEMENT)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes) && !DATA_BLOCK_TYPE.test(attributes))
    .map(([, , text = '']) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

/**
 * The Content-Security-Policy of the web app's pages. Scripts come only from our origin and the
 * card provider's SDK origin; the hosted card fields are frames from the provider's fields origin
 * (a different host from the SDK's: PAYTHEORY_FIELDS_ORIGIN, or derived from the SDK URL); the
 * page can be framed by no one (clickjacking). The real SDK also fetches a session token from its
 * token service out of our page, so that origin is allowed in `connect-src`: the configured
 * PAYTHEORY_TOKEN_SERVICE_ORIGIN, else derived from a Pay Theory SDK URL (the sandbox's SDK calls
 * nothing from our page). Inline styles stay
 * allowed: React sets style attributes, the dialogs' scroll lock adds a <style> element, and the
 * SDK injects its stylesheet as a <style> element. The JSON config in index.html is a data
 * block, which CSP does not execute; the shell's inline scripts run by their hashes
 * (`inlineScriptHashes`).
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'PAYTHEORY_SDK_URL' | 'PAYTHEORY_FIELDS_ORIGIN' | 'PAYTHEORY_TOKEN_SERVICE_ORIGIN'>,
  inlineScripts: readonly string[] = [],
): string {
  const provider = payTheoryBrowserOrigins(config);
  const sources = (...list: Array<string | null | undefined>) => list.filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${sources(`'self'`, ...inlineScripts, provider?.sdk)}`,
    `frame-src ${provider?.fields ?? `'none'`}`,
    `connect-src ${sources(`'self'`, provider?.tokenService)}`,
    `img-src 'self' data:`,
    `style-src 'self' 'unsafe-inline'`,
    `font-src 'self' data:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
