import { PUBLIC_CONFIG_ELEMENT_ID, PublicConfig } from '@pillars/shared/contracts';

export const defaultPublicConfig: PublicConfig = PublicConfig.parse({});

/**
 * Reads the config the server renders into index.html. A missing element (vite dev server,
 * tests) or a broken value falls back to the defaults so the site still renders.
 */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const text = doc.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return defaultPublicConfig;
  try {
    const parsed = PublicConfig.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : defaultPublicConfig;
  } catch {
    return defaultPublicConfig;
  }
}
