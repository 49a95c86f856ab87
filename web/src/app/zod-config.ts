/**
 * Zod parses objects faster with code it compiles with `new Function`, and probes for that when
 * its first object schema is made. The pages' Content-Security-Policy allows no eval, so the
 * probe fails (zod then parses without it) and Chromium reports a CSP issue on every page whose
 * forms load a schema: the best-practices audit's `inspector-issues`. Telling zod at once to do
 * without (`jitless`) changes no result and leaves nothing blocked. Set on `globalThis`, where zod
 * keeps its configuration, so the first load does not carry zod; imported first by the entry.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
