import { PUBLIC_CONFIG_DEFAULTS, PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@pillars/contracts';

export const defaultPublicConfig: PublicConfig = PUBLIC_CONFIG_DEFAULTS;

/**
 * `value` read against the defaults' shape: a missing field takes its default, a field of another
 * type than its default makes the whole value unusable (null), unknown fields are dropped. The
 * server renders the config from its PublicConfig schema; the browser needs it before the first
 * render, so it checks it this way instead of loading zod for it (docs/decisions/038).
 */
function withDefaults<T extends object>(defaults: T, value: unknown): T | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const given = value as Record<string, unknown>;
  const read: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const field = given[key];
    if (field === undefined) read[key] = fallback;
    else if (typeof fallback === 'object' && fallback !== null) {
      const nested = withDefaults(fallback as object, field);
      if (!nested) return null;
      read[key] = nested;
    } else if (typeof field === typeof fallback) read[key] = field;
    else return null;
  }
  return read as T;
}

/**
 * Reads the config the server renders into index.html. A missing element (vite dev server,
 * tests) or a broken value falls back to the defaults so the site still renders.
 */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const text = doc.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return defaultPublicConfig;
  try {
    return withDefaults(defaultPublicConfig, JSON.parse(text)) ?? defaultPublicConfig;
  } catch {
    return defaultPublicConfig;
  }
}
