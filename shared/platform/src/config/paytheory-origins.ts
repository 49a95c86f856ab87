/**
 * Where Pay Theory's browser SDK lives and what it talks to from the merchant page. Its script
 * comes from the "SDK Import URL" of the Pay Theory portal, `https://{partner}.sdk.{stage}.com/…`
 * (e.g. `https://acme.sdk.paytheorystudy.com/`); the SDK source (pay-theory/payment-components,
 * src/common/network.local.ts) builds from the same partner and stage:
 * - the hosted field iframes' origin, `https://{partner}{mode}.tags.static.{stage}.com`;
 * - the session-token service it fetches from the merchant page before the fields can be used,
 *   `https://{partner}{mode}.{stage}.com/pt-token-service/`.
 * The SDK host's first label is taken as `{partner}{mode}`: the SDK is built and deployed per
 * partner and mode, and the docs give no other place for the mode. When that reading is wrong
 * for an account, PAYTHEORY_FIELDS_ORIGIN says where the fields come from, and
 * PAYTHEORY_TOKEN_SERVICE_ORIGIN where the token service is.
 */

export interface PayTheoryBrowserOrigins {
  /** The SDK script's origin, for `script-src`. */
  sdk: string;
  /** The hosted fields' origin, for `frame-src`; null when neither configured nor derivable. */
  fields: string | null;
  /** The session-token service the SDK calls from our page, for `connect-src`; Pay Theory hosts only. */
  tokenService: string | null;
}

const SDK_HOST = /^([a-z0-9-]+)\.sdk\.([a-z0-9-]+)\.com$/i;

/** Partner (with mode) and stage from a Pay Theory SDK URL, or null for any other URL (e.g. the sandbox). */
export function payTheorySdkParts(sdkUrl: string): { environment: string; stage: string } | null {
  const url = new URL(sdkUrl);
  const match = SDK_HOST.exec(url.hostname);
  if (url.protocol !== 'https:' || !match?.[1] || !match[2]) return null;
  return { environment: match[1].toLowerCase(), stage: match[2].toLowerCase() };
}

/** The hosted fields' origin the SDK at `sdkUrl` uses, or null when the URL is not Pay Theory's. */
export function derivedFieldsOrigin(sdkUrl: string): string | null {
  const parts = payTheorySdkParts(sdkUrl);
  return parts ? `https://${parts.environment}.tags.static.${parts.stage}.com` : null;
}

/** The origins the web app's pages must allow for the SDK, or null when no SDK is configured. */
export function payTheoryBrowserOrigins(config: {
  PAYTHEORY_SDK_URL?: string | undefined;
  PAYTHEORY_FIELDS_ORIGIN?: string | undefined;
  PAYTHEORY_TOKEN_SERVICE_ORIGIN?: string | undefined;
}): PayTheoryBrowserOrigins | null {
  const {
    PAYTHEORY_SDK_URL: sdkUrl,
    PAYTHEORY_FIELDS_ORIGIN: fieldsOrigin,
    PAYTHEORY_TOKEN_SERVICE_ORIGIN: tokenServiceOrigin,
  } = config;
  if (!sdkUrl) return null;
  const parts = payTheorySdkParts(sdkUrl);
  const derivedTokenService = parts ? `https://${parts.environment}.${parts.stage}.com` : null;
  return {
    sdk: new URL(sdkUrl).origin,
    fields: fieldsOrigin ? new URL(fieldsOrigin).origin : derivedFieldsOrigin(sdkUrl),
    tokenService: tokenServiceOrigin ? new URL(tokenServiceOrigin).origin : derivedTokenService,
  };
}
