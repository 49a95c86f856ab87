import { z } from 'zod';

/**
 * The only configuration the browser sees. The server renders it into index.html as
 * `<script id="app-config" type="application/json">…</script>`; the web app parses it with
 * this schema, so a missing or broken value falls back to these defaults instead of crashing.
 */
export const PublicConfig = z.object({
  orgName: z.string().default('Patriot Pillars Foundation'),
  contactEmail: z.string().default('info@patriotpillars.org'),
  contactPhone: z.string().default('(555) 017-1776'),
  contactAddress: z.string().default('1776 Liberty Avenue, Philadelphia, PA 19106'),
  /** The canonical public origin used for share links, e.g. https://patriotpillars.org. */
  publicUrl: z.string().default('http://localhost:5000'),
  /** The card provider's browser SDK: where to load it from and its public API key. */
  payments: z
    .object({
      sdkUrl: z.string(),
      apiKey: z.string(),
      /** True against the sandbox provider or a test merchant: the UI shows a test-mode banner. */
      testMode: z.boolean(),
    })
    .default({ sdkUrl: '', apiKey: '', testMode: true }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

/** Placeholder in web/index.html that the server replaces with the serialized config. */
export const PUBLIC_CONFIG_PLACEHOLDER = '<!--app-config-->';
export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config';
/** The element beside a server-rendered page with the data it was drawn from (docs/decisions/036). */
export const SERVER_RENDER_STATE_ELEMENT_ID = 'ssr-state';
