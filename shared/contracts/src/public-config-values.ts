/**
 * The public config's defaults: what the browser shows when the page carries no config (the Vite
 * dev server, tests) and what the server's PublicConfig schema fills in. Plain values, apart from
 * the schema, so the web app reads its config before the first render without loading zod
 * (docs/decisions/038).
 */
export const PUBLIC_CONFIG_DEFAULTS = {
  orgName: 'Patriot Pillars Foundation',
  contactEmail: 'info@patriotpillars.org',
  contactPhone: '(555) 017-1776',
  contactAddress: '1776 Liberty Avenue, Philadelphia, PA 19106',
  publicUrl: 'http://localhost:5000',
  payments: { sdkUrl: '', apiKey: '', testMode: true },
};

/** Placeholder in web/index.html that the server replaces with the serialized config. */
export const PUBLIC_CONFIG_PLACEHOLDER = '<!--app-config-->';
export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config';
/** The element beside a server-rendered page with the data it was drawn from (docs/decisions/036). */
export const SERVER_RENDER_STATE_ELEMENT_ID = 'ssr-state';
