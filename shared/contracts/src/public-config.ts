import { z } from 'zod';
import { PUBLIC_CONFIG_DEFAULTS as defaults } from './public-config-values';

export {
  PUBLIC_CONFIG_DEFAULTS,
  PUBLIC_CONFIG_ELEMENT_ID,
  PUBLIC_CONFIG_PLACEHOLDER,
  SERVER_RENDER_STATE_ELEMENT_ID,
} from './public-config-values';

/**
 * The only configuration the browser sees. The server renders it into index.html as
 * `<script id="app-config" type="application/json">…</script>` from this schema (publicConfigOf);
 * the web app reads each field against the type of its default (web/src/lib/public-config.ts),
 * so a missing or broken value falls back to the defaults instead of crashing.
 */
export const PublicConfig = z.object({
  orgName: z.string().default(defaults.orgName),
  contactEmail: z.string().default(defaults.contactEmail),
  contactPhone: z.string().default(defaults.contactPhone),
  contactAddress: z.string().default(defaults.contactAddress),
  /** The canonical public origin used for share links, e.g. https://patriotpillars.org. */
  publicUrl: z.string().default(defaults.publicUrl),
  /** The card provider's browser SDK: where to load it from and its public API key. */
  payments: z
    .object({
      sdkUrl: z.string(),
      apiKey: z.string(),
      /** True against the sandbox provider or a test merchant: the UI shows a test-mode banner. */
      testMode: z.boolean(),
    })
    .default(defaults.payments),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
