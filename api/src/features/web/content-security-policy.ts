import type { Config } from '@pillars/shared/config';

/**
 * The Content-Security-Policy of the web app's pages. Scripts come only from our origin and the
 * card provider's SDK origin; the hosted card fields are frames from that origin; the page can
 * be framed by no one (clickjacking). Inline styles stay allowed: React sets style attributes and
 * the dialogs' scroll lock adds a <style> element. The JSON config in index.html is a data block,
 * which CSP does not execute.
 */
export function contentSecurityPolicy(config: Pick<Config, 'PAYTHEORY_SDK_URL'>): string {
  const provider = config.PAYTHEORY_SDK_URL ? new URL(config.PAYTHEORY_SDK_URL).origin : undefined;
  const withProvider = (...sources: string[]) => [...sources, ...(provider ? [provider] : [])].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${withProvider(`'self'`)}`,
    `frame-src ${provider ?? `'none'`}`,
    `connect-src ${withProvider(`'self'`)}`,
    `img-src ${withProvider(`'self'`, 'data:')}`,
    `style-src 'self' 'unsafe-inline'`,
    `font-src 'self' data:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
